import {expect, test, type Page} from '@playwright/test';
import {openHydrated, rawGet, watchCspViolations, watchErrors} from './helpers';

/** The bodies of all scripts a page runs until the network is idle (main thread only). */
async function scriptsOf(page: Page, url: string): Promise<{url: string; body: string}[]> {
  const scripts: Promise<{url: string; body: string}>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().then((body) => ({url: response.url(), body})));
  });
  await page.goto(url, {waitUntil: 'networkidle'});
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  return Promise.all(scripts);
}

// The OpenAPI theme's components (class names openapi-schema__…, openapi-tabs__…, the try-it
// explorer) and lunr belong to API pages and the search worker, never to a guide page's scripts.
const API_THEME_CODE = /openapi-(?:schema|tabs|explorer)__/;
const LUNR_CODE = /Lunr stemmer support is not present/;
// Prism's core (guide pages get their code highlighted at build time, plugins/code-highlight).
const PRISM_CODE = /disableWorkerMessageHandler/;
// postman-code-generators: an option description of its cURL generator.
const GENERATOR_CODE = /Use the long form for cURL options/;

async function openTryIt(page: Page) {
  await page.getByRole('button', {name: 'Попробовать запрос'}).click();
  await expect(page.getByRole('button', {name: 'Отправить запрос'})).toBeVisible();
}

