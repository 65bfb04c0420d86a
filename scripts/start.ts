/**
 * `npm start`: the live-editing server for writers (`docusaurus start`: pages reload on save) at
 * http://localhost:3000, or the port in `PORT`.
 *
 * The API reference pages are generated from openapi/ (scripts/prepare-api.ts), which the dev server
 * does not watch: this script generates them first, then watches openapi/ and, after a change,
 * stops the dev server, generates the pages again and starts it anew; the browser reconnects and
 * reloads. The server is stopped first because regenerating rewrites every API page, and a running
 * dev server reloads its content once per rewritten file — hundreds of reloads that keep it busy for
 * many minutes. A spec that does not pass its checks is reported here, and the server comes back with
 * the pages of the last good spec.
 */
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {portFromEnv} from './lib/port';

const root = path.resolve(__dirname, '..');
const SPECS = path.join(root, 'openapi');
/** Editors save a file in several steps (temporary file, rename): one regeneration per burst. */
const SETTLE_MS = 300;
/** How long the dev server gets to stop on SIGTERM before it is killed. */
const STOP_MS = 5000;

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

let server: ChildProcess | undefined;
/** True while the server is stopped on purpose, to regenerate the pages. */
let restarting = false;

function startServer() {
  const child = spawn(
    process.execPath,
    [require.resolve('@docusaurus/core/bin/docusaurus.mjs'), 'start', '--host', '0.0.0.0', '--port', String(port), '--no-open', ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  child.on('exit', (code, signal) => {
    if (restarting) return;
    // The server stopped by itself (an error, Ctrl+C): so does this script.
    closeWatchers();
    process.exit(code ?? (signal ? 1 : 0));
  });
  server = child;
}

function stopServer(): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), STOP_MS);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function regenerate(file: string) {
  console.log(`${path.relative(root, file)} changed: stopping the dev server to generate the API pages again…`);
  restarting = true;
  await stopServer();
  if (!prepareApi()) console.error('The API pages were not regenerated: fix the problems above (the pages shown are from the last good spec).');
  restarting = false;
  startServer();
}

/**
 * One watcher per folder of openapi/: a folder's watch sees a file replaced by a rename (how editors
 * and `sed -i` save), which a watch on the file itself loses.
 */
const folders = [
  SPECS,
  ...fs
    .readdirSync(SPECS, {recursive: true, withFileTypes: true})
    .filter((e) => e.isDirectory())
    .map((e) => path.join(e.parentPath, e.name)),
];
let timer: NodeJS.Timeout | undefined;
let queue = Promise.resolve();
const watchers = folders.map((folder) =>
  fs.watch(folder, (_event, name) => {
    if (!name || !/\.ya?ml$/.test(name)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      queue = queue.then(() => regenerate(path.join(folder, name)));
    }, SETTLE_MS);
  }),
);
function closeWatchers() {
  clearTimeout(timer);
  for (const watcher of watchers) watcher.close();
}

if (!prepareApi()) {
  console.error('The API reference could not be generated: fix the problems above and run npm start again.');
  process.exit(1);
}
startServer();
console.log('Watching openapi/: a saved change restarts the dev server with regenerated API pages (about a minute); the browser reloads when it is back.');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    closeWatchers();
    stopServer().then(() => process.exit(0));
  });
}
