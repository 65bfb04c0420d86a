/**
 * `npm run bench`: measures what readers and maintainers feel, on this machine.
 * - cold production build: wall time and peak memory of the whole process tree;
 * - output size and page count;
 * - gzipped JavaScript that Chromium downloads for the home page and a guide page (served by the
 *   production nginx config, so sizes are what nginx sends).
 * - a bounded load test of the production nginx config with wrk (loopback, 24 s): requests per
 *   second, p99 latency and errors for a guide page, an API page and the largest search shard;
 *   any error fails the bench;
 * - Lighthouse 12 mobile performance (median of 3) and CLS of the home, a guide, a settings page,
 *   the search page and an API operation, against the budgets below (`--no-lighthouse` skips).
 * Results are printed and written to reports/bench.json. `--no-build` measures the existing build.
 * Guide pages are compared with bench/baseline.json (before the API reference): the bench fails if
 * one of them loads more JavaScript than then, or more than its budget (JS_BUDGET). The
 * cold build is compared with bench/build-baseline.json: more than 20 % slower or heavier fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import {folderSize, kb, mb, runMeasured} from './lib/measure';
import {launchChromium, startNginx} from './lib/browser';
import {runWrk, type LoadResult} from './lib/wrk';
import {runLighthouse, type LighthouseResult} from './lib/lighthouse';
import type {Manifest} from '../src/search/engine/shard';

const root = path.resolve(__dirname, '..');
const build = path.join(root, 'build');
const port = Number(process.env.BENCH_PORT ?? 4180);
const pages = {
  home: '/',
  guide: '/deployment/install/docker-compose',
  settings: '/administration/settings/environment/smtp',
  apiOperation: '/api/v4/create-post',
};

async function measureBuild() {
  fs.rmSync(path.join(root, '.docusaurus'), {recursive: true, force: true});
  fs.rmSync(build, {recursive: true, force: true});
  fs.rmSync(path.join(root, 'node_modules/.cache'), {recursive: true, force: true});
  const result = await runMeasured(process.execPath, [require.resolve('tsx/cli'), 'scripts/build.ts'], root);
  if (result.code !== 0) throw new Error(`the build failed (exit ${result.code})`);
  return result;
}

/** Bytes of JavaScript (as transferred, gzip) and all bytes a page downloads until the network is idle. */
async function pageWeight(url: string) {
  const browser = await launchChromium();
  const page = await browser.newPage();
  const responses: Promise<{type: string; bytes: number}>[] = [];
  page.on('requestfinished', (request) => {
    responses.push(request.sizes().then((s) => ({type: request.resourceType(), bytes: s.responseBodySize})));
  });
  await page.goto(url, {waitUntil: 'networkidle'});
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  const all = await Promise.all(responses);
  await browser.close();
  return {
    jsGzip: all.filter((r) => r.type === 'script').reduce((s, r) => s + r.bytes, 0),
    totalTransferred: all.reduce((s, r) => s + r.bytes, 0),
    requests: all.length,
  };
}

