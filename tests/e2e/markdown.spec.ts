import {expect, test} from '@playwright/test';
import {openHydrated} from './helpers';

/** Every doc page as Markdown, its two actions, llms.txt, and the guides' edit links. */

test('the Markdown copy of a page is served as UTF-8 Markdown, guides and API operations alike', async ({request}) => {
  for (const [path, title] of [
    ['/deployment/install/docker-compose.md', '# Установка с Docker Compose\n'],
    ['/api/v4/create-post.md', '# Создать сообщение\n'],
    ['/index.md', '# Документация Time\n'],
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toBe('text/markdown; charset=utf-8');
    expect((await response.text()).startsWith(title), path).toBe(true);
  }
  for (const path of ['/llms.txt', '/llms-full.txt']) {
    const response = await request.get(path);
    expect(response.headers()['content-type'], path).toBe('text/plain; charset=utf-8');
    expect((await response.text()).startsWith('# Time Docs\n'), path).toBe(true);
  }
  // A section's copy also answers at <section>/index.md.
  const index = await request.get('/deployment/index.md');
  expect(index.status()).toBe(200);
  expect(await index.text()).toBe(await (await request.get('/deployment.md')).text());
  expect((await request.get('/no-such-page.md')).status()).toBe(404);
  expect((await request.get('/no-such/index.md')).status()).toBe(404);
});

test('«Открыть в Markdown» opens the page’s Markdown', async ({page}) => {
  await openHydrated(page, '/administration/settings/environment/smtp');
  const link = page.getByRole('link', {name: 'Открыть в Markdown'});
  await expect(link).toHaveAttribute('href', '/administration/settings/environment/smtp.md');
  await link.click();
  await expect(page).toHaveURL(/\/administration\/settings\/environment\/smtp\.md$/);
  await expect(page.locator('body')).toContainText('# SMTP');
});

test('«Скопировать как Markdown» puts the page’s Markdown on the clipboard and says so', async ({page, context, baseURL}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: baseURL});
  await openHydrated(page, '/api/v4/create-post');
  await page.getByRole('button', {name: 'Скопировать как Markdown'}).click();
  await expect(page.getByRole('status').filter({hasText: 'Markdown страницы скопирован'})).toBeVisible();
  const expected = await (await page.request.get('/api/v4/create-post.md')).text();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
});

test('a copy that fails says what to do instead', async ({page, context, baseURL}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: baseURL});
  await page.route('**/*.md', (route) => route.fulfill({status: 503, body: ''}));
  await openHydrated(page, '/deployment/install/docker-compose');
  await page.getByRole('button', {name: 'Скопировать как Markdown'}).click();
  await expect(page.getByRole('status').filter({hasText: 'Не удалось скопировать'})).toBeVisible();
});

test('a guide page links to its source and shows its update date; an operation page shows neither', async ({page}) => {
  await openHydrated(page, '/deployment/install/docker-compose');
  const edit = page.getByRole('link', {name: 'Редактировать страницу'});
  await expect(edit).toHaveAttribute('href', /\/docs\/deployment\/install\/docker-compose\.md$/);
  await expect(page.locator('.theme-last-updated time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await openHydrated(page, '/api/v4/create-post');
  await expect(page.getByRole('link', {name: 'Открыть в Markdown'})).toBeVisible();
  await expect(page.getByRole('link', {name: 'Редактировать страницу'})).toHaveCount(0);
  await expect(page.locator('.theme-last-updated')).toHaveCount(0);
});

test('the administration and deployment overviews link their guide as a PDF that nginx serves', async ({page, request}) => {
  for (const [path, pdf] of [
    ['/administration/', '/pdf/time-administration.pdf'],
    ['/deployment/', '/pdf/time-deployment.pdf'],
  ]) {
    await openHydrated(page, path);
    await expect(page.getByRole('link', {name: 'скачать PDF'})).toHaveAttribute('href', pdf);
    const response = await request.get(pdf);
    expect(response.status(), pdf).toBe(200);
    expect(response.headers()['content-type'], pdf).toBe('application/pdf');
    expect((await response.body()).subarray(0, 5).toString(), pdf).toBe('%PDF-');
  }
});