test.describe('guide pages do not pay for the reference', () => {
  for (const path of ['/', '/deployment/install/docker-compose', '/administration/settings/environment/smtp', '/faq']) {
    test(`${path} loads no API theme code, no lunr and no Prism`, async ({page}) => {
      const scripts = await scriptsOf(page, path);
      expect(scripts.length).toBeGreaterThan(2);
      expect(scripts.filter((s) => API_THEME_CODE.test(s.body)).map((s) => s.url)).toEqual([]);
      expect(scripts.filter((s) => LUNR_CODE.test(s.body)).map((s) => s.url)).toEqual([]);
      expect(scripts.filter((s) => PRISM_CODE.test(s.body)).map((s) => s.url)).toEqual([]);
    });
  }

  test('an operation page does load the API theme, from its own chunk', async ({page}) => {
    const scripts = await scriptsOf(page, '/api/v4/create-post');
    expect(scripts.some((s) => /\/api-common\.[0-9a-f]+\.js$/.test(s.url) && API_THEME_CODE.test(s.body))).toBe(true);
  });

  test('an operation page has its code samples, highlighted, in the HTML: no script needed', async ({browser}) => {
    const context = await browser.newContext({javaScriptEnabled: false});
    const page = await context.newPage();
    await page.goto('/api/v4/create-post');
    const curl = page.locator('.openapi-tabs__code-container pre.language-bash').first();
    await expect(curl).toContainText("curl -L 'https://time.example.ru/api/v4/posts?set_online=true'");
    await expect(curl).toContainText("-H 'Authorization: Bearer <token>'");
    await expect(curl.locator('.token.function', {hasText: 'curl'}).first()).toBeVisible();
    await expect(page.getByRole('button', {name: 'Попробовать запрос'})).toBeVisible();
    await context.close();
  });

  test('an operation page loads neither the code generators nor the request builder until try-it is opened', async ({page}) => {
    const scripts = await scriptsOf(page, '/api/v4/create-post');
    expect(scripts.filter((s) => GENERATOR_CODE.test(s.body)).map((s) => s.url)).toEqual([]);
    const later: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') later.push(response.text());
    });
    await page.getByRole('button', {name: 'Попробовать запрос'}).click();
    await expect(page.getByRole('button', {name: 'Отправить запрос'})).toBeVisible();
    expect((await Promise.all(later)).some((body) => GENERATOR_CODE.test(body))).toBe(true);
  });

  test('every language and variant tab shows its build-time sample', async ({page}) => {
    await openHydrated(page, '/api/v4/get-user');
    const samples = page.locator('.openapi-tabs__code-container').first();
    const expected: Record<string, RegExp> = {curl: /^curl -L/, python: /import requests/, go: /package main/, nodejs: /const axios = require\('axios'\)/, java: /OkHttpClient/};
    for (const [tab, code] of Object.entries(expected)) {
      // The language tabs come first; cURL's one variant tab has the same name.
      await samples.getByRole('tab', {name: new RegExp(`^${tab}$`, 'i')}).first().click();
      await expect(samples.locator('pre').first()).toContainText(code);
      await expect(samples.locator('pre').first()).toContainText('/api/v4/users/8fksdi9f8ffbinjr4qcuoa3hbw');
    }
    // The inner tabs switch between a language's libraries.
    await samples.getByRole('tab', {name: /^python$/i}).first().click();
    await samples.getByRole('tab', {name: 'HTTP.CLIENT'}).click();
    await expect(samples.locator('pre').first()).toContainText('import http.client');
  });

  test('the build-time samples are what the try-it form makes for the same request', async ({page}) => {
    await openHydrated(page, '/api/v4/create-post');
    const curl = page.locator('.openapi-tabs__code-container pre.language-bash').first();
    const built = await curl.innerText();
    await page.getByRole('button', {name: 'Попробовать запрос'}).click();
    await expect(page.getByRole('button', {name: 'Отправить запрос'})).toBeVisible();
    await expect(curl.locator('.token.function', {hasText: 'curl'}).first()).toBeVisible();
    await expect.poll(() => curl.innerText()).toBe(built);
  });
});
test.describe('API reference', () => {
  test('an operation page shows method and path, Russian texts, code samples and try-it', async ({page}) => {
    const errors = watchErrors(page);
    await openHydrated(page, '/api/v4/create-post');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Создать сообщение');
    const article = page.locator('article');
    await expect(article).toContainText('POST');
    await expect(article).toContainText('/api/v4/posts');
    await expect(article).toContainText('Необходимые права');
    for (const tab of ['curl', 'python', 'go', 'nodejs', 'java']) {
      await expect(page.getByRole('tab', {name: new RegExp(`^${tab}$`, 'i')}).first()).toBeVisible();
    }
    await openTryIt(page);
    // Focus moves into the form the button opened.
    await expect(page.locator('.openapi-explorer__request-form :focus')).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test('the reader sets the server address for try-it, and the samples follow it', async ({page}) => {
    await openHydrated(page, '/api/v4/get-user');
    await openTryIt(page);
    const server = page.locator('details').filter({hasText: 'Адрес сервера'}).first();
    await expect(server).toContainText('https://time.example.ru/api/v4');
    await server.locator('.openapi-explorer__floating-btn').hover();
    await server.locator('button', {hasText: 'Изменить'}).click({force: true});
    const host = server.getByLabel('host');
    await expect(host).toHaveValue('time.example.ru');
    await host.fill('chat.corp.example.ru');
    await server.locator('button', {hasText: 'Скрыть'}).click({force: true});
    await expect(server).toContainText('https://chat.corp.example.ru/api/v4');
    await expect(page.locator('pre').filter({hasText: 'curl'}).first()).toContainText('https://chat.corp.example.ru/api/v4/users/');
  });

  test('the request body editor takes the reader\'s JSON, the samples follow it, and nothing is evaluated', async ({page}) => {
    const violations = await watchCspViolations(page);
    await openHydrated(page, '/api/v4/create-post');
    await openTryIt(page);
    const editor = page.locator('.openapi-explorer__playground-editor').first();
    await editor.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('{"channel_id": "4xp9fdt7pjgwbqz5ejtotr6tyo", "message": "Проверка связи"}');
    await expect(editor).toContainText('Проверка связи');
    await expect(page.locator('pre').filter({hasText: 'curl'}).first()).toContainText('Проверка связи');
    expect(violations).toEqual([]);
  });

  test('once opened, the try-it form stays open on the next operation page of the session', async ({page}) => {
    await openHydrated(page, '/api/v4/get-user');
    await openTryIt(page);
    await openHydrated(page, '/api/v4/create-post');
    await expect(page.getByRole('button', {name: 'Отправить запрос'})).toBeVisible();
    await expect(page.getByRole('button', {name: 'Попробовать запрос'})).toHaveCount(0);
  });

  test('a try-it form that fails to load says so in Russian, and the retry loads it', async ({page}) => {
    await openHydrated(page, '/api/v4/get-user');
    await page.route('**/assets/js/**', (route) => route.abort());
    await page.getByRole('button', {name: 'Попробовать запрос'}).click();
    await expect(page.getByRole('alert')).toContainText('Не удалось загрузить форму запроса');
    // The samples stay in place.
    await expect(page.locator('pre').filter({hasText: 'curl'}).first()).toBeVisible();
    await page.unroute('**/assets/js/**');
    await page.getByRole('button', {name: 'Повторить'}).click();
    await expect(page.getByRole('button', {name: 'Отправить запрос'})).toBeVisible();
  });

  test('the chapters and the v5 reference are reachable from the API sidebar', async ({page}) => {
    await openHydrated(page, '/api/v4/introduction');
    const sidebar = page.getByRole('navigation', {name: 'Меню раздела'});
    for (const label of ['Аутентификация', 'WebSocket', 'Ошибки']) await expect(sidebar.getByRole('link', {name: label, exact: true})).toBeVisible();
    await openHydrated(page, '/api/v5/auth-service/login');
    await expect(page.locator('article')).toContainText('/api/v5');
  });

  test('the specs are published for download', async () => {
    for (const version of ['v4', 'v5']) {
      const response = await rawGet(`/openapi/${version}.yaml`);
      expect(response.status, version).toBe(200);
    }
  });
});
