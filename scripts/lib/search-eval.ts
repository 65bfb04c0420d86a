/**
 * Search quality on the benchmark query set (bench/search-queries.yaml): recall@1, recall@10 and
 * MRR by query kind. Shared by `npm run bench:search` and the build tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {assertChunk, assertManifest, assertShard, type ContentChunk, type Manifest, type Shard} from '../../src/search/engine/shard';
import {buildCorpus, prepareGlossary, search, type SearchResult} from '../../src/search/engine/searcher';
import {MANIFEST} from '../../plugins/search';

export interface BenchQuery {
  q: string;
  expect: string;
  kind: string;
  also?: string[];
}

export const QUERIES_FILE = path.resolve(__dirname, '../../bench/search-queries.yaml');

export function loadQueries(file = QUERIES_FILE): BenchQuery[] {
  const queries = YAML.parse(fs.readFileSync(file, 'utf8')) as BenchQuery[];
  queries.forEach((query, i) => {
    if (typeof query?.q !== 'string' || typeof query.expect !== 'string' || typeof query.kind !== 'string') {
      throw new Error(`${file}: entry ${i + 1} needs q, expect and kind`);
    }
  });
  return queries;
}

export interface Quality {
  queries: number;
  recallAt1: number;
  recallAt10: number;
  mrr: number;
}

/** 1-based rank of the first right page among `urls`, or 0. */
export function rankOf(query: BenchQuery, urls: string[]): number {
  const page = (url: string) => url.split(/[?#]/)[0].replace(/\/$/, '') || '/';
  const right = new Set([query.expect, ...(query.also ?? [])].map(page));
  const index = urls.findIndex((url) => right.has(page(url)));
  return index + 1;
}

/** Quality over ranks (0 = not found in the list). */
export function quality(ranks: number[]): Quality {
  const n = ranks.length || 1;
  return {
    queries: ranks.length,
    recallAt1: ranks.filter((r) => r === 1).length / n,
    recallAt10: ranks.filter((r) => r >= 1 && r <= 10).length / n,
    mrr: ranks.reduce((s, r) => s + (r ? 1 / r : 0), 0) / n,
  };
}

export const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** The manifest, shards and content chunks of a built site's search index. */
export function loadBuiltIndex(build: string): {manifest: Manifest; shards: Shard[]; chunks: ContentChunk[]} {
  const manifestFile = path.join(build, MANIFEST);
  if (!fs.existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run \`npm run build\` first`);
  const manifest: unknown = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  try {
    assertManifest(manifest);
  } catch (error) {
    throw new Error(`${manifestFile}: ${(error as Error).message}`);
  }
  const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(build, file), 'utf8'));
  const shards = manifest.contexts.map((c) => {
    const shard = read(c.file);
    assertShard(shard);
    return shard;
  });
  const chunks = manifest.content.map((c) => {
    const chunk = read(c.file);
    assertChunk(chunk);
    return chunk;
  });
  return {manifest, shards, chunks};
}

export interface Evaluated {
  query: BenchQuery;
  rank: number;
  ms: number;
  result: SearchResult;
}

/**
 * Runs every query through the engine over all shards and content chunks (the whole-site search
 * once every chunk is loaded; the browser loads a query's own chunks, which gives the same scores
 * except where a typo is corrected to a word of a chunk it did not load).
 */
export function evaluate(build: string, queries = loadQueries()): {evaluated: Evaluated[]; corpusMs: number} {
  const {manifest, shards, chunks} = loadBuiltIndex(build);
  const start = performance.now();
  const corpus = buildCorpus(shards, chunks);
  const corpusMs = performance.now() - start;
  const glossary = prepareGlossary(manifest.glossary);
  const evaluated = queries.map((query) => {
    const t = performance.now();
    const result = search(corpus, glossary, query.q);
    return {
      query,
      result,
      ms: performance.now() - t,
      rank: rankOf(
        query,
        result.hits.map((h) => h.url),
      ),
    };
  });
  return {evaluated, corpusMs};
}
