/** Chromium (Debian's) and the production nginx config on a local port, for the benchmark scripts. */
import {spawn} from 'node:child_process';
import path from 'node:path';
import {chromium, type Browser} from '@playwright/test';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** Resolves once `url` answers 200, or throws after `ms`. */
export async function waitForServer(url: string, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/** Serves `docroot` with the production nginx config (scripts/serve-nginx.ts) until stop() is called. */
export async function startNginx(port: number, docroot: string): Promise<{base: string; stop: () => void}> {
  const root = path.resolve(__dirname, '../..');
  const server = spawn(process.execPath, [require.resolve('tsx/cli'), path.join(root, 'scripts/serve-nginx.ts')], {
    cwd: root,
    env: {...process.env, PORT: String(port), DOCROOT: docroot},
    stdio: 'ignore',
  });
  const base = `http://localhost:${port}`;
  try {
    await waitForServer(`${base}/`);
  } catch (error) {
    server.kill('SIGTERM');
    throw error;
  }
  return {base, stop: () => server.kill('SIGTERM')};
}
