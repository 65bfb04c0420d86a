/**
 * The navbar search box: an ARIA combobox whose list shows up to 10 pages of the current section
 * (search context), with links to all results on the search page, within and outside the section.
 * Ctrl+K / Cmd+K focuses it; the index loads in the search worker when the box is first focused.
 */
import {useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {useHistory, useLocation} from '@docusaurus/router';
import {useSearch, type SearchState} from '../../client/client';
import {contextOf, labelOf, scopeParam} from '../../contexts';
import type {Scope} from '../../client/protocol';
import {searchStrings as t} from '../../strings';
import {FALLBACK_DELAY_MS, SUGGESTION_LIMIT} from '../../limits';
import Marked, {HitDetails} from '../Marked';
import {failureTexts, nothingFoundText, noticeTexts} from '../messages';
import styles from './styles.module.css';

function useIsMac(): boolean {
  const [mac, setMac] = useState(false);
  useEffect(() => setMac(/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)), []);
  return mac;
}

/**
 * The status lines above the suggestions: loading, failure, notes on the query and the index,
 * syntax error, retyped query, and one line on what was found when the list is empty.
 * `fallbackLabel`: the reader's section had nothing, and these are the whole site's results
 * (`waiting`: they are not in yet).
 */
function Status({state, fallbackLabel, waiting, onRetry}: {state: SearchState; fallbackLabel?: string; waiting: boolean; onRetry: () => void}): ReactNode {
  if (state.index === 'failed') {
    return (
      <div className={clsx(styles.status, styles.error)} role="alert">
        {failureTexts(state.problems).join(' ')}{' '}
        <button type="button" className={styles.retry} onClick={onRetry}>
          {t.retry}
        </button>
      </div>
    );
  }
  if (state.index === 'loading') return <div className={styles.status}>{t.loading}</div>;
  const notices = noticeTexts(state).map((text) => (
    <div key={text} className={styles.status}>
      {text}
    </div>
  ));
  if (state.error) {
    return (
      <>
        {notices}
        <div className={clsx(styles.status, styles.error)}>
          <p>{t.syntaxError(state.error)}</p>
          <p className={styles.help}>{t.syntaxHelp}</p>
        </div>
      </>
    );
  }
  const nothing = waiting ? undefined : nothingFoundText(state, fallbackLabel);
  return (
    <>
      {notices}
      {state.retyped && <div className={styles.status}>{t.retyped(state.retyped)}</div>}
      {fallbackLabel && state.hits.length > 0 && <div className={styles.status}>{t.fallback(fallbackLabel)}</div>}
      {nothing && <div className={styles.status}>{nothing}</div>}
    </>
  );
}