async function main() {
  const skipBuild = process.argv.includes('--no-build');
  const report: Record<string, unknown> = {date: new Date().toISOString(), node: process.version};
  if (!skipBuild) {
    console.log('Cold production build…');
    const b = await measureBuild();
    report.build = {seconds: Number(b.seconds.toFixed(1)), peakMemoryBytes: b.peakBytes};
  }
  const output = folderSize(build);
  const htmlPages = folderSize(build, (f) => f.endsWith('.html')).files;
  const js = folderSize(path.join(build, 'assets/js'));
  report.output = {bytes: output.raw, files: output.files, htmlPages, jsBytes: js.raw, jsGzipBytes: js.gzip};

  const server = await startNginx(port, build);
  try {
    const weights: Record<string, unknown> = {};
    for (const [name, p] of Object.entries(pages)) weights[name] = {path: p, ...(await pageWeight(`${server.base}${p}`))};
    report.pages = weights;
    report.load = loadTest(server.base);
    if (!process.argv.includes('--no-lighthouse')) {
      const scores: LighthouseResult[] = [];
      for (const budget of LIGHTHOUSE_BUDGETS) {
        console.log(`Lighthouse (mobile, ${LIGHTHOUSE_RUNS} runs) ${budget.path}…`);
        scores.push(await runLighthouse(`${server.base}${budget.path}`, LIGHTHOUSE_RUNS));
      }
      report.lighthouse = scores;
    }
  } finally {
    server.stop();
  }

  fs.mkdirSync(path.join(root, 'reports'), {recursive: true});
  fs.writeFileSync(path.join(root, 'reports/bench.json'), `${JSON.stringify(report, null, 2)}\n`);

  const b = report.build as {seconds: number; peakMemoryBytes: number} | undefined;
  if (b) console.log(`build: ${b.seconds} s, peak memory ${mb(b.peakMemoryBytes)}`);
  console.log(`output: ${mb(output.raw)} in ${output.files} files, ${htmlPages} HTML pages; all JS ${mb(js.raw)} (${mb(js.gzip)} gzip)`);
  for (const [name, w] of Object.entries(report.pages as Record<string, {path: string; jsGzip: number; totalTransferred: number; requests: number}>)) {
    console.log(`${name} ${w.path}: JS ${kb(w.jsGzip)} gzip, all ${kb(w.totalTransferred)} in ${w.requests} requests`);
  }
  for (const l of report.load as LoadResult[]) {
    console.log(`load ${l.url}: ${Math.round(l.requestsPerSecond)} req/s, p99 ${l.p99Ms.toFixed(2)} ms, ${l.requests} requests, ${l.errors} errors`);
  }
  const lighthouseFailures: string[] = [];
  for (const [i, l] of ((report.lighthouse ?? []) as LighthouseResult[]).entries()) {
    const budget = LIGHTHOUSE_BUDGETS[i];
    console.log(
      `lighthouse ${budget.path}: performance ${l.performance} (runs ${l.runs.join(', ')}; budget ≥ ${budget.minScore}), CLS ${l.cls.toFixed(3)}, TBT ${Math.round(l.tbtMs)} ms, LCP ${Math.round(l.lcpMs)} ms`,
    );
    if (l.performance < budget.minScore) lighthouseFailures.push(`${budget.path} performance ${l.performance} < ${budget.minScore}`);
    if (l.cls > MAX_CLS) lighthouseFailures.push(`${budget.path} CLS ${l.cls.toFixed(3)} > ${MAX_CLS}`);
  }
  if (lighthouseFailures.length) {
    console.error(`over the Lighthouse budgets: ${lighthouseFailures.join('; ')}`);
    process.exitCode = 1;
  }
  console.log('written to reports/bench.json');
  const failed = (report.load as LoadResult[]).filter((l) => l.errors > 0);
  if (failed.length) {
    console.error(`the load test had errors: ${failed.map((l) => l.url).join(', ')}`);
    process.exitCode = 1;
  }

  const overBudget = Object.entries(report.pages as Record<string, {path: string; jsGzip: number}>)
    .filter(([name, w]) => w.jsGzip > JS_BUDGET[name as keyof typeof pages])
    .map(([name, w]) => `${w.path} ${kb(w.jsGzip)} > ${kb(JS_BUDGET[name as keyof typeof pages])}`);
  if (overBudget.length) {
    console.error(`over the JavaScript budget (gzip): ${overBudget.join('; ')}`);
    process.exitCode = 1;
  }
  if (b) {
    const regressions = compareBuild(b);
    if (regressions.length) {
      console.error(
        `the build regressed by more than ${BUILD_TOLERANCE * 100} % against bench/build-baseline.json: ${regressions.join('; ')} (give the reason in the commit and record a new baseline)`,
      );
      process.exitCode = 1;
    }
  }
  const grown = compareWithBaseline(report.pages as Record<string, {jsGzip: number}>);
  if (grown.length) {
    console.error(`guide pages load more JavaScript than before the API reference (bench/baseline.json): ${grown.join(', ')}`);
    process.exitCode = 1;
  }
}

