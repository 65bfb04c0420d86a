/** The production nginx config, as a browser and an attacker meet it (deploy/nginx). */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {listFiles} from '../../plugins/shared/files';
import {headerProblems, HOSTILE_TARGETS, injectionProblems, observeSite} from '../support/nginx-probes';
import {observatoryScore} from '../support/observatory';
import {rawRequest} from '../support/raw-http';
import {openHydrated, rawGet, watchCspViolations} from './helpers';
import {STUB_ORIGINS} from './time-stub';

const port = Number(process.env.E2E_PORT ?? 4173);
const build = path.resolve(__dirname, '../../build');

/** The address of one of the build's PDF guides. */
const builtPdf = () => `/${path.relative(build, listFiles(path.join(build, 'pdf'), (f) => f.endsWith('.pdf'))[0])}`;

/** Pages (and nginx's own answers) are documents; scripts may become a worker; the rest is data. */
type Kind = 'page' | 'script' | 'data';

function expectSecurityHeaders(headers: Record<string, string | string[] | undefined>, what: string, kind: Kind = 'page') {
  const policy = String(headers['content-security-policy'] ?? '');
  expect(policy, what).not.toContain('unsafe-eval');
  expect(policy, what).toContain("frame-ancestors 'none'");
  if (kind === 'page') {
    expect(policy, what).toContain("default-src 'self'");
    expect(policy.match(/script-src ([^;]*)/)?.[1], what).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/]{43}=')+$/);
    expect(headers['permissions-policy'], what).toContain('camera=()');
    expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
  } else {
    // The inline scripts' hashes weigh some 4 KB: only pages carry them.
    expect(policy, what).toMatch(/^default-src 'none';/);
    expect(policy, what).not.toContain('sha256-');
    expect(policy.match(/script-src ([^;]*)/)?.[1], what).toBe(kind === 'script' ? "'self'" : undefined);
    expect(headers['permissions-policy'], what).toBeUndefined();
    expect(headers['cross-origin-opener-policy'], what).toBeUndefined();
  }
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security'], what).toBe('max-age=31536000; includeSubDomains');
  expect(headers['cross-origin-resource-policy'], what).toBe('same-origin');
}

test('every kind of response carries the security headers, with inline scripts allowed only by hash and only on pages', async ({request}) => {
  const home = await request.get('/');
  // The bundles are named by the page's script loader (config/ssrTemplate.ts).
  const script = (await home.text()).match(/"(\/assets\/js\/main\.[0-9a-f]+\.js)"/)![1];
  const manifest = (await (await request.get('/search-index/manifest.json')).json()) as {contexts: {file: string}[]};
  const responses: [string, number, Kind][] = [
    ['/', 200, 'page'],
    ['/deployment/install/docker-compose', 200, 'page'],
    [script, 200, 'script'],
    ['/search-index/manifest.json', 200, 'data'],
    [`/${manifest.contexts[0].file}`, 200, 'data'],
    ['/deployment/install/docker-compose.md', 200, 'data'],
    ['/api/v4/create-post.md', 200, 'data'],
    ['/llms.txt', 200, 'data'],
    ['/no-such-page', 404, 'page'],
  ];
  for (const [path, status, kind] of responses) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(status);
    expectSecurityHeaders(response.headers(), path, kind);
  }
  const redirect = await request.get('/deployment/install/docker-compose.html', {maxRedirects: 0});
  expect(redirect.status()).toBe(301);
  expectSecurityHeaders(redirect.headers(), 'a redirect');
});

