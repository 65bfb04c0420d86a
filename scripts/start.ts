/**
 * `npm start`: the live-editing server for writers (`docusaurus start`: pages reload on save) at
 * http://localhost:3000, or the port in `PORT`.
 *
 * The API reference pages are generated from openapi/ (scripts/prepare-api.ts), which the dev server
 * does not watch: this script generates them first, then watches openapi/ and generates them again
 * after every change, and the dev server reloads the pages it sees change. A spec that does not pass
 * its checks is reported here and the last good pages stay up.
 */
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {portFromEnv} from './lib/port';

const root = path.resolve(__dirname, '..');
const SPECS = path.join(root, 'openapi');
/** Editors save a file in several steps (temporary file, rename): one regeneration per burst. */
const SETTLE_MS = 300;

/** Runs prepare-api; true when the pages were generated. */
function prepareApi(): boolean {
  const started = Date.now();
  const run = spawnSync(process.execPath, [require.resolve('tsx/cli'), path.join(root, 'scripts/prepare-api.ts')], {cwd: root, stdio: 'inherit'});
  if (run.status === 0) console.log(`API pages generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return run.status === 0;
}

let port: number;
try {
  port = portFromEnv(process.env, 3000);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

if (!prepareApi()) {
  console.error('The API reference could not be generated: fix the problems above and run npm start again.');
  process.exit(1);
}

const server = spawn(process.execPath, [require.resolve('@docusaurus/core/bin/docusaurus.mjs'), 'start', '--host', '0.0.0.0', '--port', String(port), '--no-open', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});

let timer: NodeJS.Timeout | undefined;
const watcher = fs.watch(SPECS, {recursive: true}, (_event, file) => {
  if (file && !/\.ya?ml$/.test(file)) return;
  clearTimeout(timer);
  timer = setTimeout(() => {
    console.log(`openapi/${file ?? ''} changed: generating the API pages again…`);
    if (!prepareApi()) console.error('The API pages were not regenerated: fix the problems above (the pages shown are from the last good spec).');
  }, SETTLE_MS);
});
console.log('Watching openapi/: a saved change regenerates the API reference pages, and the browser reloads them.');

const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code, signal) => {
  watcher.close();
  clearTimeout(timer);
  process.exit(code ?? (signal ? 1 : 0));
});
