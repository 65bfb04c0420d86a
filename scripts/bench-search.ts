/**
 * `npm run bench:search`: our search against Pagefind and against the stock search plugin in its
 * plain configuration, all three in one run in Chromium, all served by the production nginx config.
 *
 * - quality on bench/search-queries.yaml (recall@1, recall@10, MRR, by kind): each query is typed
 *   into the search page of the site and the result links are read, in order, as a reader sees
 *   them (sections of one page count once); Pagefind's first ten results come from its API;
 * - query latency after the index is loaded (p50/p95): from typing the query to the last change of
 *   the results, measured in the page (Pagefind: `search()` and the data of the first ten results,
 *   with no list to render, which the other two pay for);
 * - index bytes per context, raw and gzip;
 * - the first query on a cold page (empty cache), on the home page and on a settings page: time
 *   from typing into the navbar box to the first suggestion (median of 3), and every response the
 *   search caused, with its bytes as sent over the wire by nginx (compressed body and headers).
 *
 * Our site is `build/` (`npm run build`). The plugin's copy is built into `build-plugin-search/`
 * with `TIME_SEARCH=plugin` when it is missing or when `--rebuild` is given. Pagefind indexes
 * `build/` into `build-pagefind/` on every run (scripts/lib/pagefind-bench.ts). Results go to
 * reports/search-bench.json.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type {Browser, Page, Request} from '@playwright/test';
import {loadQueries, pct, quality, rankOf, type BenchQuery} from './lib/search-eval';
import {kb} from './lib/measure';
import {writeCspSnippet} from './lib/csp';
import {precompress} from './lib/precompress';
import {launchChromium, startNginx} from './lib/browser';
import {BOX as PAGEFIND_BOX, READY as PAGEFIND_READY, buildPagefindSite, pagefindIndexFiles, pagefindPage} from './lib/pagefind-bench';
import type {Manifest} from '../src/search/engine/shard';

const root = path.resolve(__dirname, '..');
const COLD_PAGES = ['/', '/administration/settings/environment/smtp'];
const COLD_QUERY = 'настройка почты';
const RUNS = 3;
/** The results are taken as final when they have not changed for this long. */
const QUIET_MS = 250;
const HYDRATED = 'html[data-has-hydrated="true"]';
const NAVBAR_BOX = 'input.navbar__search-input';
/** gzip_comp_level in deploy/nginx. */
const NGINX_GZIP_LEVEL = 6;

interface Found {
  urls: string[];
  ms: number;
}

interface Variant {
  name: string;
  dir: string;
  port: number;
  /** What shows that a page is ready for the reader, and the search box on every page. */
  ready: string;
  box: string;
  /** The index files, grouped by search context or by kind. */
  indexFiles: () => {context: string; files: string[]}[];
  /** Opens the page the query set runs on and loads the index there. */
  open: (page: Page, base: string) => Promise<void>;
  query: (page: Page, query: string) => Promise<Found>;
}

/** Our site and the plugin's copy: the query set runs on the /search page, as a reader types it. */
const searchPage = {
  ready: HYDRATED,
  box: NAVBAR_BOX,
  async open(page: Page, base: string) {
    await page.goto(`${base}/search`, {waitUntil: 'load'});
    await page.locator(HYDRATED).waitFor({state: 'attached'});
    await runQuery(page, 'docker'); // loads the index
  },
  query: (page: Page, query: string) => runQuery(page, query),
};

