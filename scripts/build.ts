/**
 * `npm run build`: regenerates the API reference (scripts/prepare-api.ts), then runs
 * `docusaurus build`, shows its output and keeps a copy in build-log.txt so that tests can fail on
 * warnings the build only prints (broken anchors, duplicate routes). Last, it writes the nginx
 * snippet that allows the build's inline scripts by hash (scripts/lib/csp.ts), prints the
 * administration and deployment guides to PDF from the built site (scripts/lib/pdf.ts: Chromium,
 * served by that nginx config) and writes gzip copies of the text files for nginx
 * (scripts/lib/precompress.ts).
 */
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {SNIPPET, writeCspSnippet} from './lib/csp';
import {mb} from './lib/measure';
import {buildPdfs} from './lib/pdf';
import {precompress} from './lib/precompress';

const root = path.resolve(__dirname, '..');
const logFile = path.join(root, 'build-log.txt');
const prepare = spawnSync(process.execPath, [require.resolve('tsx/cli'), path.join(root, 'scripts/prepare-api.ts')], {cwd: root, stdio: 'inherit'});
if (prepare.status !== 0) {
  console.error('The API reference could not be generated: see the problems above.');
  process.exit(1);
}

const log = fs.createWriteStream(logFile);

const child = spawn(process.execPath, [require.resolve('@docusaurus/core/bin/docusaurus.mjs'), 'build', ...process.argv.slice(2)], {
  cwd: root,
  env: {...process.env, FORCE_COLOR: '0'},
  stdio: ['ignore', 'pipe', 'pipe'],
});
child.stdout.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  log.write(chunk);
});
child.stderr.on('data', (chunk: Buffer) => {
  process.stderr.write(chunk);
  log.write(chunk);
});
child.on('close', (code, signal) => {
  log.end(async () => {
    if (signal) {
      console.error(`docusaurus build was killed by ${signal}`);
      process.exit(1);
    }
    if (code !== 0) process.exit(code ?? 1);
    try {
      const dir = outDir(process.argv.slice(2));
      const scripts = writeCspSnippet(dir);
      console.log(`Content-Security-Policy: ${scripts} inline scripts allowed by hash (${SNIPPET})`);
      const started = Date.now();
      for (const guide of await buildPdfs(dir)) {
        console.log(`PDF ${path.relative(root, guide.file)}: ${guide.pages} pages from ${guide.sourcePages} doc pages, ${mb(guide.bytes)}`);
        for (const warning of [...guide.overflow.map((w) => `wider than the sheet: ${w}`), ...guide.brokenAnchors.map((w) => `link to a missing anchor: ${w}`)])
          console.warn(`  warning: ${warning}`);
      }
      console.log(`PDF guides printed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const {files, raw, gzip} = precompress(dir);
      console.log(`Precompressed ${files} files for nginx's gzip_static: ${(raw / 1048576).toFixed(1)} MB → ${(gzip / 1048576).toFixed(1)} MB`);
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
    process.exit(0);
  });
});

/** The output folder of `docusaurus build [--out-dir X]`. */
function outDir(args: string[]): string {
  const at = args.findIndex((a) => a === '--out-dir' || a.startsWith('--out-dir='));
  if (at < 0) return path.join(root, 'build');
  return path.resolve(root, args[at].includes('=') ? args[at].split('=')[1] : args[at + 1]);
}
