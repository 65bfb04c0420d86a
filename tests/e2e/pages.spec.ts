import {expect, test} from '@playwright/test';
import {openHydrated, sitemapPaths, watchErrors} from './helpers';

// Every page a reader can reach from the sitemap loads cleanly in Chromium behind nginx.
for (const path of sitemapPaths()) {
  test(`page ${path} loads with status 200, one h1, a main landmark and no console errors`, async ({page}) => {
    const errors = watchErrors(page);
    const response = await openHydrated(page, path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page).toHaveTitle(/\S.* \| Time Docs$|^Time Docs/);
    expect(errors).toEqual([]);
  });
}
