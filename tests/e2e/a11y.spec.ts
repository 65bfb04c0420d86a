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

/** Every WCAG 2.1 A/AA violation axe finds, whatever its impact (minor ones included). */
async function violations(page: Page) {
  const results = await new AxeBuilder({page}).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(', ')}`,
  );
}

for (const path of pagesToCheck()) {
  test(`axe finds no WCAG 2.1 AA violation on ${path}`, async ({page}) => {
    await openHydrated(page, path);
    expect(await violations(page)).toEqual([]);
  });
}

/** One page of every type (the sitemap loop above checks them in light mode; /search is not in it). */
const PAGE_TYPES = [
  '/',
  '/deployment/install/docker-compose',
  '/administration/settings/environment/smtp',
  '/api/v4/create-post',
  '/api/v4/introduction',
  '/search?q=docker',
  '/no-such-page',
  '/faq',
];

test('axe finds no WCAG 2.1 AA violation on the search page with results', async ({page}) => {
  await openHydrated(page, '/search?q=docker');
  await expect(page.locator('main ol article').first()).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

for (const path of PAGE_TYPES) {
  test(`axe finds no WCAG 2.1 AA violation on ${path} in dark mode`, async ({page}) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await openHydrated(page, path);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await violations(page)).toEqual([]);
  });
}

for (const mode of ['light', 'dark']) {
  test(`axe finds no WCAG 2.1 AA violation in the open try-it form (${mode})`, async ({page}) => {
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    await openHydrated(page, '/api/v4/create-post');
    await page.getByRole('button', {name: 'Попробовать запрос'}).click();
    await expect(page.getByRole('button', {name: 'Отправить запрос'})).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
}

for (const mode of ['light', 'dark']) {
  test(`axe finds no WCAG 2.1 AA violation in the open search suggestions (${mode})`, async ({page}) => {
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    await openHydrated(page, '/');
    await page.getByRole('combobox', {name: 'Поиск по документации'}).fill('smtp');
    await expect(page.getByRole('listbox', {name: 'Результаты поиска'}).getByRole('option').first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test(`axe finds no WCAG 2.1 AA violation in the open phone menu (${mode})`, async ({page}) => {
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    await page.setViewportSize({width: 390, height: 800});
    await openHydrated(page, '/deployment/install/docker-compose');
    await page.getByRole('button', {name: 'Переключить навигационную панель'}).click();
    await expect(page.locator('.navbar-sidebar').getByRole('link', {name: 'Чек-лист перед установкой'})).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
}