test('the search worker runs under its script’s own policy: it fetches the index from the site, and nothing from elsewhere', async ({page, request}) => {
  await openHydrated(page, '/search?q=docker');
  await expect(page.locator('main ol article h2 a').first()).toBeVisible();
  const worker = page.workers()[0];
  const policy = (await request.get(new URL(worker.url()).pathname)).headers()['content-security-policy'];
  // Pages may call the try-it stub's origin (TRY_IT_ORIGINS in playwright.config.ts); the worker may not.
  const result = await worker.evaluate(
    async (foreign) => {
      const violations: string[] = [];
      self.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.effectiveDirective}: ${event.originalPolicy}`));
      const index = (await fetch('/search-index/manifest.json')).status;
      await fetch(foreign).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return {index, violations};
    },
    `${STUB_ORIGINS.replace(':*', ':9')}/api/v4/system/ping`,
  );
  expect(result).toEqual({index: 200, violations: [`connect-src: ${policy}`]});
});

test('a PDF guide opens in the browser’s own viewer under the short policy of data', async ({page, request}) => {
  const pdf = builtPdf();
  expectSecurityHeaders((await request.get(pdf)).headers(), pdf, 'data');
  await page.goto(pdf);
  // Chromium shows a PDF in a frame of its viewer extension, which counts the pages once it has read them.
  const viewer = async () => page.frames().find((frame) => frame.url().startsWith('chrome-extension://'));
  await expect.poll(viewer).toBeTruthy();
  await expect((await viewer())!.locator('#pagelength')).toHaveText(/^[1-9][0-9]*$/);
});

test('pages run under the policy without a single violation, and request nothing from another origin', async ({page, baseURL}) => {
  const violations = await watchCspViolations(page);
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== new URL(baseURL!).origin) foreign.push(request.url());
  });
  // Every page type, and the search worker and highlighter at work.
  for (const path of [
    '/',
    '/deployment/install/docker-compose',
    '/administration/settings/environment/smtp',
    '/api/v4/create-post',
    '/api/v4/introduction',
    '/faq',
    '/no-such-page',
    '/administration/data-management/',
  ]) {
    await page.goto(path);
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  }
  await openHydrated(page, '/search?q=docker');
  await expect(page.locator('main ol article h2 a').first()).toBeVisible();
  await page.locator('main ol article h2 a').first().click();
  await expect(page.locator('article mark.search-highlight').first()).toBeVisible();
  expect(violations).toEqual([]);
  expect(foreign).toEqual([]);
});

test('dot-files, the build’s nginx snippet and source maps are not served', async () => {
  for (const path of ['/.nginx/csp-script-src.conf', '/.git/config', '/.env', '/assets/.hidden', '/assets/js/main.js.map', '/search-index/.x']) {
    expect((await rawGet(path)).status, path).toBe(404);
  }
});

test('path traversal, plain or encoded, never leaves the site folder', async () => {
  for (const path of [
    '/../../../../etc/passwd',
    '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/assets/..%2f..%2f..%2fetc%2fpasswd',
    '/%252e%252e/etc/passwd',
    '/..%5c..%5cetc%5cpasswd',
    '/search-index/..%2f..%2f..%2fetc%2fpasswd',
  ]) {
    const {status, headers} = await rawGet(path);
    expect([400, 404], `${path} → ${status}`).toContain(status);
    expectSecurityHeaders(headers, path);
  }
});

test('an overlong URL is refused with 414', async () => {
  const {status, headers} = await rawGet(`/${'a'.repeat(10_000)}`);
  expect(status).toBe(414);
  // Refused before nginx's rewrite phase, and still under the full policy.
  expectSecurityHeaders(headers, '414');
});

test('no request byte reaches a response header unescaped, and no redirect leaves the origin', async () => {
  const problems: string[] = [];
  for (const target of HOSTILE_TARGETS) problems.push(...injectionProblems(await rawRequest(port, target), target, `http://localhost:${port}`));
  expect(problems).toEqual([]);
});

test('answers of every status carry each security header once', async () => {
  const problems: string[] = [];
  const pdf = builtPdf();
  const probes: [number, string, Parameters<typeof rawRequest>[2]][] = [
    [200, '/deployment/install/docker-compose', {}],
    // A range past the end of a page: the whole page (ranges are for the PDF guides only).
    [200, '/', {headers: {Range: 'bytes=99999999-'}}],
    [206, pdf, {headers: {Range: 'bytes=0-99'}}],
    [301, '/deployment/install/docker-compose.html', {}],
    [400, '/%0d%0a.html', {}],
    [404, '/no-such-page', {}],
    [405, '/', {method: 'POST'}],
    [414, `/${'a'.repeat(10_000)}`, {}],
    [416, pdf, {headers: {Range: 'bytes=999999999-'}}],
  ];
  for (const [status, target, options] of probes) {
    const answer = await rawRequest(port, target, options);
    if (answer.status !== status) problems.push(`${target.slice(0, 40)}: status ${answer.status}, expected ${status}`);
    problems.push(...headerProblems(answer, String(status)));
  }
  expect(problems).toEqual([]);
});

test('every kind of file in the build is served with a type of its own, never as octet-stream', async () => {
  const byExtension = new Map<string, string>();
  // Pages are served at their clean paths (X.html redirects), see above; .gz copies are not files of the site.
  for (const file of listFiles(
    build,
    (f) =>
      !/\.(html|gz)$/.test(f) &&
      !path
        .relative(build, f)
        .split(path.sep)
        .some((part) => part.startsWith('.')),
  )) {
    const extension = path.extname(file);
    if (!byExtension.has(extension)) byExtension.set(extension, `/${path.relative(build, file).split(path.sep).map(encodeURIComponent).join('/')}`);
  }
  expect([...byExtension.keys()]).toEqual(expect.arrayContaining(['.js', '.css', '.md', '.yaml', '.json', '.txt', '.pdf']));
  for (const [extension, target] of byExtension) {
    const answer = await rawRequest(port, target);
    expect(answer.status, target).toBe(200);
    expect(answer.header('content-type'), `${extension}: ${target}`).toMatch(/^[a-z]+\/[a-z0-9.+-]+(; charset=utf-8)?$/);
    expect(answer.header('content-type'), target).not.toContain('octet-stream');
  }
  expect((await rawRequest(port, '/openapi/v4.yaml')).header('content-type')).toBe('application/yaml; charset=utf-8');
  expect(fs.existsSync(path.join(build, 'index.html.gz'))).toBe(true);
  expect((await rawRequest(port, '/index.html.gz')).status).toBe(404);
});

test('the Mozilla Observatory score of the real response headers is A+', async () => {
  const site = await observeSite(port, [
    '/deployment/install/docker-compose.html',
    '/deployment/index.html',
    '/administration/data-management/',
    encodeURI('/api/v4/введение'),
  ]);
  const {score, grade, results} = observatoryScore(site);
  expect({grade, failing: results.filter((r) => r.modifier < 0)}).toEqual({grade: 'A+', failing: []});
  expect(score).toBeGreaterThanOrEqual(100);
});
