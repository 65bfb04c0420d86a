/**
 * `PORT=8080 npm run serve:nginx`: serves build/ with the production nginx config (deploy/nginx),
 * in the foreground, writing only under a temporary folder. Needs Debian's nginx. TRY_IT_ORIGINS
 * narrows where the API try-it form may send requests, as in the Docker image (scripts/lib/nginx.ts).
 */
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {DEFAULT_TRY_IT_ORIGINS, renderMainConfig, tryItOrigins} from './lib/nginx';
import {SNIPPET} from './lib/csp';
import {portFromEnv} from './lib/port';

const root = path.resolve(__dirname, '..');
const port = portOrExit();
const docroot = path.resolve(process.env.DOCROOT ?? path.join(root, 'build'));
const nginx = process.env.NGINX_BIN ?? 'nginx';
const origins = process.env.TRY_IT_ORIGINS ?? DEFAULT_TRY_IT_ORIGINS;

function portOrExit(): number {
  try {
    return portFromEnv(process.env, 8080);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
}
try {
  tryItOrigins(origins);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
if (!fs.existsSync(path.join(docroot, 'index.html'))) {
  console.error(`${docroot} has no index.html: run "npm run build" first`);
  process.exit(2);
}
if (!fs.existsSync(path.join(docroot, SNIPPET))) {
  console.error(`${docroot} has no ${SNIPPET} (the script hashes of the Content-Security-Policy): build it with "npm run build"`);
  process.exit(2);
}
if (spawnSync(nginx, ['-v']).error) {
  console.error('nginx was not found: install it (Debian: apt-get install -y nginx)');
  process.exit(2);
}

const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'time-docs-nginx-'));
fs.chmodSync(runDir, 0o755);
const confFile = path.join(runDir, 'nginx.conf');
fs.writeFileSync(confFile, renderMainConfig({port, docroot, runDir, tryItOrigins: origins}));

const test = spawnSync(nginx, ['-t', '-q', '-p', runDir, '-c', confFile], {stdio: 'inherit'});
if (test.status !== 0) {
  console.error(`nginx rejected the config written to ${confFile}`);
  process.exit(1);
}

console.log(`Serving ${docroot} with deploy/nginx at http://localhost:${port}/ (Ctrl+C to stop)`);
const child = spawn(nginx, ['-p', runDir, '-c', confFile], {stdio: 'inherit'});
const stop = () => child.kill('SIGQUIT');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => {
  fs.rmSync(runDir, {recursive: true, force: true});
  process.exit(code ?? 0);
});
