import AxeBuilder from '@axe-core/playwright';
import {expect, test, type Page} from '@playwright/test';
import {openHydrated, sitemapPaths} from './helpers';

/** Pages checked with axe: every page while the site is small, then a sample of each page type. */
function pagesToCheck(): string[] {
  const all = sitemapPaths();
  if (all.length <= 60) return all;
  const byType = new Map<string, string[]>();
  for (const path of all) {
    const type = path.split('/').slice(0, 3).join('/');
    byType.set(type, [...(byType.get(type) ?? []), path]);
  }
  return [...byType.values()].flatMap((paths) => paths.slice(0, 3));
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({page}).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
}

for (const path of pagesToCheck()) {
  test(`axe finds no serious violation on ${path}`, async ({page}) => {
    await openHydrated(page, path);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

/** One page of every type (the sitemap loop above checks them in light mode; /search is not in it). */
const PAGE_TYPES = ['/', '/deployment/install/docker-compose', '/administration/settings/environment/smtp', '/api/v4/create-post', '/api/v4/introduction', '/search?q=docker', '/no-such-page', '/faq'];

test('axe finds no serious violation on the search page with results', async ({page}) => {
  await openHydrated(page, '/search?q=docker');
  await expect(page.locator('main ol article').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const path of PAGE_TYPES) {
  test(`axe finds no serious violation on ${path} in dark mode`, async ({page}) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await openHydrated(page, path);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const mode of ['light', 'dark']) {
  test(`axe finds no serious violation in the open try-it form (${mode})`, async ({page}) => {
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    await openHydrated(page, '/api/v4/create-post');
    await page.getByRole('button', {name: 'Попробовать запрос'}).click();
    await expect(page.getByRole('button', {name: 'Отправить запрос'})).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
