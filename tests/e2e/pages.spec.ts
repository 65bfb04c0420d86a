import {expect, test} from '@playwright/test';
import {browserCheckedPaths, openHydrated, watchErrors} from './helpers';

// Every guide page of the sitemap (and a sample of API operation pages) loads cleanly in Chromium behind nginx.
for (const path of browserCheckedPaths()) {
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
