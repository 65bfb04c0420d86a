import {expect, test} from '@playwright/test';
import {movedOperationPages} from '../../plugins/openapi/moved-pages';
import {contractRedirects} from '../../data/routes';
import {openHydrated, rawGet, sitemapPaths} from './helpers';

test.describe('unknown paths', () => {
  test('answer 404 with the Russian page-not-found texts', async ({page}) => {
    const response = await openHydrated(page, '/no-such-page/at-all');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Страница не найдена');
    await expect(page.getByText('К сожалению, мы не смогли найти запрашиваемую вами страницу.')).toBeVisible();
    await expect(page.getByText(/обратитесь к владельцу сайта, с которого вы перешли на эту ссылку/)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  });

  test('are titled «Страница не найдена» and name no canonical address, as served and once hydrated', async ({page, request}) => {
    const served = await request.get('/no-such-page/at-all');
    expect(served.status()).toBe(404);
    const html = await served.text();
    expect(html).toMatch(/<title[^>]*>Страница не найдена \| Time Docs<\/title>/);
    expect(html).not.toMatch(/rel="?canonical/);
    expect(html).not.toMatch(/og:url/);
    expect(html).not.toContain('404.html');
    expect(html).toMatch(/<meta[^>]*name="?robots"?[^>]*content="?noindex/);

    await openHydrated(page, '/no-such-page/at-all');
    await expect(page).toHaveTitle('Страница не найдена | Time Docs');
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    await expect(page.locator('meta[property="og:url"]')).toHaveCount(0);
  });

  test('a real page keeps its canonical address', async ({page}) => {
    await openHydrated(page, '/faq');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/faq$/);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });

  test('include misspelt sections and deep paths', async () => {
    for (const path of ['/deployment/install/nope', '/administration/settings/nope', '/api/v4/nope-nope', '/deployment/install/nope/']) {
      expect((await rawGet(path)).status, path).toBe(404);
    }
  });
});

test.describe('redirects of the route contract', () => {
  for (const {from, to} of contractRedirects) {
    test(`${from} → ${to}`, async () => {
      const response = await rawGet(encodeURI(from));
      expect(response.status).toBe(301);
      expect(response.location).toBe(encodeURI(to));
    });
  }

  test('the .html redirect keeps the reader on this host, whatever the path', async () => {
    for (const path of [
      '//evil.example/x.html',
      '/%2F%2Fevil.example/x.html',
      '/\\evil.example/x.html',
      '/%5Cevil.example/x.html',
      '/%5C%5Cevil.example/index.html',
      '///evil.example/index.html',
    ]) {
      const {status, location} = await rawGet(path);
      if (status === 301) {
        // Relative, and not a protocol-relative "//host" or "/\\host" that a browser would follow off-site.
        expect(location, path).toMatch(/^\/[^/\\]/);
      } else {
        expect(status, path).toBe(404);
      }
    }
  });

  test('a reader following an old .html link lands on the page', async ({page}) => {
    await openHydrated(page, '/deployment/install/docker-compose.html#env-file');
    expect(new URL(page.url()).pathname).toBe('/deployment/install/docker-compose');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Установка с Docker Compose');
  });
});

/** Every folder above a page of the sitemap (`/api/v4`, `/deployment/install`…), pages or not. */
function sectionFolders(): string[] {
  const folders = new Set<string>();
  for (const page of sitemapPaths()) {
    const parts = page.split('/').filter(Boolean);
    for (let i = 1; i < parts.length; i++) folders.add(`/${parts.slice(0, i).join('/')}`);
  }
  return [...folders].sort();
}

/** Follows same-origin redirects (relative Location only) and returns the statuses on the way. */
async function follow(path: string): Promise<{statuses: number[]; end: string}> {
  const statuses: number[] = [];
  let current = path;
  for (let hop = 0; hop < 5; hop++) {
    const {status, location} = await rawGet(encodeURI(current));
    statuses.push(status);
    if (status !== 301 && status !== 302) return {statuses, end: current};
    expect(location, `${current} redirects off-site`).toMatch(/^\/[^/\\]/);
    current = decodeURI(location!);
  }
  return {statuses, end: current};
}

test.describe('section folders lead to a page', () => {
  const folders = sectionFolders();

  test('the sitemap has the folders readers trim URLs to', () => {
    expect(folders).toEqual(
      expect.arrayContaining([
        '/api/v4',
        '/api/v5',
        '/deployment/install',
        '/deployment/upgrade',
        '/administration/settings/environment',
        '/administration/manage-authentication',
      ]),
    );
  });

  for (const folder of folders) {
    for (const path of [folder, `${folder}/`]) {
      test(`${path} answers 200 or redirects on this host to a page`, async () => {
        const {statuses, end} = await follow(path);
        expect(statuses.at(-1), `${path} → ${end}`).toBe(200);
        expect(
          statuses.slice(0, -1).every((s) => s === 301),
          statuses.join(' → '),
        ).toBe(true);
      });
    }
  }

  test('a reader who trims a URL lands on the section overview', async ({page}) => {
    for (const [from, to] of [
      ['/api/v4/', '/api/v4/introduction'],
      ['/api/v5', '/api/v5/time-api-reference'],
      ['/administration/settings/environment/', '/administration/settings'],
      ['/deployment/install/', '/deployment'],
      ['/api/v5/auth-service/?from=link', '/api/v5/auth-service/auth-service?from=link'],
    ]) {
      await openHydrated(page, from);
      const url = new URL(page.url());
      expect(`${url.pathname.replace(/\/$/, '')}${url.search}`, from).toBe(to);
      await expect(page.getByRole('heading', {level: 1})).toHaveCount(1);
    }
  });
});

test.describe('moved API pages lead to their new addresses', () => {
  for (const {from, to, reason} of movedOperationPages) {
    test(`${from} (with and without the slash) → ${to}: ${reason}`, async () => {
      for (const path of [from, `${from}/`]) {
        const {status, location} = await rawGet(`${path}?from=link`);
        expect(status, path).toBe(301);
        expect(location, path).toBe(`${to}?from=link`);
      }
      expect((await rawGet(to)).status, to).toBe(200);
    });
  }

  test('a reader following an old link lands on the renamed operation', async ({page}) => {
    await openHydrated(page, '/api/v4/create-oauth-app');
    expect(new URL(page.url()).pathname).toBe('/api/v4/create-o-auth-app');
    await expect(page.getByRole('heading', {level: 1})).toHaveCount(1);
    await expect(page.locator('article')).toContainText('/api/v4/oauth/apps');
  });
});
