/**
 * `npm run bench:search`: our search against the stock search plugin in its plain configuration,
 * both in Chromium, both served by the production nginx config.
 *
 * - quality on bench/search-queries.yaml (recall@1, recall@10, MRR, by kind): each query is typed
 *   into the search page of the site and the result links are read, in order, as a reader sees
 *   them (sections of one page count once);
 * - query latency after the index is loaded (p50/p95): from typing the query to the last change of
 *   the results, measured in the page;
 * - index bytes per context, raw and gzip;
 * - time to first results on a cold page (empty cache, median of 3): from typing into the navbar
 *   box to the first suggestion, on the home page and on a settings page.
 *
 * Our site is `build/` (`npm run build`). The plugin's copy is built into `build-plugin-search/`
 * with `TIME_SEARCH=plugin` when it is missing or when `--rebuild` is given. Results go to
 * reports/search-bench.json.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type {Browser, Page} from '@playwright/test';
import {loadQueries, pct, quality, rankOf, type BenchQuery} from './lib/search-eval';
import {kb} from './lib/measure';
import {writeCspSnippet} from './lib/csp';
import {launchChromium, startNginx} from './lib/browser';
import type {Manifest} from '../src/search/engine/shard';

const root = path.resolve(__dirname, '..');
const COLD_PAGES = ['/', '/administration/settings/environment/smtp'];
const COLD_QUERY = 'настройка почты';
const RUNS = 3;
/** The results are taken as final when they have not changed for this long. */
const QUIET_MS = 250;

interface Variant {
  name: string;
  dir: string;
  port: number;
  indexFiles: () => {context: string; file: string}[];
}

const variants: Variant[] = [
  {
    name: 'ours',
    dir: path.join(root, 'build'),
    port: 4181,
    indexFiles() {
      const manifest = JSON.parse(fs.readFileSync(path.join(this.dir, 'search-index/manifest.json'), 'utf8')) as Manifest;
      return manifest.contexts.map((c) => ({context: c.path || '(home, FAQ)', file: c.file}));
    },
  },
  {
    name: 'plugin',
    dir: path.join(root, 'build-plugin-search'),
    port: 4182,
    indexFiles() {
      return fs
        .readdirSync(this.dir)
        .filter((f) => /^search-index.*\.json$/.test(f))
        .map((file) => ({context: '(whole site)', file}));
    },
  },
];

