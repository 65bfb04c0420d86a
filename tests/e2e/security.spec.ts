/** The production nginx config, as a browser and an attacker meet it (deploy/nginx, issue 7). */
import {expect, test} from '@playwright/test';
import {openHydrated, rawGet, watchCspViolations} from './helpers';

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
  for (const path of ['/', '/deployment/install/docker-compose', '/administration/settings/environment/smtp', '/api/v4/create-post', '/api/v4/introduction', '/faq', '/no-such-page', '/administration/data-management/']) {
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
  for (const path of ['/../../../../etc/passwd', '/%2e%2e/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2f..%2fetc%2fpasswd', '/%252e%252e/etc/passwd', '/..%5c..%5cetc%5cpasswd', '/search-index/..%2f..%2f..%2fetc%2fpasswd']) {
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
