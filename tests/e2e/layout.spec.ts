import {expect, test, type Page} from '@playwright/test';
import {openHydrated, sitemapPaths} from './helpers';

/**
 * The elements that stick out past the right edge of the viewport without a scrolling box of their
 * own around them: what makes the page scroll sideways. Reported by tag, class and text.
 */
function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (el: Element) => getComputedStyle(el).overflowX !== 'visible';
    const out: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (el.getBoundingClientRect().right <= width + 0.5) continue;
      let inside = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (scrolls(a)) {
          inside = true;
          break;
        }
      }
      if (inside) continue;
      // Report the innermost element: one whose own children all fit.
      if (Array.from(el.children).some((c) => c.getBoundingClientRect().right > width + 0.5)) continue;
      out.push(`${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')} «${(el.textContent ?? '').trim().slice(0, 60)}»`);
    }
    return out.slice(0, 5);
  });
}

/** The sitemap's pages in groups of about 25: one browser page walks a group, which saves most of a page's setup. */
function pageGroups(size = 25): string[][] {
  const paths = sitemapPaths();
  const groups: string[][] = [];
  for (let i = 0; i < paths.length; i += size) groups.push(paths.slice(i, i + size));
  return groups;
}

test.describe('phones: no page scrolls sideways at 375 px', () => {
  test.use({viewport: {width: 375, height: 800}});
  // Every page of the sitemap: guides, settings pages and every API operation.
  for (const group of pageGroups()) {
    test(`${group[0]} … ${group.at(-1)} (${group.length} pages) fit a 375 px screen`, async ({page}) => {
      test.setTimeout(group.length * 10_000);
      const wide: Record<string, string[]> = {};
      for (const path of group) {
        await openHydrated(page, path);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > 375) wide[`${path} (${scrollWidth} px)`] = await overflowingElements(page);
      }
      expect(wide).toEqual({});
    });
  }
});

test.describe('the settings overview table', () => {
  test('fits its text column at 1280 px: long keys wrap at dots and underscores', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 900});
    await openHydrated(page, '/administration/settings/');
    const region = page.getByRole('region', {name: 'Таблица параметров'});
    const {regionWidth, tableWidth, column} = await region.evaluate((el) => ({
      regionWidth: el.clientWidth,
      tableWidth: el.querySelector('table')!.scrollWidth,
      column: el.closest('.markdown, article')!.clientWidth,
    }));
    expect(tableWidth).toBeLessThanOrEqual(regionWidth);
    expect(regionWidth).toBeLessThanOrEqual(column);
    // A long variable name is on several lines, broken after an underscore, and copies as one word.
    const cell = region.locator('td code', {hasText: 'TIME_EXPERIMENTALSETTINGS_CLIENTSIDECERTENABLE'});
    expect(await cell.locator('wbr').count()).toBeGreaterThan(0);
    const lines = await cell.evaluate((el) => el.getClientRects().length);
    expect(lines).toBeGreaterThan(1);
    expect(await cell.evaluate((el) => el.textContent)).toBe('TIME_EXPERIMENTALSETTINGS_CLIENTSIDECERTENABLE');
  });

  test('on a phone scrolls inside its own region, not the page', async ({page}) => {
    await page.setViewportSize({width: 375, height: 800});
    await openHydrated(page, '/administration/settings/');
    const region = page.getByRole('region', {name: 'Таблица параметров'});
    const {regionWidth, tableWidth} = await region.evaluate((el) => ({regionWidth: el.clientWidth, tableWidth: el.scrollWidth}));
    expect(tableWidth).toBeGreaterThan(regionWidth);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
