/** Our search index in the build: coverage, size, and quality on the benchmark queries. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {describe, expect, it} from 'vitest';
import {searchContexts} from '../../config/search';
import {evaluate, loadBuiltIndex, loadQueries, quality} from '../../scripts/lib/search-eval';
import {loadCatalogue} from '../../plugins/settings/catalogue';
import {fragmentFile, splitLines, type Fragment} from '../../src/search/engine/shard';
import {buildCorpus, planQuery, prepareGlossary, queryChunks, search, type SearchResult} from '../../src/search/engine/searcher';

const build = path.resolve(__dirname, '../../build');
/** The largest per-context index is at most 300 KB gzip: a section's first query downloads it whole. */
const MAX_SHARD_GZIP = 300 * 1024;
/**
 * A first whole-site query downloads the manifest, every shard and the content chunks of its words
 * (then the worker, about 30 KB gzip, and the fragments of its hits, a few KB each). Nine in ten
 * benchmark queries need at most this much index; without the chunks (all body terms in the
 * shards) the index was 400 KB.
 */
const MAX_FIRST_QUERY_INDEX_GZIP = 220 * 1024;
/** A content chunk is a few KB gzip: a query fetches one per word. */
const MAX_CHUNK_GZIP = 12 * 1024;

describe('search index', () => {
  const {manifest, shards, chunks} = loadBuiltIndex(build);

  it('has one shard per context plus one for pages outside them, with every doc page in exactly one', () => {
    expect(manifest.contexts.map((c) => c.path)).toEqual([...searchContexts.map((c) => c.path), '']);
    const urls = shards.flatMap((s) => s.pages.map((p) => p[0]));
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of [
      '/',
      '/faq',
      '/deployment/install/docker-compose',
      '/administration/settings/environment/smtp',
      '/api/v4/create-post',
      '/api/v5/auth-service/login',
    ]) {
      expect(urls).toContain(url);
    }
    expect(urls).not.toContain('/search');
  });

  it('keeps every shard within the size budget', () => {
    for (const context of manifest.contexts) {
      const bytes = zlib.gzipSync(fs.readFileSync(path.join(build, context.file))).length;
      expect(bytes, `${context.file}: ${bytes} bytes gzip`).toBeLessThanOrEqual(MAX_SHARD_GZIP);
    }
  });

  const gzipped = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(build, file))).length;
  const glossary = prepareGlossary(manifest.glossary);
  /** The chunks a whole-site query fetches, as the worker decides (its words, then their other-layout retypings). */
  const shardTerms = new Set(shards.flatMap((s) => Object.values(s.fields).flatMap((text) => splitLines(text).map((l) => l.term))));
  const chunkTerms = chunks.map((c) => new Set(splitLines(c.lines).map((l) => l.term)));
  const chunksOfQuery = (query: string) => {
    const loaded = queryChunks(manifest.content, query, glossary);
    const known = (term: string) => shardTerms.has(term) || loaded.some((i) => chunkTerms[i].has(term));
    return [...new Set([...loaded, ...queryChunks(manifest.content, query, glossary, known)])].sort((a, b) => a - b);
  };

  it('cuts the body text into small chunks by term, each fetched only by queries with its terms', () => {
    expect(manifest.content.length).toBeGreaterThan(10);
    expect(manifest.content.map((c) => c.first)).toEqual(manifest.content.map((c) => c.first).sort());
    for (const {file} of manifest.content) expect(gzipped(file), file).toBeLessThanOrEqual(MAX_CHUNK_GZIP);
    const shardBytes = ['search-index/manifest.json', ...manifest.contexts.map((c) => c.file)].reduce((sum, file) => sum + gzipped(file), 0);
    const chunkBytes = manifest.content.map((c) => gzipped(c.file));
    const perQuery = loadQueries()
      .map((q) => shardBytes + chunksOfQuery(q.q).reduce((sum, i) => sum + chunkBytes[i], 0))
      .sort((a, b) => a - b);
    const p90 = perQuery[Math.floor(perQuery.length * 0.9)];
    expect(p90, `${p90} bytes gzip`).toBeLessThanOrEqual(MAX_FIRST_QUERY_INDEX_GZIP);
  });

  it('ranks a query over the chunks it fetched exactly as over the whole index', () => {
    const full = buildCorpus(shards, chunks);
    const shown = (result: SearchResult) => result.hits.map((h) => `${h.url}#${h.anchor} ${h.score.toFixed(6)}`);
    // Every third query: each needs an index of its own.
    const differing = loadQueries()
      .filter((q, i) => {
        if (i % 3) return false;
        // A misspelt word is corrected against the terms loaded, which a bigger index has more of.
        const plan = planQuery(q.q, full, glossary);
        return !('error' in plan) && plan.clauses.every((c) => !c.editDistance);
      })
      .filter((q) => {
        const partial = buildCorpus(
          shards,
          chunksOfQuery(q.q).map((i) => chunks[i]),
        );
        return shown(search(partial, glossary, q.q)).join() !== shown(search(full, glossary, q.q)).join();
      })
      .map((q) => q.q);
    expect(differing).toEqual([]);
  }, 120_000);

  const fragment = (hash: string) => JSON.parse(fs.readFileSync(path.join(build, fragmentFile(hash)), 'utf8')) as Fragment;

  // Each section with the fragment the worker fetches for it.
  const {sections} = buildCorpus(shards, chunks);

  it('has the fragments each page names, with the text of each of its sections', () => {
    const problems: string[] = [];
    for (const [url, , , , fragments] of shards.flatMap((s) => s.pages)) {
      for (const [hash] of fragments) if (!fs.existsSync(path.join(build, fragmentFile(hash)))) problems.push(`${url}: ${fragmentFile(hash)} is missing`);
    }
    for (const {url, anchor, fragment: hash} of sections) {
      if (!hash || (fs.existsSync(path.join(build, fragmentFile(hash))) && typeof fragment(hash)[anchor] !== 'string'))
        problems.push(`${url}#${anchor}: no text in its fragment`);
    }
    expect(problems).toEqual([]);
  });

  it('shows a setting as its key and meaning, not the labels of its list', () => {
    const texts = new Map(sections.map((s) => [`${s.url}#${s.anchor}`, s.fragment ? fragment(s.fragment)[s.anchor] : '']));
    const settings = loadCatalogue().settings;
    expect(settings.length).toBeGreaterThan(100);
    const problems = settings.flatMap((s) => {
      const text = texts.get(s.url) ?? '';
      return text.startsWith(`${s.configPath} — `) && text.length > s.configPath.length + 10 ? [] : [`${s.url}: «${text.slice(0, 60)}»`];
    });
    expect(problems).toEqual([]);
  });

  it('finds the expected page for the benchmark queries', () => {
    const {evaluated} = evaluate(build);
    const of = (kinds: string[]) => quality(evaluated.filter((e) => kinds.includes(e.query.kind)).map((e) => e.rank));
    // Floors well below what the engine reaches (npm run search:eval), to catch regressions.
    const all = quality(evaluated.map((e) => e.rank));
    expect(all.recallAt1).toBeGreaterThanOrEqual(0.86);
    expect(all.recallAt10).toBeGreaterThanOrEqual(0.95);
    expect(all.mrr).toBeGreaterThanOrEqual(0.9);
    expect(of(['api-path', 'operation-id', 'setting-key', 'env-var', 'method-path']).recallAt1).toBeGreaterThanOrEqual(0.9);
    // Readers' own words: questions, operations by what they do, English terms.
    expect(of(['operation']).recallAt1).toBeGreaterThanOrEqual(0.78);
    expect(of(['operation']).recallAt10).toBeGreaterThanOrEqual(0.95);
    expect(of(['question']).recallAt10).toBeGreaterThanOrEqual(0.9);
    expect(of(['en-words']).recallAt10).toBeGreaterThanOrEqual(0.9);
    expect(of(['layout']).recallAt10).toBeGreaterThanOrEqual(0.8);
    for (const kind of new Set(evaluated.map((e) => e.query.kind))) {
      expect(of([kind]).recallAt10, kind).toBeGreaterThanOrEqual(0.8);
      expect(of([kind]).recallAt1, kind).toBeGreaterThanOrEqual(0.72);
    }
    expect(evaluated.filter((e) => e.result.error).map((e) => e.query.q)).toEqual([]);
  });
});
