/**
 * `npm run bench`: measures what readers and maintainers feel, on this machine.
 * - cold production build: wall time and peak memory of the whole process tree;
 * - output size and page count;
 * - gzipped JavaScript that Chromium downloads for the home page and a guide page (served by the
 *   production nginx config, so sizes are what nginx sends).
 * Results are printed and written to reports/bench.json. `--no-build` measures the existing build.
 * Guide pages are compared with bench/baseline.json (before the API reference): the bench fails if
 * one of them loads more JavaScript than then.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {folderSize, kb, mb, runMeasured} from './lib/measure';
import {launchChromium, waitForServer} from './lib/browser';

const root = path.resolve(__dirname, '..');
const build = path.join(root, 'build');
const port = Number(process.env.BENCH_PORT ?? 4180);
const pages = {home: '/', guide: '/deployment/install/docker-compose', settings: '/administration/settings/environment/smtp', apiOperation: '/api/v4/create-post'};

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

  const server = spawn(process.execPath, [require.resolve('tsx/cli'), 'scripts/serve-nginx.ts'], {
    cwd: root,
    env: {...process.env, PORT: String(port)},
    stdio: 'ignore',
  });
  try {
    await waitForServer(`http://localhost:${port}/`);
    const weights: Record<string, unknown> = {};
    for (const [name, p] of Object.entries(pages)) weights[name] = {path: p, ...(await pageWeight(`http://localhost:${port}${p}`))};
    report.pages = weights;
  } finally {
    server.kill('SIGTERM');
  }

  fs.mkdirSync(path.join(root, 'reports'), {recursive: true});
  fs.writeFileSync(path.join(root, 'reports/bench.json'), `${JSON.stringify(report, null, 2)}\n`);

  const b = report.build as {seconds: number; peakMemoryBytes: number} | undefined;
  if (b) console.log(`build: ${b.seconds} s, peak memory ${mb(b.peakMemoryBytes)}`);
  console.log(`output: ${mb(output.raw)} in ${output.files} files, ${htmlPages} HTML pages; all JS ${mb(js.raw)} (${mb(js.gzip)} gzip)`);
  for (const [name, w] of Object.entries(report.pages as Record<string, {path: string; jsGzip: number; totalTransferred: number; requests: number}>)) {
    console.log(`${name} ${w.path}: JS ${kb(w.jsGzip)} gzip, all ${kb(w.totalTransferred)} in ${w.requests} requests`);
  }
  console.log('written to reports/bench.json');

  const grown = compareWithBaseline(report.pages as Record<string, {jsGzip: number}>);
  if (grown.length) {
    console.error(`guide pages load more JavaScript than before the API reference (bench/baseline.json): ${grown.join(', ')}`);
    process.exitCode = 1;
  }
}

/** Prints before/after for the pages in bench/baseline.json; returns those that grew. */
function compareWithBaseline(pagesNow: Record<string, {jsGzip: number}>): string[] {
  const baseline = JSON.parse(fs.readFileSync(path.join(root, 'bench/baseline.json'), 'utf8')) as {commit: string; pages: Record<string, {path: string; jsGzip: number}>};
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
