/**
 * What the search worker does (worker.ts wires it to messages): fetches the manifest, the shards of
 * the contexts a search needs and the content chunks of its words (each once, and again only after
 * a failure), builds one lunr index per set of contexts and answers queries, so that neither
 * loading nor searching blocks the page. A shard that cannot be used leaves out its
 * own context only: the others are searched, and the reply names the missing one and why.
 */
import {
  assertChunk,
  assertManifest,
  assertShard,
  fragmentFile,
  readPostings,
  splitLines,
  type ContentChunk,
  type Manifest,
  type Fragment,
  type Shard,
} from '../engine/shard';
import {buildCorpus, prepareGlossary, queryChunks, search, type Corpus, type Glossary, type Hit} from '../engine/searcher';
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

function loadManifest(baseUrl: string) {
  return once(manifests, baseUrl, async () => {
    const url = `${baseUrl}search-index/manifest.json`;
    const manifest = await fetchJson(url);
    try {
      assertManifest(manifest);
    } catch (error) {
      throw new IndexError('damaged', `${url}: ${messageOf(error)}`);
    }
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

const shardUrl = (baseUrl: string, manifest: Manifest, context: string) => `${baseUrl}${manifest.contexts.find((c) => c.path === context)!.file}`;

function loadShard(baseUrl: string, manifest: Manifest, context: string) {
  const url = shardUrl(baseUrl, manifest, context);
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

/** The shards of `contexts` that could be fetched and read, and the contexts left out. */
async function loadShards(
  baseUrl: string,
  manifest: Manifest,
  contexts: string[],
): Promise<{usable: {context: string; shard: Shard}[]; problems: IndexProblem[]}> {
  const settled = await Promise.all(
    contexts.map((context) =>
      loadShard(baseUrl, manifest, context).then(
        (shard) => ({context, shard}),
        (error: unknown) => ({context, error}),
      ),
    ),
  );
  const problems: IndexProblem[] = [];
  const usable: {context: string; shard: Shard}[] = [];
  for (const entry of settled) {
    if ('shard' in entry) usable.push(entry);
    else {
      problems.push({context: entry.context, reason: entry.error instanceof IndexError ? entry.error.reason : 'network'});
      report([messageOf(entry.error)]);
    }
  }
  return {usable, problems};
}

const chunks = new Map<string, Promise<ContentChunk>>();

/** A content chunk, checked line by line (fetched once; again after a failure). */
function loadChunk(url: string): Promise<ContentChunk> {
  return once(chunks, url, async () => {
    const chunk = await fetchJson(url);
    try {
      assertChunk(chunk);
      for (const line of splitLines(chunk.lines)) readPostings(line, 0, chunk.sections, () => {});
    } catch (error) {
      throw new IndexError('damaged', `${url}: ${messageOf(error)}`);
    }
    return chunk;
  });
}

/** Content chunks a query fetched, by URL, and whether every one it needed could be had. */
interface Fetched {
  chunks: Map<string, ContentChunk>;
  complete: boolean;
}

/**
 * Fetches the content chunks that hold the body terms a query may look up (see contentTerms),
 * adding them to `into`; one that cannot be had is left out (the search goes on without it).
 */
async function loadChunksFor(baseUrl: string, manifest: Manifest, wanted: number[], into: Fetched): Promise<void> {
  const urls = wanted.map((i) => `${baseUrl}${manifest.content[i].file}`);
  await Promise.all(
    urls.map((url) =>
      loadChunk(url).then(
        (chunk) => void into.chunks.set(url, chunk),
        (error: unknown) => {
          report([messageOf(error)]);
          into.complete = false;
        },
      ),
    ),
  );
}

/**
 * The last indexes built (by scope, contexts and chunks): a query is searched over its scope's
 * shards and its own chunks only, so that its results never depend on what was searched before,
 * and building an index costs the same for the hundredth query as for the first. Typing a word
 * letter by letter, or paging through results, asks for the same index again.
 */
const corpora = new Map<string, Corpus>();
const KEPT_CORPORA = 4;

/**
 * The scope's lunr index over its usable shards and `withChunks`, and the contexts left out. A
 * shard whose content breaks the build (sections pointing past the end, a missing page…) is found
 * by building each shard alone, remembered as unusable, and left out; when every shard builds
 * alone, the chunks are what does not fit, and are dropped.
 */
function corpusOf(
  scopeKey: string,
  baseUrl: string,
  manifest: Manifest,
  loaded: {usable: {context: string; shard: Shard}[]; problems: IndexProblem[]},
  withChunks: Map<string, ContentChunk>,
): {corpus?: Corpus; problems: IndexProblem[]; incomplete?: boolean} {
  const problems = [...loaded.problems];
  let usable = loaded.usable;
  // A shard that failed for the previous query may be back: the index is built from what is usable now.
  const key = [scopeKey, ...usable.map((p) => p.context), ...[...withChunks.keys()].sort()].join(' ');
  const cached = corpora.get(key);
  if (cached) {
    corpora.delete(key);
    corpora.set(key, cached);
    return {corpus: cached, problems};
  }
  for (;;) {
    if (usable.length === 0) return {problems};
    try {
      const corpus = buildCorpus(
        usable.map((p) => p.shard),
        [...withChunks.values()],
      );
      corpora.set(key, corpus);
      if (corpora.size > KEPT_CORPORA) corpora.delete(corpora.keys().next().value!);
      return {corpus, problems};
    } catch {
      const parts = usable;
      usable = parts.filter(({context, shard}) => {
        try {
          buildCorpus([shard]);
          return true;
        } catch (error) {
          const url = shardUrl(baseUrl, manifest, context);
          unusable.set(url, `${url}: ${messageOf(error)}`);
          shards.delete(url);
          problems.push({context, reason: 'damaged'});
          report([unusable.get(url)!]);
          return false;
        }
      });
      if (usable.length === parts.length) {
        if (!withChunks.size) return {problems: parts.map(({context}) => ({context, reason: 'damaged' as const}))};
        report([`search index: the content chunks do not fit the shards of ${parts.map((p) => p.context || 'other pages').join(', ')}`]);
        const corpus = buildCorpus(parts.map((p) => p.shard));
        return {corpus, problems, incomplete: true};
      }
    }
  }
}

/** Scopes whose shards are loaded: searching them shows no loading state. */
const ready = new Set<string>();

/** The scope's shards and glossary, or why there are none. */
async function prepare(
  request: Request,
  post: (reply: Reply) => void,
): Promise<
  {scopeKey: string; manifest: Manifest; glossary: Glossary; loaded: Awaited<ReturnType<typeof loadShards>>} | {message: string; problems: IndexProblem[]}
> {
  const scopeKey = `${request.baseUrl}|${request.scope.context ?? '*'}|${request.scope.outside ? 'out' : 'in'}`;
  if (!ready.has(scopeKey)) post({type: 'loading', id: request.id});
  let loaded: Awaited<ReturnType<typeof loadManifest>>;
  try {
    loaded = await loadManifest(request.baseUrl);
  } catch (error) {
    return {message: messageOf(error), problems: [{reason: error instanceof IndexError ? error.reason : 'network'}]};
  }
  const shardsOfScope = await loadShards(request.baseUrl, loaded.manifest, scopeContexts(loaded.manifest, request.scope));
  if (!shardsOfScope.usable.length) return noShard(shardsOfScope.problems);
  ready.add(scopeKey);
  return {scopeKey, manifest: loaded.manifest, glossary: loaded.glossary, loaded: shardsOfScope};
}

const noShard = (problems: IndexProblem[]) => ({
  message: `search index: no shard of the scope could be used (${problems.map((p) => `${p.context || 'other pages'}: ${p.reason}`).join(', ')})`,
  problems,
});

/**
 * The scope's index with the content chunks the query needs: those of its words first, then, for
 * a word the index does not know, those of its retyping on the other keyboard layout.
 */
async function corpusForQuery(
  prepared: {scopeKey: string; manifest: Manifest; glossary: Glossary; loaded: Awaited<ReturnType<typeof loadShards>>},
  baseUrl: string,
  query: string,
): Promise<{corpus: Corpus; unavailable: IndexProblem[]; incomplete: boolean} | {message: string; problems: IndexProblem[]}> {
  const {scopeKey, manifest, glossary, loaded} = prepared;
  const fetched: Fetched = {chunks: new Map(), complete: true};
  await loadChunksFor(baseUrl, manifest, queryChunks(manifest.content, query, glossary), fetched);
  let built = corpusOf(scopeKey, baseUrl, manifest, loaded, fetched.chunks);
  const first = built.corpus;
  if (!first) return noShard(built.problems);
  const retyped = queryChunks(manifest.content, query, glossary, (term) => first.vocabulary.has(term));
  if (retyped.some((i) => !fetched.chunks.has(`${baseUrl}${manifest.content[i].file}`))) {
    await loadChunksFor(baseUrl, manifest, retyped, fetched);
    built = corpusOf(scopeKey, baseUrl, manifest, loaded, fetched.chunks);
  }
  if (!built.corpus) return noShard(built.problems);
  return {corpus: built.corpus, unavailable: built.problems, incomplete: !fetched.complete || Boolean(built.incomplete)};
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
  if (request.type === 'search') {
    newestSearch = request.id;
    // The chunks of the query's words depend on the manifest only: fetched while the shards are.
    const {baseUrl, query} = request;
    loadManifest(baseUrl).then(
      ({manifest, glossary}) => loadChunksFor(baseUrl, manifest, queryChunks(manifest.content, query, glossary), {chunks: new Map(), complete: true}),
      () => undefined,
    );
  }
  let prepared: Awaited<ReturnType<typeof corpusForQuery>> | undefined;
  let glossary: Glossary = [];
  try {
    const shardsReady = await prepare(request, post);
    if ('scopeKey' in shardsReady) {
      glossary = shardsReady.glossary;
      // Warming fetches the shards only: which content chunks are needed depends on the query.
      if (request.type === 'warm') {
        post({type: 'ready', id: request.id});
        return;
      }
      prepared = await corpusForQuery(shardsReady, request.baseUrl, request.query);
    } else prepared = shardsReady;
  } catch (error) {
    prepared = {message: messageOf(error), problems: [{reason: 'network'}]};
  }
  if ('problems' in prepared) {
    post({type: 'failed', id: request.id, message: prepared.message, problems: prepared.problems});
    return;
  }
  if (request.type === 'warm') return;
  post({type: 'searching', id: request.id});
  const result = search(prepared.corpus, glossary, request.query, request.limit);
  // The search is done: what remains is waiting for the network, which the page does not time out.
  post({type: 'excerpts', id: request.id});
  // A query typed on the wrong keyboard layout is marked as the reader meant it.
  const typed = result.retyped ?? request.query;
  const {unavailable, incomplete} = prepared;
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
      ...(incomplete ? {incomplete} : {}),
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