/** Gzipped JavaScript a page may load in Chromium (guide pages 250 KB, operation pages 700 KB): a reader on a phone waits for all of it. */
const JS_BUDGET: Record<keyof typeof pages, number> = {home: 250 * 1024, guide: 250 * 1024, settings: 250 * 1024, apiOperation: 700 * 1024};

/** Lighthouse mobile performance per page type (median of 3 runs: one run varies too much) and CLS everywhere. */
const LIGHTHOUSE_RUNS = 3;
const MAX_CLS = 0.02;
const LIGHTHOUSE_BUDGETS = [
  {path: pages.home, minScore: 95},
  {path: pages.guide, minScore: 95},
  {path: pages.settings, minScore: 95},
  {path: '/search?q=docker', minScore: 95},
  {path: pages.apiOperation, minScore: 85},
];

/**
 * wrk against nginx on loopback, 8 s per URL (24 s in all): a guide page, an API operation page
 * and the largest search index shard.
 */
function loadTest(base: string): LoadResult[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(build, 'search-index/manifest.json'), 'utf8')) as Manifest;
  const shard = manifest.contexts.map((c) => c.file).sort((a, b) => fs.statSync(path.join(build, b)).size - fs.statSync(path.join(build, a)).size)[0];
  return [pages.guide, pages.apiOperation, `/${shard}`].map((p) => runWrk(`${base}${p}`, 8));
}

/** The cold build may not take more than 20 % longer or more memory than the recorded one (CI runs it on 2 cores). */
const BUILD_TOLERANCE = 0.2;

/** Prints the build against bench/build-baseline.json; returns what regressed beyond the tolerance. */
function compareBuild(now: {seconds: number; peakMemoryBytes: number}): string[] {
  const baseline = JSON.parse(fs.readFileSync(path.join(root, 'bench/build-baseline.json'), 'utf8')) as {
    commit: string;
    seconds: number;
    peakMemoryBytes: number;
  };
  const change = (a: number, b: number) => `${a > b ? '+' : ''}${(((a - b) / b) * 100).toFixed(0)} %`;
  console.log(
    `build against ${baseline.commit}: ${baseline.seconds} s → ${now.seconds} s (${change(now.seconds, baseline.seconds)}), peak ${mb(baseline.peakMemoryBytes)} → ${mb(now.peakMemoryBytes)} (${change(now.peakMemoryBytes, baseline.peakMemoryBytes)})`,
  );
  const out: string[] = [];
  if (now.seconds > baseline.seconds * (1 + BUILD_TOLERANCE)) out.push(`time ${change(now.seconds, baseline.seconds)}`);
  if (now.peakMemoryBytes > baseline.peakMemoryBytes * (1 + BUILD_TOLERANCE)) out.push(`peak memory ${change(now.peakMemoryBytes, baseline.peakMemoryBytes)}`);
  return out;
}

/** Prints before/after for the pages in bench/baseline.json; returns those that grew. */
function compareWithBaseline(pagesNow: Record<string, {jsGzip: number}>): string[] {
  const baseline = JSON.parse(fs.readFileSync(path.join(root, 'bench/baseline.json'), 'utf8')) as {
    commit: string;
    pages: Record<string, {path: string; jsGzip: number}>;
  };
  const grown: string[] = [];
  console.log(`JS per page against ${baseline.commit} (before the API reference):`);
  for (const [name, before] of Object.entries(baseline.pages)) {
    const now = pagesNow[name];
    if (!now) throw new Error(`bench/baseline.json names page "${name}", which the bench does not measure`);
    const delta = now.jsGzip - before.jsGzip;
    console.log(`  ${name} ${before.path}: ${kb(before.jsGzip)} → ${kb(now.jsGzip)} (${delta > 0 ? '+' : ''}${kb(delta)})`);
    if (delta > 0) grown.push(`${name} +${kb(delta)}`);
  }
  return grown;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
