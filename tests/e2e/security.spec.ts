/** The production nginx config, as a browser and an attacker meet it (deploy/nginx). */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {listFiles} from '../../plugins/shared/files';
import {headerProblems, HOSTILE_TARGETS, injectionProblems, observeSite} from '../support/nginx-probes';
import {observatoryScore} from '../support/observatory';
import {rawRequest} from '../support/raw-http';
import {openHydrated, rawGet, watchCspViolations} from './helpers';

const port = Number(process.env.E2E_PORT ?? 4173);
const build = path.resolve(__dirname, '../../build');

function expectSecurityHeaders(headers: Record<string, string | string[] | undefined>, what: string) {
  const policy = String(headers['content-security-policy'] ?? '');
  const scripts = policy.match(/script-src ([^;]*)/)?.[1] ?? '';
  expect(policy, what).toContain("default-src 'self'");
  expect(scripts, what).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/]{43}=')+$/);
  expect(policy, what).not.toContain('unsafe-eval');
  expect(policy, what).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], what).toContain('camera=()');
  expect(headers['strict-transport-security'], what).toBe('max-age=31536000; includeSubDomains');
  expect(headers['cross-origin-resource-policy'], what).toBe('same-origin');
}

test('every kind of response carries the security headers, with inline scripts allowed only by hash', async ({request}) => {
  const home = await request.get('/');
  // The bundles are named by the page's script loader (config/ssrTemplate.ts).
  const script = (await home.text()).match(/"(\/assets\/js\/main\.[0-9a-f]+\.js)"/)![1];
  const manifest = (await (await request.get('/search-index/manifest.json')).json()) as {contexts: {file: string}[]};
  const responses: [string, number][] = [
    ['/', 200],
    ['/deployment/install/docker-compose', 200],
    [script, 200],
    [`/${manifest.contexts[0].file}`, 200],
    ['/deployment/install/docker-compose.md', 200],
    ['/api/v4/create-post.md', 200],
    ['/llms.txt', 200],
    ['/no-such-page', 404],
  ];
  for (const [path, status] of responses) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(status);
    expectSecurityHeaders(response.headers(), path);
  }
  const redirect = await request.get('/deployment/install/docker-compose.html', {maxRedirects: 0});
  expect(redirect.status()).toBe(301);
  expectSecurityHeaders(redirect.headers(), 'a redirect');
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
  const pdf = `/${path.relative(build, listFiles(path.join(build, 'pdf'), (f) => f.endsWith('.pdf'))[0])}`;
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
