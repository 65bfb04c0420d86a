import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type {ConsoleMessage, Page} from '@playwright/test';

/** Opens a path and waits until React has hydrated (controls work only after that). */
export async function openHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  return response;
}

/** Collects console errors and uncaught page errors while a test runs. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The site's paths from the built sitemap.xml, relative to the local server. */
export function sitemapPaths(): string[] {
  const sitemap = fs.readFileSync(path.resolve(__dirname, '../../build/sitemap.xml'), 'utf8');
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

/**
 * A GET whose path is sent exactly as written (no URL resolution), with no redirect following.
 * Needed for paths such as `//evil.example/x.html` that a URL parser would turn into another host.
 */
export function rawGet(path: string): Promise<{status: number; location?: string}> {
  const port = Number(process.env.E2E_PORT ?? 4173);
  return new Promise((resolve, reject) => {
    const req = http.request({host: '127.0.0.1', port, path, method: 'GET', headers: {host: `localhost:${port}`}}, (res) => {
      res.resume();
      res.on('end', () => resolve({status: res.statusCode ?? 0, location: res.headers.location}));
    });
    req.on('error', reject);
    req.end();
  });
}
