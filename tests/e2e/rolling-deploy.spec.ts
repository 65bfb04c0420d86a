import {expect, test, type Page} from '@playwright/test';
import {openHydrated} from './helpers';

/**
 * During a rolling deploy a page from one build can ask for a script file that only the other
 * build has. Simulated here by answering chosen /assets/js/ requests with 404.
 */
const NOTICE = 'Не удалось загрузить страницу полностью';
const isBundle = (url: string) => /\/assets\/js\/(runtime~main|main)\.[0-9a-f]+\.js$/.test(url);

/** Counts the main frame's document requests (first load and every reload). */
function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) loads++;
  });
  return () => loads;
}

test.describe('a page whose code is missing on the server', () => {
  test('when its main bundle is missing on first visit, shows a Russian notice whose button reloads the page', async ({page}) => {
    let failed = 0;
    await page.route(/\/assets\/js\/main\.[0-9a-f]+\.js$/, (route) => (failed++ === 0 ? route.fulfill({status: 404, body: ''}) : route.continue()));
    await page.goto('/deployment/install/docker-compose');
    const notice = page.getByRole('alert').filter({hasText: NOTICE});
    await expect(notice).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-has-hydrated', 'true');
    // The notice sits at the top of the page, not below the fold.
    expect((await notice.boundingBox())!.y).toBeLessThan(100);

    await notice.getByRole('button', {name: 'Обновить страницу'}).click();
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
    await expect(page.getByText(NOTICE)).toHaveCount(0);
  });

  test('when a chunk of the page is missing on first visit, shows the notice too', async ({page}) => {
    let failed = 0;
    await page.route(/\/assets\/js\/[^/]+\.js$/, (route) =>
      !isBundle(route.request().url()) && failed++ === 0 ? route.fulfill({status: 404, body: ''}) : route.continue(),
    );
    await page.goto('/deployment/install/docker-compose');
    await expect(page.getByRole('alert').filter({hasText: NOTICE})).toBeVisible();
    expect(failed).toBeGreaterThan(0);
  });

  test('a page that loads shows no notice, even when a link prefetch fails after hydration', async ({page}) => {
    await openHydrated(page, '/deployment/install/docker-compose');
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.src = '/assets/js/no-such-chunk.0123456789.js';
      document.head.appendChild(s);
    });
    await page.waitForTimeout(800);
    await expect(page.getByText(NOTICE)).toHaveCount(0);
  });

  test('when a navigation needs a chunk that is missing, the page reloads once at the new address, then shows the notice: no loop', async ({page}) => {
    const loads = countDocumentLoads(page);
    // No fetching ahead (Docusaurus skips it when the reader saves data): otherwise the next page's
    // code may arrive at idle time before the switch below, and the navigation would then need nothing
    // from the "other" build.
    await page.addInitScript(() => Object.defineProperty(navigator, 'connection', {value: {saveData: true, effectiveType: '4g'}}));
    // Script files the page loaded before it hydrated come from "this" build; anything later from the other one.
    const ours = new Set<string>();
    let skew = false;
    await page.route(/\/assets\/js\/[^/]+\.js$/, (route) => {
      const url = route.request().url();
      if (!skew) {
        ours.add(url);
        return route.continue();
      }
      return ours.has(url) ? route.continue() : route.fulfill({status: 404, body: ''});
    });
    await openHydrated(page, '/deployment/install/docker-compose');
    skew = true;
    expect(loads()).toBe(1);

    await page.getByRole('navigation', {name: 'Главное меню'}).getByRole('link', {name: 'API', exact: true}).click();
    await expect(page.getByRole('alert').filter({hasText: NOTICE})).toBeVisible();
    expect(new URL(page.url()).pathname).toMatch(/^\/api\/?$/);
    expect(loads()).toBe(2);
    // No further reloads come.
    await page.waitForTimeout(2000);
    expect(loads()).toBe(2);
  });
});
