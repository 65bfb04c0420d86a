/** Our search index in the build: coverage, size, and quality on the benchmark queries. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {describe, expect, it} from 'vitest';
import {searchContexts} from '../../config/search';
import {evaluate, loadBuiltIndex, quality} from '../../scripts/lib/search-eval';
import {loadCatalogue} from '../../plugins/settings/catalogue';
import {fragmentFile, type Fragment} from '../../src/search/engine/shard';
import {buildCorpus} from '../../src/search/engine/searcher';

const build = path.resolve(__dirname, '../../build');
/** The largest per-context index is at most 300 KB gzip: a section's first query downloads it whole. */
const MAX_SHARD_GZIP = 300 * 1024;
/**
 * A first whole-site query downloads the manifest and every shard, the worker (about 20 KB gzip)
 * and the fragments of its hits (a few KB each): at most about 460 KB in all. (The index is now
 * about 410 KB: operations' names and pages' descriptions weigh in ranking.)
 */
const MAX_WHOLE_SITE_INDEX_GZIP = 416 * 1024;

describe('search index', () => {
  const {manifest, shards} = loadBuiltIndex(build);

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

  it("downloads the whole site's index, before any excerpt, within its budget", () => {
    const files = ['search-index/manifest.json', ...manifest.contexts.map((c) => c.file)];
    const bytes = files.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(build, file))).length, 0);
    expect(bytes, `${bytes} bytes gzip`).toBeLessThanOrEqual(MAX_WHOLE_SITE_INDEX_GZIP);
  });

  const fragment = (hash: string) => JSON.parse(fs.readFileSync(path.join(build, fragmentFile(hash)), 'utf8')) as Fragment;

  // Each section with the fragment the worker fetches for it.
  const {sections} = buildCorpus(shards);

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
    expect(all.recallAt1).toBeGreaterThanOrEqual(0.75);
    expect(all.recallAt10).toBeGreaterThanOrEqual(0.92);
    expect(all.mrr).toBeGreaterThanOrEqual(0.82);
    expect(of(['api-path', 'operation-id', 'setting-key', 'env-var', 'method-path']).recallAt1).toBeGreaterThanOrEqual(0.9);
    // Readers' own words: questions, operations by what they do, English terms.
    expect(of(['operation']).recallAt1).toBeGreaterThanOrEqual(0.55);
    expect(of(['operation']).recallAt10).toBeGreaterThanOrEqual(0.9);
    expect(of(['question']).recallAt10).toBeGreaterThanOrEqual(0.85);
    expect(of(['en-words']).recallAt10).toBeGreaterThanOrEqual(0.85);
    expect(of(['layout']).recallAt10).toBeGreaterThanOrEqual(0.8);
    for (const kind of new Set(evaluated.map((e) => e.query.kind))) {
      expect(of([kind]).recallAt10, kind).toBeGreaterThanOrEqual(0.8);
      expect(of([kind]).recallAt1, kind).toBeGreaterThanOrEqual(0.55);
    }
    expect(evaluated.filter((e) => e.result.error).map((e) => e.query.q)).toEqual([]);
  });
});
