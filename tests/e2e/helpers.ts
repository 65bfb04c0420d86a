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

/** Collects the Content-Security-Policy violations of every page the test opens. Call before navigating. */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as {reportCspViolation: (t: string) => void}).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return violations;
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
/**
 * Scrolls the window to `y` and waits for the scroll event. Two scrolls in one frame make a single
 * event, so the theme's scroll handlers (back-to-top, hiding navbar) would never see the first one.
 */
export function scrollPage(page: Page, y: number): Promise<void> {
  return page.evaluate(
    (top) =>
      new Promise<void>((resolve) => {
        const before = window.scrollY;
        window.addEventListener('scroll', () => resolve(), {once: true});
        window.scrollTo(0, top);
        // Already there (or clamped to where it was): no scroll event will come.
        if (window.scrollY === before) resolve();
      }),
    y,
  );
}

export function rawGet(path: string): Promise<{status: number; location?: string; headers: http.IncomingHttpHeaders}> {
  const port = Number(process.env.E2E_PORT ?? 4173);
  return new Promise((resolve, reject) => {
    const req = http.request({host: '127.0.0.1', port, path, method: 'GET', headers: {host: `localhost:${port}`}}, (res) => {
      res.resume();
      res.on('end', () => resolve({status: res.statusCode ?? 0, location: res.headers.location, headers: res.headers}));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Pages for the browser checks: every guide page, and a sample of the generated API operation pages
 * (every tenth, plus the first of each folder). Every operation page's HTML is still checked in
 * tests/build; loading hundreds of API pages in a browser would take most of the CI budget.
 */
export function browserCheckedPaths(): string[] {
  const all = sitemapPaths();
  const chapters =
    /^\/api\/v4\/(introduction|authentication|websocket|rate-limiting|errors|schema|check-guest-limit)$|^\/api\/v5\/(time-api-reference|errors)$/;
  const isOperation = (p: string) => /^\/api\/v[45]\//.test(p) && !chapters.test(p);
  const operations = all.filter(isOperation);
  const sampled = new Set(operations.filter((_, i) => i % 10 === 0));
  const seenFolders = new Set<string>();
  for (const p of operations) {
    const folder = p.split('/').slice(0, -1).join('/');
    if (!seenFolders.has(folder)) {
      seenFolders.add(folder);
      sampled.add(p);
    }
  }
  return all.filter((p) => !isOperation(p) || sampled.has(p));
}
