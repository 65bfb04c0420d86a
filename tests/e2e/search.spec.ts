import {expect, test} from '@playwright/test';
import {openHydrated} from './helpers';

test.describe('search', () => {
  test('Ctrl+K focuses the box; Russian queries suggest pages', async ({page}) => {
    await openHydrated(page, '/');
    await page.keyboard.press('Control+k');
    const box = page.getByLabel('Поиск по документации');
    await expect(box).toBeFocused();
    await box.fill('обновление');
    const suggestions = page.getByRole('listbox').getByRole('option');
    await expect(suggestions.first()).toBeVisible();
    expect(await suggestions.count()).toBeLessThanOrEqual(10);
  });

  test('an English term finds the Docker Compose guide and the hit opens it with highlighting', async ({page}) => {
    await openHydrated(page, '/');
    const box = page.getByLabel('Поиск по документации');
    await box.fill('docker compose');
    const hit = page.getByRole('listbox').getByRole('option', {name: /Docker Compose/}).first();
    await expect(hit).toBeVisible();
    await hit.click();
    await expect(page).toHaveURL(/_highlight=/);
    await expect(page.locator('article mark').first()).toBeVisible();
  });

  test('the search page shows results for q', async ({page}) => {
    await openHydrated(page, '/search?q=kubernetes');
    await expect(page.getByRole('heading', {level: 1})).toContainText('kubernetes');
    await expect(page.locator('article a[href*="k8s-kustomize"]').first()).toBeVisible();
  });
});
