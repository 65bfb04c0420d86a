import {expect, test} from '@playwright/test';
import {contractRedirects, LANDED_ISSUES} from '../../data/routes';
import {openHydrated, rawGet} from './helpers';

test.describe('unknown paths', () => {
  test('answer 404 with the Russian page-not-found texts', async ({page}) => {
    const response = await openHydrated(page, '/no-such-page/at-all');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Страница не найдена');
    await expect(page.getByText('К сожалению, мы не смогли найти запрашиваемую вами страницу.')).toBeVisible();
    await expect(page.getByText(/обратитесь к владельцу сайта, с которого вы перешли на эту ссылку/)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  });

  test('include misspelt sections and deep paths', async () => {
    for (const path of ['/deployment/install/nope', '/administration/settings/nope', '/api/v4/nope-nope', '/deployment/install/']) {
      expect((await rawGet(path)).status, path).toBe(404);
    }
  });
});

test.describe('redirects of the route contract', () => {
  for (const {from, to} of contractRedirects.filter((r) => LANDED_ISSUES.includes(r.issue))) {
    test(`${from} → ${to}`, async () => {
      const response = await rawGet(encodeURI(from));
      expect(response.status).toBe(301);
      expect(response.location).toBe(encodeURI(to));
    });
  }

  test('the .html redirect keeps the reader on this host, whatever the path', async () => {
    for (const path of ['//evil.example/x.html', '/%2F%2Fevil.example/x.html', '/\\evil.example/x.html', '/%5Cevil.example/x.html', '/%5C%5Cevil.example/index.html', '///evil.example/index.html']) {
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