const variants: Variant[] = [
  {
    name: 'ours',
    dir: path.join(root, 'build'),
    port: 4181,
    ...searchPage,
    indexFiles() {
      const manifest = JSON.parse(fs.readFileSync(path.join(this.dir, 'search-index/manifest.json'), 'utf8')) as Manifest;
      return [
        ...manifest.contexts.map((c) => ({context: c.path || '(home, FAQ)', files: [path.join(this.dir, c.file)]})),
        {context: `body text chunks (${manifest.content.length})`, files: manifest.content.map((c) => path.join(this.dir, c.file))},
      ];
    },
  },
  {
    name: 'pagefind',
    dir: path.join(root, 'build-pagefind'),
    port: 4183,
    ready: PAGEFIND_READY,
    box: PAGEFIND_BOX,
    indexFiles() {
      return pagefindIndexFiles(this.dir);
    },
    async open(page, base) {
      await page.goto(`${base}/`, {waitUntil: 'load'});
      await page.locator(PAGEFIND_READY).waitFor({state: 'attached'});
      await pagefindQuery(page, 'docker'); // loads Pagefind and its metadata
    },
    query: pagefindQuery,
  },
  {
    name: 'plugin',
    dir: path.join(root, 'build-plugin-search'),
    port: 4182,
    ...searchPage,
    indexFiles() {
      return fs
        .readdirSync(this.dir)
        .filter((f) => /^search-index.*\.json$/.test(f))
        .map((file) => ({context: '(whole site)', files: [path.join(this.dir, file)]}));
    },
  },
];

function run(args: string[], env: NodeJS.ProcessEnv, what: string) {
  const result = spawnSync(process.execPath, args, {cwd: root, env, stdio: 'inherit'});
  if (result.status !== 0) throw new Error(`${what} failed`);
}

function buildPluginCopy(dir: string) {
  console.log('Building the copy of the site with the stock search plugin (TIME_SEARCH=plugin)…');
  run([require.resolve('tsx/cli'), path.join(root, 'scripts/prepare-api.ts')], process.env, 'generating the API reference');
  run(
    [require.resolve('@docusaurus/core/bin/docusaurus.mjs'), 'build', '--out-dir', dir],
    {...process.env, TIME_SEARCH: 'plugin'},
    'the build with the search plugin',
  );
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

interface Download {
  path: string;
  bytes: number;
}
interface Cold {
  ms: number;
  downloads: Download[];
}
interface FirstQuery {
  bytes: number;
  downloads: Download[];
}

/**
 * Bytes of a response on the wire: headers and the body as sent. Chromium reports no body size
 * for a worker's own script (Pagefind's worker), so then the body is counted as nginx sends it:
 * its Content-Length (a .gz copy), else gzip at nginx's level when it compressed on the fly.
 */
async function wireBytes(request: Request): Promise<number> {
  const sizes = await request.sizes();
  const response = await request.response();
  if (sizes.responseBodySize > 0 || !response || response.status() !== 200) return sizes.responseBodySize + sizes.responseHeadersSize;
  const length = Number(await response.headerValue('content-length'));
  if (length > 0) return length + sizes.responseHeadersSize;
  const body = await response.body();
  const gzipped = (await response.headerValue('content-encoding')) === 'gzip';
  return (gzipped ? zlib.gzipSync(body, {level: NGINX_GZIP_LEVEL}).length : body.length) + sizes.responseHeadersSize;
}

/**
 * The first query on a cold page (empty cache). `ms`: from the last keystroke in the navbar box to
 * its first suggestion for the whole query. `typed`: the reader clicks the box and types at 8 keys
 * a second; `pasted`: the query lands in the box at once as the box is focused (nothing can be
 * loaded ahead), the worst case. `downloads`: every response from the click on the box to the
 * final suggestions (the page has loaded and the network is idle before), with its bytes on the
 * wire: body as sent (gzip) plus headers.
 */
async function coldFirstQuery(browser: Browser, variant: Variant, url: string, how: 'typed' | 'pasted'): Promise<Cold> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url, {waitUntil: 'load'});
  await page.locator(variant.ready).waitFor({state: 'attached'});
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    const w = window as unknown as {__changes: {at: number; options: string}[]};
    w.__changes = [];
    new MutationObserver(() => {
      const options = Array.from(document.querySelectorAll('[role="option"]'), (o) => o.textContent ?? '').join('\n');
      if (options && options !== w.__changes.at(-1)?.options) w.__changes.push({at: performance.now(), options});
    }).observe(document.body, {childList: true, subtree: true, characterData: true});
  });
  // Context-wide, so that the search worker's requests count too.
  const pending: Promise<Download>[] = [];
  context.on('requestfinished', (request) => pending.push(wireBytes(request).then((bytes) => ({path: new URL(request.url()).pathname, bytes}))));
  const box = page.locator(variant.box).first();
  if (how === 'typed') {
    await box.click();
    await box.pressSequentially(COLD_QUERY, {delay: 125});
  } else {
    await box.focus();
    await box.fill(COLD_QUERY);
  }
  const typed = await page.evaluate(() => performance.now());
  // The suggestions for the whole query: the last change before they stay put.
  try {
    await settled(page);
  } catch (error) {
    // A search that breaks in the page (a script blocked by the CSP, say) shows as a time-out.
    throw new Error(`${variant.name}: no suggestions for "${COLD_QUERY}" on ${url}: ${[...new Set(errors)].join('; ') || (error as Error).message}`);
  }
  const last = await page.evaluate(() => (window as unknown as {__changes: {at: number}[]}).__changes.at(-1)!.at);
  const downloads = await Promise.all(pending);
  await context.close();
  return {ms: Math.max(0, Math.round(last - typed)), downloads};
}

