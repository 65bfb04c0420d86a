/**
 * What the search worker does (worker.ts wires it to messages): fetches the manifest and the shards of the contexts a search needs (once, and
 * again only after a failure), builds one lunr index per set of contexts and answers queries, so
 * that neither loading nor searching blocks the page.
 */
import {assertShard, type Manifest, type Shard} from '../engine/shard';
import {buildCorpus, prepareGlossary, search, type Corpus, type Glossary} from '../engine/searcher';
import {markableTerms, markRanges, termMatcher} from '../engine/marks';
import type {Reply, Request, Scope, ShownHit} from './protocol';

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

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

const manifests = new Map<string, Promise<{manifest: Manifest; glossary: Glossary}>>();
const shards = new Map<string, Promise<Shard>>();
const corpora = new Map<string, Promise<Corpus>>();

function loadManifest(baseUrl: string) {
  return once(manifests, baseUrl, async () => {
    const manifest = (await fetchJson(`${baseUrl}search-index/manifest.json`)) as Manifest;
    if (manifest?.format !== 1 || !Array.isArray(manifest.contexts)) throw new Error('search index: unknown manifest format');
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

function loadShard(baseUrl: string, manifest: Manifest, context: string) {
  const file = manifest.contexts.find((c) => c.path === context)!.file;
  return once(shards, `${baseUrl}${file}`, async () => {
    const shard = await fetchJson(`${baseUrl}${file}`);
    assertShard(shard);
    return shard;
  });
}

function loadCorpus(baseUrl: string, manifest: Manifest, contexts: string[]) {
  return once(corpora, `${baseUrl}|${contexts.join('|')}`, async () => buildCorpus(await Promise.all(contexts.map((c) => loadShard(baseUrl, manifest, c)))));
}

/** Scopes whose index is built: searching them shows no loading state. */
const ready = new Set<string>();

async function prepare(request: Request, post: (reply: Reply) => void) {
  const key = `${request.baseUrl}|${request.scope.context ?? '*'}|${request.scope.outside ? 'out' : 'in'}`;
  if (!ready.has(key)) post({type: 'loading', id: request.id});
  const {manifest, glossary} = await loadManifest(request.baseUrl);
  const corpus = await loadCorpus(request.baseUrl, manifest, scopeContexts(manifest, request.scope));
  ready.add(key);
  return {corpus, glossary};
}

/**
 * Where selecting a hit leads: its page with each matched term in a `_highlight` parameter (the
 * page marks them, highlightPage.ts), then the anchor of the matched section.
 */
export function hitHref(hit: {url: string; anchor: string; terms: string[]}): string {
  const params = new URLSearchParams();
  for (const term of markableTerms(hit.terms)) params.append('_highlight', term);
  const query = params.toString();
  return `${hit.url}${query ? `?${query}` : ''}${hit.anchor ? `#${hit.anchor}` : ''}`;
}

export async function handle(request: Request, post: (reply: Reply) => void): Promise<void> {
  let prepared: {corpus: Corpus; glossary: Glossary};
  try {
    prepared = await prepare(request, post);
  } catch (error) {
    post({type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error)});
    return;
  }
  if (request.type === 'warm') {
    post({type: 'ready', id: request.id});
    return;
  }
  const result = search(prepared.corpus, prepared.glossary, request.query, request.limit);
  const hits: ShownHit[] = result.hits.map(({score: _score, ...hit}) => {
    const matches = termMatcher(hit.terms);
    return {...hit, href: hitHref(hit), marks: {title: markRanges(hit.title, matches), heading: markRanges(hit.heading, matches), excerpt: markRanges(hit.excerpt, matches)}};
  });
  post({type: 'result', id: request.id, hits, ...(result.retyped ? {retyped: result.retyped} : {}), ...(result.error ? {error: result.error} : {})});
}
