import {expect, test} from '@playwright/test';
import {openHydrated} from './helpers';

test.describe('settings catalogue pages', () => {
  test('a link to a setting anchor scrolls that setting into view', async ({page}) => {
    await openHydrated(page, '/administration/settings/environment/smtp#emailsettings-smtpservertimeout');
    const heading = page.locator('#emailsettings-smtpservertimeout');
    await expect(heading).toBeInViewport();
    const top = await heading.evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeLessThan(250);
    await expect(page.locator('dl.setting-meta').filter({hasText: 'TIME_EMAILSETTINGS_SMTPSERVERTIMEOUT'})).toBeVisible();
  });

  test('the reference filters by key and leads to the setting', async ({page}) => {
    await openHydrated(page, '/administration/settings/');
    const rows = page.locator('table tbody tr');
    const total = await rows.count();
    expect(total).toBeGreaterThan(5);
    await page.getByLabel('Ключ, переменная или название').fill('TIME_EMAILSETTINGS_SMTPPORT');
    await expect(rows).toHaveCount(1);
    await expect(page.getByText(`Показано 1 из ${total}`)).toBeVisible();
    await rows.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/administration\/settings\/environment\/smtp#emailsettings-smtpport$/);
    await expect(page.locator('#emailsettings-smtpport')).toBeInViewport();
  });

  test('the reference narrows to one console section', async ({page}) => {
    await openHydrated(page, '/administration/settings/');
    await page.getByLabel('Раздел консоли').selectOption('Среда');
    const sections = await page.locator('table tbody tr td:nth-child(4)').allTextContents();
    expect(sections.length).toBeGreaterThan(0);
    for (const s of sections) expect(s.startsWith('Среда')).toBe(true);
  });
});