const RESULT_LINKS = '#__docusaurus_skipToContent_fallback article h2 a';

/**
 * Types `query` into the search page's box; returns the result links once they have settled, and
 * how long after typing they first showed as they ended (both sites re-render other things too, so
 * the time is that of the result list, not of the last change on the page).
 */
async function runQuery(page: Page, query: string): Promise<Found> {
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

/** Pagefind through the harness's `runSearch` (its API, timed in the page). */
async function pagefindQuery(page: Page, query: string): Promise<Found> {
  const found = await page.evaluate((q) => (window as unknown as {runSearch: (q: string) => Promise<Found>}).runSearch(q), query);
  return {urls: found.urls.map(pagefindPage), ms: found.ms};
}

async function measure(variant: Variant, queries: BenchQuery[]) {
  const server = await startNginx(variant.port, variant.dir);
  const {base} = server;
  const browser = await launchChromium();
  try {
    const index = variant.indexFiles().map(({context, files}) => {
      const sizes = files.map((file) => {
        const bytes = fs.readFileSync(file);
        return {raw: bytes.length, gzip: zlib.gzipSync(bytes, {level: NGINX_GZIP_LEVEL}).length};
      });
      const sum = (key: 'raw' | 'gzip') => sizes.reduce((s, x) => s + x[key], 0);
      return {context, files: files.length, raw: sum('raw'), gzip: sum('gzip'), largestGzip: Math.max(0, ...sizes.map((x) => x.gzip))};
    });

    const cold: Record<string, {typedMs: number; pastedMs: number; typed: FirstQuery; pasted: FirstQuery}> = {};
    for (const url of COLD_PAGES) {
      const runs = {typed: [] as Cold[], pasted: [] as Cold[]};
      for (let i = 0; i < RUNS; i++) {
        runs.typed.push(await coldFirstQuery(browser, variant, `${base}${url}`, 'typed'));
        runs.pasted.push(await coldFirstQuery(browser, variant, `${base}${url}`, 'pasted'));
      }
      // The downloads of the first run: the later ones fetch the same files.
      const firstQuery = ({downloads}: Cold) => ({bytes: downloads.reduce((s, d) => s + d.bytes, 0), downloads});
      cold[url] = {
        typedMs: median(runs.typed.map((r) => r.ms)),
        pastedMs: median(runs.pasted.map((r) => r.ms)),
        typed: firstQuery(runs.typed[0]),
        pasted: firstQuery(runs.pasted[0]),
      };
    }

    const page = await browser.newPage();
    await variant.open(page, base);
    const results: {query: BenchQuery; rank: number; ms: number}[] = [];
    for (const query of queries) {
      const {urls, ms} = await variant.query(page, query.q);
      results.push({query, rank: rankOf(query, urls), ms});
    }
    const kinds = [...new Set(queries.map((q) => q.kind)), 'all'];
    const byKind = Object.fromEntries(kinds.map((kind) => [kind, quality(results.filter((r) => kind === 'all' || r.query.kind === kind).map((r) => r.rank))]));
    const times = results.map((r) => r.ms);
    return {
      index,
      coldFirstQuery: cold,
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
  const ours = variants[0];
  if (!fs.existsSync(path.join(ours.dir, 'search-index/manifest.json'))) throw new Error('build/ is missing or has no search index: run `npm run build` first');
  const plugin = variants.find((v) => v.name === 'plugin')!;
  if (process.argv.includes('--rebuild') || !fs.existsSync(path.join(plugin.dir, 'index.html'))) buildPluginCopy(plugin.dir);
  // The nginx config takes the inline-script hashes from the build, and nginx sends the build's
  // gzip copies (scripts/build.ts does both for ours).
  writeCspSnippet(plugin.dir);
  if (!fs.existsSync(path.join(plugin.dir, 'index.html.gz'))) precompress(plugin.dir);
  const pagefind = variants.find((v) => v.name === 'pagefind')!;
  const started = Date.now();
  const pages = buildPagefindSite(
    ours.dir,
    pagefind.dir,
    COLD_PAGES.filter((p) => p !== '/'),
  );
  console.log(`Pagefind indexed ${pages} pages of build/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const queries = loadQueries();
  const report: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  for (const variant of variants) {
    console.log(`Measuring ${variant.name} (${queries.length} queries)…`);
    report[variant.name] = await measure(variant, queries);
  }
  fs.mkdirSync(path.join(root, 'reports'), {recursive: true});
  fs.writeFileSync(
    path.join(root, 'reports/search-bench.json'),
    `${JSON.stringify({date: new Date().toISOString(), coldQuery: COLD_QUERY, ...report}, null, 2)}\n`,
  );

  const names = variants.map((v) => v.name);
  const rows: string[][] = [['measure', ...names]];
  const row = (label: string, cell: (r: (typeof report)[string]) => string) => rows.push([label, ...names.map((n) => cell(report[n]))]);
  for (const kind of Object.keys(report.ours.quality)) {
    row(
      `${kind} (${report.ours.quality[kind].queries}): R@1 / R@10 / MRR`,
      (r) => `${pct(r.quality[kind].recallAt1)} / ${pct(r.quality[kind].recallAt10)} / ${r.quality[kind].mrr.toFixed(2)}`,
    );
  }
  row('warm query latency p50 / p95', (r) => `${r.latencyMs.p50} / ${r.latencyMs.p95} ms`);
  const downloads = (q: FirstQuery) => `${kb(q.bytes)} (${q.downloads.length})`;
  for (const url of COLD_PAGES) {
    row(`${url}: cold first results, typed / pasted`, (r) => `${r.coldFirstQuery[url].typedMs} / ${r.coldFirstQuery[url].pastedMs} ms`);
    row(`${url}: first query bytes (files), typed / pasted`, (r) => `${downloads(r.coldFirstQuery[url].typed)} / ${downloads(r.coldFirstQuery[url].pasted)}`);
  }
  row('largest index file, gzip', (r) => kb(Math.max(...r.index.map((i) => i.largestGzip))));
  row('all index files, gzip', (r) => kb(r.index.reduce((s, i) => s + i.gzip, 0)));
  const widths = rows[0].map((_, column) => Math.max(...rows.map((cells) => cells[column].length)) + 2);
  console.log('');
  for (const cells of rows) console.log(cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]) : cell.padStart(widths[column]))).join(''));
  for (const name of names) {
    console.log(`\n${name}: index per context (raw / gzip)`);
    for (const i of report[name].index) console.log(`  ${i.context.padEnd(18)} ${kb(i.raw).padStart(10)} / ${kb(i.gzip)}`);
    for (const url of COLD_PAGES) {
      console.log(`${name}: first query "${COLD_QUERY}" typed on ${url} downloads (wire bytes)`);
      for (const d of report[name].coldFirstQuery[url].typed.downloads) console.log(`  ${kb(d.bytes).padStart(10)}  ${d.path}`);
    }
  }
  console.log('\nwritten to reports/search-bench.json');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
