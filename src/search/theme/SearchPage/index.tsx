/**
 * The search page (`/search?q=…&ctx=…&version=…`): up to 10 pages for the query in the chosen
 * scope, each with its breadcrumbs, matched section and excerpt. The query and scope live in the
 * URL, so a result list can be bookmarked and shared.
 */
import {useEffect, useId, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import Head from '@docusaurus/Head';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useHistory, useLocation} from '@docusaurus/router';
import {useSearch, type SearchState} from '../../client/client';
import type {Scope} from '../../client/protocol';
import {parseScopeParam, scopeParam, searchContexts} from '../../contexts';
import {searchStrings as t} from '../../strings';
import {RESULT_LIMIT} from '../../limits';
import Marked, {HitDetails} from '../Marked';
import {failureTexts, nothingFoundText, noticeTexts} from '../messages';
import {cutQuery} from '../../engine/syntax';
import styles from './styles.module.css';

/**
 * Reads q, ctx and version from the address. The static HTML is built without them, so they are
 * read only once the page is hydrated (else React would find other text than it rendered).
 */
function useParams() {
  const {search} = useLocation();
  const params = new URLSearchParams(useIsBrowser() ? search : '');
  return {q: params.get('q') ?? '', ctx: params.get('ctx') ?? '', version: params.get('version')};
}

/**
 * What the page says when nothing was found: one sentence, with what to try next (searching the
 * whole documentation only when the search was narrower).
 */
function nothingFound(state: SearchState, scope: Scope): string {
  const text = nothingFoundText(state)!;
  if (state.problems?.length) return text;
  return `${text}. ${scope.context === undefined ? t.noResultsHintWholeSite : t.noResultsHint}`;
}

export default function SearchPage(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const history = useHistory();
  const {pathname, search} = useLocation();
  const params = useParams();
  const queryId = useId();
  const scopeId = useId();

  // The address holds the query and scope; what the reader types overrides it until the address
  // has caught up. Only the reader's edits are written back, so the address is never rewritten
  // from the empty values the page has before it reads it.
  const [edited, setEdited] = useState<{q: string; ctx: string} | null>(null);
  const written = useRef<string | null>(null);
  const query = edited?.q ?? params.q;
  const ctx = edited?.ctx ?? params.ctx;

  // Back/forward or a link changed the address (not our own replace): follow it.
  useEffect(() => {
    if (search !== written.current) setEdited(null);
  }, [search]);

  // The address follows what is typed (replaced, not pushed: one history entry per search).
  useEffect(() => {
    if (!edited) return undefined;
    const timer = setTimeout(() => {
      const next = new URLSearchParams();
      // Only the part that is searched: a pasted log would otherwise make an address longer than
      // the server accepts (414 on reload or when shared).
      if (edited.q) next.set('q', cutQuery(edited.q).text);
      if (edited.ctx) next.set('ctx', edited.ctx);
      if (params.version) next.set('version', params.version);
      const text = next.toString() ? `?${next.toString()}` : '';
      written.current = text;
      if (text !== window.location.search) history.replace({pathname, search: text});
    }, 300);
    return () => clearTimeout(timer);
  }, [edited, history, pathname, params.version]);

  const parsedScope = parseScopeParam(ctx);
  const scope = 'scope' in parsedScope ? parsedScope.scope : {};
  const {state, warm, retry} = useSearch('scope' in parsedScope ? query : '', scope, RESULT_LIMIT);
  useEffect(warm, [warm]);

  const base = siteConfig.baseUrl;
  const badVersion = params.version !== null && params.version !== base && params.version.replace(/\/$/, '') !== base.replace(/\/$/, '');
  // A query cut for searching is cut in the heading too (the whole of it stays in the box).
  const shown = cutQuery(query.trim());
  const heading = query.trim() ? t.pageHeading(shown.cut ? `${shown.text}…` : shown.text) : t.pageTitle;

  return (
    <Layout title={t.pageTitle} description="Поиск по руководствам и справочнику API Time.">
      <Head>
        <meta name="robots" content="noindex, follow" />
      </Head>
      <main className={clsx('container margin-vert--lg', styles.page)}>
        <Heading as="h1">{heading}</Heading>
        <form className={styles.form} role="search" aria-label={t.formLabel} onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={queryId}>{t.queryLabel}</label>
          <input
            id={queryId}
            type="search"
            className={styles.query}
            value={query}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setEdited({q: event.target.value, ctx})}
          />
          <label htmlFor={scopeId}>{t.scopeLabel}</label>
          <select id={scopeId} value={ctx} onChange={(event) => setEdited({q: query, ctx: event.target.value})} className={styles.scope}>
            <option value="">{t.wholeSite}</option>
            {searchContexts.map((c) => (
              <option key={c.path} value={c.path}>
                {c.label}
              </option>
            ))}
            {searchContexts.map((c) => (
              <option key={`!${c.path}`} value={scopeParam({context: c.path, outside: true})}>
                {t.outsideOption(c.label)}
              </option>
            ))}
          </select>
        </form>

        <div aria-live="polite" className={styles.status} data-index-state={state.index}>
          {'error' in parsedScope && <p className={styles.error}>{parsedScope.error}</p>}
          {badVersion && <p className={styles.error}>{t.badVersion(params.version!)}</p>}
          {state.index === 'failed' && (
            <p className={styles.error} role="alert">
              {failureTexts(state.problems).join(' ')}{' '}
              <button type="button" className="button button--sm button--outline button--primary" onClick={retry}>
                {t.retry}
              </button>
            </p>
          )}
          {state.index === 'loading' && <p>{t.loading}</p>}
          {state.index === 'idle' && !query.trim() && <p>{t.notLoaded}</p>}
          {noticeTexts(state).map((text) => (
            <p key={text}>{text}</p>
          ))}
          {state.error && (
            <div className={styles.error}>
              <p>{t.syntaxError(state.error)}</p>
              <p>{t.syntaxHelp}</p>
            </div>
          )}
          {state.retyped && <p>{t.retyped(state.retyped)}</p>}
          {state.index === 'done' && state.query && !state.error && !state.timedOut && (
            <p>{state.hits.length ? t.found(state.hits.length) : nothingFound(state, scope)}</p>
          )}
        </div>

        {query.trim() && state.hits.length > 0 && (
          <ol className={styles.results}>
            {state.hits.map((hit) => (
              <li key={hit.href}>
                <article className={styles.result}>
                  <Heading as="h2" className={styles.title}>
                    <Link to={hit.href}>
                      <Marked text={hit.title} ranges={hit.marks.title} />
                    </Link>
                  </Heading>
                  {hit.crumbs.length > 0 && <p className={styles.crumbs}>{hit.crumbs.join(' › ')}</p>}
                  <HitDetails hit={hit} as="p" classNames={{heading: styles.heading, excerpt: styles.excerpt}} />
                </article>
              </li>
            ))}
          </ol>
        )}
      </main>
    </Layout>
  );
}
