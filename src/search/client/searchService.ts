/**
 * What the search worker does (worker.ts wires it to messages): fetches the manifest and the shards of the contexts a search needs (once, and
 * again only after a failure), builds one lunr index per set of contexts and answers queries, so
 * that neither loading nor searching blocks the page. A shard that cannot be used leaves out its
 * own context only: the others are searched, and the reply names the missing one and why.
 */
import {assertShard, fragmentFile, type Manifest, type Fragment, type Shard} from '../engine/shard';
import {buildCorpus, prepareGlossary, search, type Corpus, type Glossary, type Hit} from '../engine/searcher';
import {excerptWindow, formsMatcher, markableTerms, markRanges, matchedWords, termMatcher} from '../engine/marks';
import type {IndexFailure, IndexProblem, Reply, Request, Scope, ShownHit} from './protocol';

/** A part of the index that failed to load, and why. */
class IndexError extends Error {
  constructor(
    readonly reason: IndexFailure,
    message: string,
  ) {
    super(message);
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Memoises a promise, forgetting it when it fails so that the next call tries again. */
function once<K, V>(cache: Map<K, Promise<V>>, key: K, make: () => Promise<V>): Promise<V> {
  let promise = cache.get(key);
  if (!promise) {
    promise = make();
    cache.set(key, promise);
    promise.catch(() => cache.delete(key));
  }
  return promise;
}

/** Fetches and parses a JSON file; failures are IndexErrors telling the network from the content. */
async function fetchJson(url: string, signal?: AbortSignal): Promise<unknown> {
  let text: string;
  try {
    const response = await fetch(url, {signal});
    if (response.status === 404 || response.status === 410) throw new IndexError('missing', `${url}: HTTP ${response.status}`);
    if (!response.ok) throw new IndexError('network', `${url}: HTTP ${response.status}`);
    text = await response.text();
  } catch (error) {
    throw error instanceof IndexError ? error : new IndexError('network', `${url}: ${messageOf(error)}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new IndexError('damaged', `${url}: ${messageOf(error)}`);
  }
}

const manifests = new Map<string, Promise<{manifest: Manifest; glossary: Glossary}>>();
const shards = new Map<string, Promise<Shard>>();
const corpora = new Map<string, Promise<Corpus>>();

function loadManifest(baseUrl: string) {
  return once(manifests, baseUrl, async () => {
    const url = `${baseUrl}search-index/manifest.json`;
    const manifest = (await fetchJson(url)) as Manifest;
    if (manifest?.format !== 1 || !Array.isArray(manifest.contexts) || !Array.isArray(manifest.glossary))
      throw new IndexError('damaged', `${url}: unknown manifest format`);
    return {manifest, glossary: prepareGlossary(manifest.glossary)};
  });
}

/** The context paths a scope covers ('' is the pages outside every context). */
export function scopeContexts(manifest: Manifest, scope: Scope): string[] {
  const all = manifest.contexts.map((c) => c.path);
  if (scope.context === undefined) return all;
  if (!all.includes(scope.context)) throw new Error(`search index: no context "${scope.context}"`);
  return scope.outside ? all.filter((c) => c !== scope.context) : [scope.context];
}

const reported = new Set<string>();
/** Logs each failure once for the console (every later query would repeat it). */
function report(messages: string[]) {
  for (const message of messages) {
    if (reported.has(message)) continue;
    reported.add(message);
    console.error(message);
  }
}

/** Shards whose content failed to build an index (by URL): the same content-hashed file would fail again. */
const unusable = new Map<string, string>();

function loadShard(baseUrl: string, manifest: Manifest, context: string) {
  const url = `${baseUrl}${manifest.contexts.find((c) => c.path === context)!.file}`;
  return once(shards, url, async () => {
    const broken = unusable.get(url);
    if (broken) throw new IndexError('damaged', broken);
    const shard = await fetchJson(url);
    try {
      assertShard(shard);
    } catch (error) {
      throw new IndexError('damaged', `${url}: ${messageOf(error)}`);
    }
    if (shard.context !== context) throw new IndexError('damaged', `${url}: holds context "${shard.context}", not "${context}"`);
    return shard;
  });
}

/**
 * The lunr index over the usable shards of `contexts`, and the contexts left out. A shard whose
 * content breaks the build (sections pointing past the end, a missing page…) is found by building
 * each shard alone, remembered as unusable, and left out.
 */
async function loadCorpus(baseUrl: string, manifest: Manifest, contexts: string[]): Promise<{corpus?: Corpus; problems: IndexProblem[]}> {
  const settled = await Promise.all(
    contexts.map((context) =>
      loadShard(baseUrl, manifest, context).then(
        (shard) => ({context, shard}),
        (error: unknown) => ({context, error}),
      ),
    ),
  );
  const problems: IndexProblem[] = [];
  const messages: string[] = [];
  let usable: {context: string; shard: Shard}[] = [];
  for (const entry of settled) {
    if ('shard' in entry) usable.push(entry);
    else {
      problems.push({context: entry.context, reason: entry.error instanceof IndexError ? entry.error.reason : 'network'});
      messages.push(messageOf(entry.error));
    }
  }
  for (;;) {
    if (usable.length === 0) return {problems};
    const parts = usable;
    try {
      const corpus = await once(corpora, `${baseUrl}|${parts.map((p) => p.context).join('|')}`, async () => buildCorpus(parts.map((p) => p.shard)));
      report(messages);
      return {corpus, problems};
    } catch {
      usable = parts.filter(({context, shard}) => {
        try {
          buildCorpus([shard]);
          return true;
        } catch (error) {
          const url = `${baseUrl}${manifest.contexts.find((c) => c.path === context)!.file}`;
          unusable.set(url, `${url}: ${messageOf(error)}`);
          shards.delete(url);
          problems.push({context, reason: 'damaged'});
          messages.push(unusable.get(url)!);
          return false;
        }
      });
      // Each shard builds alone, yet not together: nothing to leave out, so give up.
      if (usable.length === parts.length) return {problems: parts.map(({context}) => ({context, reason: 'damaged' as const}))};
    }
  }
}

/** Scopes whose index is built: searching them shows no loading state. */
const ready = new Set<string>();

/** The scope's index and glossary, or why there is none. */
async function prepare(
  request: Request,
  post: (reply: Reply) => void,
): Promise<{corpus: Corpus; glossary: Glossary; unavailable: IndexProblem[]} | {message: string; problems: IndexProblem[]}> {
  const key = `${request.baseUrl}|${request.scope.context ?? '*'}|${request.scope.outside ? 'out' : 'in'}`;
  if (!ready.has(key)) post({type: 'loading', id: request.id});
  let loaded: Awaited<ReturnType<typeof loadManifest>>;
  try {
    loaded = await loadManifest(request.baseUrl);
  } catch (error) {
    return {message: messageOf(error), problems: [{reason: error instanceof IndexError ? error.reason : 'network'}]};
  }
  const {corpus, problems} = await loadCorpus(request.baseUrl, loaded.manifest, scopeContexts(loaded.manifest, request.scope));
  if (!corpus)
    return {
      message: `search index: no shard of the scope could be used (${problems.map((p) => `${p.context || 'other pages'}: ${p.reason}`).join(', ')})`,
      problems,
    };
  ready.add(key);
  return {corpus, glossary: loaded.glossary, unavailable: problems};
}

/**
 * Time the excerpts of one answer may take to arrive (their fragments are fetched in parallel once
 * the search is done); past it the hits are shown without the excerpts still missing.
 */
export const FRAGMENT_TIMEOUT_MS = 2000;

const fragments = new Map<string, Promise<Fragment>>();
/** The fragments fetched so far, by URL: what a hit can show at once. */
const fetchedFragments = new Map<string, Fragment>();

/** A fragment (fetched once; again after a failure). */
function loadFragment(baseUrl: string, hash: string): Promise<Fragment> {
  const url = `${baseUrl}${fragmentFile(hash)}`;
  return once(fragments, url, async () => {
    const fragment = await fetchJson(url, AbortSignal.timeout(FRAGMENT_TIMEOUT_MS));
    if (typeof fragment !== 'object' || fragment === null || Array.isArray(fragment))
      throw new IndexError('damaged', `${url}: not a fragment of the search index`);
    fetchedFragments.set(url, fragment as Fragment);
    return fragment as Fragment;
  });
}

/** The text of each hit's section from the fragments already fetched; '' for the others. */
function fetchedTexts(baseUrl: string, hits: Hit[]): string[] {
  return hits.map((hit) => {
    const text = hit.fragment ? fetchedFragments.get(`${baseUrl}${fragmentFile(hit.fragment)}`)?.[hit.anchor] : undefined;
    return typeof text === 'string' ? text : '';
  });
}

/**
 * The text of each hit's section, from its page's fragment; '' for a hit whose fragment could not
 * be fetched or read in time (the hit is shown without an excerpt, and the console says why).
 */
async function sectionTexts(baseUrl: string, hits: Hit[]): Promise<string[]> {
  return Promise.all(
    hits.map((hit) =>
      (hit.fragment ? loadFragment(baseUrl, hit.fragment) : Promise.resolve({} as Fragment)).then(
        (fragment) => (typeof fragment[hit.anchor] === 'string' ? fragment[hit.anchor] : ''),
        (error: unknown) => {
          report([messageOf(error)]);
          return '';
        },
      ),
    ),
  );
}

/**
 * Where selecting a hit leads: its page with each of the reader's words it matched in a
 * `_highlight` parameter (the page marks them and their forms, highlightPage.ts), then the anchor
 * of the matched section.
 */
export function hitHref(hit: {url: string; anchor: string}, words: readonly string[]): string {
  const params = new URLSearchParams();
  for (const word of markableTerms(words)) params.append('_highlight', word);
  const query = params.toString();
  return `${hit.url}${query ? `?${query}` : ''}${hit.anchor ? `#${hit.anchor}` : ''}`;
}

/**
 * While the reader types, each keystroke is a search, and fetching excerpts for every one of them
 * would download the fragments of results replaced a moment later. A search sent while typing
 * (`typing`, see client.ts) is answered at once with the excerpts already at hand (an early result),
 * then waits EXCERPT_DELAY_MS: if no newer search has come by then, it fetches the rest and answers
 * again. Other queries fetch their excerpts at once.
 */
export const EXCERPT_DELAY_MS = 200;
/** The newest search request: a search waiting for its excerpts gives way to it. */
let newestSearch = 0;

export async function handle(request: Request, post: (reply: Reply) => void): Promise<void> {
  if (request.type === 'search') newestSearch = request.id;
  let prepared: Awaited<ReturnType<typeof prepare>>;
  try {
    prepared = await prepare(request, post);
  } catch (error) {
    prepared = {message: messageOf(error), problems: [{reason: 'network'}]};
  }
  if ('problems' in prepared) {
    post({type: 'failed', id: request.id, message: prepared.message, problems: prepared.problems});
    return;
  }
  if (request.type === 'warm') {
    post({type: 'ready', id: request.id});
    return;
  }
  post({type: 'searching', id: request.id});
  const result = search(prepared.corpus, prepared.glossary, request.query, request.limit);
  // The search is done: what remains is waiting for the network, which the page does not time out.
  post({type: 'excerpts', id: request.id});
  // A query typed on the wrong keyboard layout is marked as the reader meant it.
  const typed = result.retyped ?? request.query;
  const {unavailable} = prepared;
  const answer = (texts: string[], early: boolean): Reply => {
    const hits: ShownHit[] = result.hits.map(({score: _score, fragment: _fragment, ...hit}, i) => {
      const matches = termMatcher(hit.terms);
      const words = matchedWords(typed, hit.terms);
      // The window goes where the reader's own words are; when only synonyms or corrections matched, where those are.
      const typedForms = formsMatcher(words);
      const excerpt = excerptWindow(texts[i], markRanges(texts[i], typedForms).length ? typedForms : matches);
      return {
        ...hit,
        excerpt,
        href: hitHref(hit, words),
        marks: {title: markRanges(hit.title, matches), heading: markRanges(hit.heading, matches), excerpt: markRanges(excerpt, matches)},
      };
    });
    return {
      type: 'result',
      id: request.id,
      hits,
      ...(early ? {early} : {}),
      ...(result.retyped ? {retyped: result.retyped} : {}),
      ...(result.error ? {error: result.error} : {}),
      ...(result.cut ? {cut: result.cut} : {}),
      ...(unavailable.length ? {unavailable} : {}),
    };
  };
  if (request.typing) {
    const atHand = fetchedTexts(request.baseUrl, result.hits);
    post(answer(atHand, true));
    await new Promise((resolve) => setTimeout(resolve, EXCERPT_DELAY_MS));
    if (newestSearch !== request.id) {
      post(answer(atHand, false));
      return;
    }
  }
  post(answer(await sectionTexts(request.baseUrl, result.hits), false));
}
