/** Keyboard only: every control reachable, focus visible, the search box and the mobile menu usable and closable. */
import {expect, test, type Page} from '@playwright/test';
import {openHydrated} from './helpers';

const GUIDE = '/deployment/install/docker-compose';

/** True when the focused element draws a focus indicator (outline or box shadow). */
const focusVisible = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    const style = getComputedStyle(el);
    return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
  });

test('Tab reaches the navbar, the search box, the colour switch, the sidebar and the content, each with a visible focus', async ({page}) => {
  await openHydrated(page, GUIDE);
  const seen = new Set<string>();
  const invisible: string[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const area = el.closest('.navbar') ? 'navbar' : el.closest('.theme-doc-sidebar-container') ? 'sidebar' : el.closest('article') ? 'content' : 'other';
      return {
        area,
        name: `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30)}`,
        search: el.getAttribute('role') === 'combobox',
        toggle: !!el.closest('.colorModeToggle, [class*="colorModeToggle"]'),
      };
    });
    seen.add(where.area);
    if (where.search) seen.add('search');
    if (where.toggle) seen.add('colour switch');
    if (!(await focusVisible(page))) invisible.push(where.name);
  }
  expect([...seen]).toEqual(expect.arrayContaining(['navbar', 'search', 'colour switch', 'sidebar', 'content']));
  expect(invisible).toEqual([]);
});

test('the search box works from the keyboard alone and Escape closes it', async ({page}) => {
  await openHydrated(page, '/');
  await page.keyboard.press('Control+k');
  await page.keyboard.type('docker');
  const list = page.getByRole('listbox', {name: 'Результаты поиска'});
  await expect(list.getByRole('option').first()).toBeVisible();
  // Tab walks from the box to its clear button and on to the links under the suggestions.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', {name: 'Очистить поиск'})).toBeFocused();
  expect(await focusVisible(page)).toBe(true);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', {name: 'Все результаты', exact: true})).toBeFocused();
  await expect(list).toBeVisible();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('combobox', {name: 'Поиск по документации'})).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', {name: 'Поиск по документации'})).toHaveValue('');
});

test('on a phone the menu opens from the keyboard, takes the focus, and Escape closes it', async ({page}) => {
  await page.setViewportSize({width: 390, height: 800});
  await openHydrated(page, GUIDE);
  const toggle = page.getByRole('button', {name: 'Переключить навигационную панель'});
  await toggle.focus();
  await page.keyboard.press('Enter');
  const panel = page.locator('.navbar-sidebar');
  await expect(panel.getByRole('link', {name: 'Чек-лист перед установкой'})).toBeVisible();
  await expect(panel.locator('.navbar-sidebar__close')).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('.navbar-sidebar'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(panel.getByRole('link', {name: 'Чек-лист перед установкой'})).toBeHidden();
  await expect(toggle).toBeFocused();
});