function buildPluginCopy(dir: string) {
  console.log('Building the copy of the site with the stock search plugin (TIME_SEARCH=plugin)…');
  const result = spawnSync(process.execPath, [require.resolve('@docusaurus/core/bin/docusaurus.mjs'), 'build', '--out-dir', dir], {
    cwd: root,
    env: {...process.env, TIME_SEARCH: 'plugin'},
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the build with the search plugin failed');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

/** Waits until the changes recorded in `window.__changes` have stopped for QUIET_MS. */
async function settled(page: Page) {
  await page.waitForFunction(
    (quiet) => {
      const changes = (window as unknown as {__changes: {at: number}[]}).__changes;
      return changes.length > 0 && performance.now() - changes[changes.length - 1].at > quiet;
    },
    QUIET_MS,
    {polling: 50, timeout: 30_000},
  );
}

/**
 * Milliseconds from the last keystroke in the navbar box of a cold page (empty cache) to its first
 * suggestion. `typed`: the reader clicks the box and types at 8 keys a second; `pasted`: the query
 * lands in the box at once as the box is focused (nothing can be loaded ahead), the worst case.
 */
async function coldFirstResults(browser: Browser, url: string, how: 'typed' | 'pasted'): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url, {waitUntil: 'load'});
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  await page.evaluate(() => {
    const w = window as unknown as {__changes: {at: number; options: string}[]};
    w.__changes = [];
    new MutationObserver(() => {
      const options = Array.from(document.querySelectorAll('[role="option"]'), (o) => o.textContent ?? '').join('\n');
      if (options && options !== w.__changes.at(-1)?.options) w.__changes.push({at: performance.now(), options});
    }).observe(document.body, {childList: true, subtree: true, characterData: true});
  });
  const box = page.locator('input.navbar__search-input').first();
  if (how === 'typed') {
    await box.click();
    await box.pressSequentially(COLD_QUERY, {delay: 125});
  } else {
    await box.focus();
    await box.fill(COLD_QUERY);
  }
  const typed = await page.evaluate(() => performance.now());
  // The suggestions for the whole query: the last change before they stay put.
  await settled(page);
  const last = await page.evaluate(() => (window as unknown as {__changes: {at: number}[]}).__changes.at(-1)!.at);
  const ms = Math.max(0, Math.round(last - typed));
  await context.close();
  return ms;
}

const RESULT_LINKS = '#__docusaurus_skipToContent_fallback article h2 a';

/**
 * Types `query` into the search page's box; returns the result links once they have settled, and
 * how long after typing they first showed as they ended (both sites re-render other things too, so
 * the time is that of the result list, not of the last change on the page).
 */
async function runQuery(page: Page, query: string): Promise<{urls: string[]; ms: number}> {
  const box = page.locator('#__docusaurus_skipToContent_fallback input[type="search"]').first();
  await page.evaluate((selector) => {
    const target = document.getElementById('__docusaurus_skipToContent_fallback')!;
    const w = window as unknown as {__changes: {at: number; links: string}[]; __observer?: MutationObserver};
    w.__observer?.disconnect();
    w.__changes = [];
    w.__observer = new MutationObserver(() => {
      const links = Array.from(document.querySelectorAll(selector), (a) => a.getAttribute('href') ?? '').join(' ');
      if (links !== w.__changes.at(-1)?.links) w.__changes.push({at: performance.now(), links});
    });
    w.__observer.observe(target, {childList: true, subtree: true, characterData: true});
  }, RESULT_LINKS);
  const start = await page.evaluate(() => performance.now());
  await box.fill(query);
  await settled(page);
  const last = await page.evaluate(() => (window as unknown as {__changes: {at: number; links: string}[]}).__changes.at(-1)!);
  const urls: string[] = [];
  for (const href of last.links.split(' ').filter(Boolean)) {
    const url = href.split(/[?#]/)[0].replace(/\/$/, '') || '/';
    if (!urls.includes(url)) urls.push(url);
  }
  return {urls: urls.slice(0, 10), ms: last.at - start};
}

async function measure(variant: Variant, queries: BenchQuery[]) {
  const server = await startNginx(variant.port, variant.dir);
  const {base} = server;
  const browser = await launchChromium();
  try {
    const index = variant.indexFiles().map(({context, file}) => {
      const bytes = fs.readFileSync(path.join(variant.dir, file));
      return {context, file, raw: bytes.length, gzip: zlib.gzipSync(bytes, {level: 6}).length};
    });

    const cold: Record<string, {typed: number; pasted: number}> = {};
    for (const url of COLD_PAGES) {
      const runs = {typed: [] as number[], pasted: [] as number[]};
      for (let i = 0; i < RUNS; i++) {
        runs.typed.push(await coldFirstResults(browser, `${base}${url}`, 'typed'));
        runs.pasted.push(await coldFirstResults(browser, `${base}${url}`, 'pasted'));
      }
      cold[url] = {typed: median(runs.typed), pasted: median(runs.pasted)};
    }

    const page = await browser.newPage();
    await page.goto(`${base}/search`, {waitUntil: 'load'});
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
    await runQuery(page, 'docker'); // loads the index
    const results: {query: BenchQuery; rank: number; ms: number}[] = [];
    for (const query of queries) {
      const {urls, ms} = await runQuery(page, query.q);
      results.push({query, rank: rankOf(query, urls), ms});
    }
    const kinds = [...new Set(queries.map((q) => q.kind)), 'all'];
    const byKind = Object.fromEntries(kinds.map((kind) => [kind, quality(results.filter((r) => kind === 'all' || r.query.kind === kind).map((r) => r.rank))]));
    const times = results.map((r) => r.ms);
    return {
      index,
      coldFirstResultsMs: cold,
      quality: byKind,
      latencyMs: {p50: Number(percentile(times, 0.5).toFixed(1)), p95: Number(percentile(times, 0.95).toFixed(1))},
      misses: results.filter((r) => r.rank !== 1).map((r) => ({q: r.query.q, expect: r.query.expect, rank: r.rank})),
    };
  } finally {
    await browser.close();
    server.stop();
  }
}

async function main() {
  if (!fs.existsSync(path.join(root, 'build/search-index/manifest.json'))) throw new Error('build/ has no search index: run `npm run build` first');
  const plugin = variants[1];
  if (process.argv.includes('--rebuild') || !fs.existsSync(path.join(plugin.dir, 'index.html'))) buildPluginCopy(plugin.dir);
  // The nginx config takes the inline-script hashes from the build (scripts/build.ts does this for ours).
  writeCspSnippet(plugin.dir);
  const queries = loadQueries();
  const report: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  for (const variant of variants) {
    console.log(`Measuring ${variant.name} (${queries.length} queries)…`);
    report[variant.name] = await measure(variant, queries);
  }
  fs.mkdirSync(path.join(root, 'reports'), {recursive: true});
  fs.writeFileSync(path.join(root, 'reports/search-bench.json'), `${JSON.stringify({date: new Date().toISOString(), ...report}, null, 2)}\n`);

  const names = variants.map((v) => v.name);
  console.log(`\n${'measure'.padEnd(40)}${names.map((n) => n.padStart(28)).join('')}`);
  const row = (label: string, cell: (r: (typeof report)[string]) => string) => console.log(`${label.padEnd(40)}${names.map((n) => cell(report[n]).padStart(28)).join('')}`);
  for (const kind of Object.keys(report.ours.quality)) {
    row(`${kind} (${report.ours.quality[kind].queries}): R@1 / R@10 / MRR`, (r) => `${pct(r.quality[kind].recallAt1)} / ${pct(r.quality[kind].recallAt10)} / ${r.quality[kind].mrr.toFixed(2)}`);
  }
  row('query latency p50 / p95', (r) => `${r.latencyMs.p50} / ${r.latencyMs.p95} ms`);
  for (const url of COLD_PAGES) row(`cold first results ${url}`, (r) => `typed ${r.coldFirstResultsMs[url].typed} / pasted ${r.coldFirstResultsMs[url].pasted} ms`);
  row('largest index, gzip', (r) => kb(Math.max(...r.index.map((i) => i.gzip))));
  row('all index files, gzip', (r) => kb(r.index.reduce((s, i) => s + i.gzip, 0)));
  for (const name of names) {
    console.log(`\n${name}: index per context (raw / gzip)`);
    for (const i of report[name].index) console.log(`  ${i.context.padEnd(16)} ${kb(i.raw).padStart(10)} / ${kb(i.gzip)}`);
  }
  console.log('\nwritten to reports/search-bench.json');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