export default function SearchBar(): ReactNode {
  const {pathname} = useLocation();
  const history = useHistory();
  const searchPage = useBaseUrl('/search');
  const isMac = useIsMac();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const context = contextOf(pathname);
  const scope: Scope = context ? {context} : {};
  const inContext = useSearch(query, scope, SUGGESTION_LIMIT);
  // Nothing in the reader's section, or its index is damaged or missing: the same query over the
  // whole site (whose results then say which section is left out).
  const empty =
    Boolean(context) &&
    inContext.state.index === 'done' &&
    !inContext.state.error &&
    !inContext.state.timedOut &&
    inContext.state.query !== '' &&
    inContext.state.hits.length === 0;
  const problems = inContext.state.index === 'failed' ? (inContext.state.problems ?? []) : [];
  const broken = Boolean(context) && problems.length > 0 && problems.every((p) => p.context !== undefined && p.reason !== 'network');
  // While the reader types, a word in progress often matches nothing in the section; the whole site
  // is searched (and its index loaded) only for a query the reader has stopped typing for a moment.
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(query.trim()), FALLBACK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const fallback = (empty && settled === inContext.state.query) || broken;
  const whole = useSearch(fallback ? query : '', {}, SUGGESTION_LIMIT);
  const {state, retry} = fallback && (whole.state.query || broken) ? whole : inContext;
  // Until the whole site has answered, the empty section is not yet «nothing found».
  const waiting = (empty && !fallback) || (fallback && !whole.state.query);
  const hits = query.trim() ? state.hits : [];

  // Ctrl+K / Cmd+K from anywhere on the page.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        inputRef.current?.focus();
        inputRef.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // A new page closes the list.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => setActive(-1), [state.hits]);

  const go = useCallback(
    (to: string) => {
      setOpen(false);
      inputRef.current?.blur();
      history.push(to);
    },
    [history],
  );

  const pageUrl = (s: Scope) => {
    const params = new URLSearchParams({q: query.trim()});
    const ctx = scopeParam(s);
    if (ctx) params.set('ctx', ctx);
    return `${searchPage}?${params.toString()}`;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!hits.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Positions -1 (the box itself) … hits.length - 1, round and round.
      setActive((i) => ((i + 1 + step + hits.length + 1) % (hits.length + 1)) - 1);
    } else if (event.key === 'Enter') {
      if (!query.trim()) return;
      event.preventDefault();
      go(active >= 0 && hits[active] ? hits[active].href : pageUrl(fallback ? {} : scope));
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (open && query) setOpen(false);
      else {
        setQuery('');
        inputRef.current?.blur();
      }
    }
  };

  const showList = open && query.trim() !== '';
  const activeId = active >= 0 && active < hits.length ? `${listId}-${active}` : undefined;
  const label = labelOf(context);

  return (
    <div
      ref={rootRef}
      className={styles.search}
      role="search"
      data-index-state={state.index}
      // The index starts loading as soon as the reader heads for the box.
      onPointerEnter={inContext.warm}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}>
      <input
        ref={inputRef}
        // A combobox is a text input (type=search may not take role=combobox); the phone keyboard
        // still shows a search key.
        type="text"
        enterKeyHint="search"
        className={clsx('navbar__search-input', styles.input)}
        placeholder={t.placeholder}
        aria-label={t.label}
        aria-keyshortcuts="Control+K Meta+K"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList && hits.length > 0}
        aria-controls={showList && hits.length > 0 ? listId : undefined}
        aria-activedescendant={activeId}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onFocus={() => {
          inContext.warm();
          setOpen(true);
        }}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      {query ? (
        <button
          type="button"
          className={styles.clear}
          aria-label={t.clear}
          title={t.clear}
          onClick={() => {
            setQuery('');
            inputRef.current?.focus();
          }}>
          ×
        </button>
      ) : (
        <span className={styles.hint} aria-hidden="true">
          <kbd>{isMac ? '⌘' : 'Ctrl'}</kbd>
          <kbd>K</kbd>
        </span>
      )}
      {showList && (
        <div className={styles.dropdown}>
          <div aria-live="polite">
            <Status state={state} fallbackLabel={empty ? label : undefined} waiting={waiting} onRetry={retry} />
          </div>
          {hits.length > 0 && (
            <ul id={listId} role="listbox" aria-label={t.results} className={styles.list}>
              {hits.map((hit, i) => (
                // The options never take focus: the combobox's input moves the active option with the arrow
                // keys and opens it with Enter (aria-activedescendant), so a click is the pointer's way only.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the input handles the keys
                <li
                  key={hit.href}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  className={clsx(styles.option, i === active && styles.active)}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => go(hit.href)}>
                  <span className={styles.title}>
                    <Marked text={hit.title} ranges={hit.marks.title} />
                  </span>
                  <HitDetails hit={hit} as="span" classNames={{heading: styles.heading, excerpt: styles.excerpt}} />
                  {hit.crumbs.length > 0 && <span className={styles.crumbs}>{hit.crumbs.join(' › ')}</span>}
                </li>
              ))}
            </ul>
          )}
          <div className={styles.footer}>
            <Link to={pageUrl({})} onClick={() => setOpen(false)}>
              {t.allResults}
            </Link>
            {context && (
              <>
                <Link to={pageUrl({context})} onClick={() => setOpen(false)}>
                  {t.within(label)}
                </Link>
                <Link to={pageUrl({context, outside: true})} onClick={() => setOpen(false)}>
                  {t.outside(label)}
                </Link>
              </>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
