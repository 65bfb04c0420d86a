import crypto from 'node:crypto';
import {expect, test, type BrowserContext, type Locator, type Page} from '@playwright/test';
import {openHydrated, rawGet, watchCspViolations, watchErrors} from './helpers';
import {STUB_USER, startTimeStub, type TimeStub} from './time-stub';

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
    const expected: Record<string, RegExp> = {
      curl: /^curl -L/,
      python: /import requests/,
      go: /package main/,
      nodejs: /const axios = require\('axios'\)/,
      java: /OkHttpClient/,
    };
    for (const [tab, code] of Object.entries(expected)) {
      // The language tabs come first; cURL's one variant tab has the same name.
      await samples
        .getByRole('tab', {name: new RegExp(`^${tab}$`, 'i')})
        .first()
        .click();
      await expect(samples.locator('pre').first()).toContainText(code);
      await expect(samples.locator('pre').first()).toContainText('/api/v4/users/8fksdi9f8ffbinjr4qcuoa3hbw');
    }
    // The inner tabs switch between a language's libraries.
    await samples
      .getByRole('tab', {name: /^python$/i})
      .first()
      .click();
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
  test("the renamed operations have their pages at the vendor's addresses, with method and path", async ({page}) => {
    for (const [slug, method, path] of [
      ['create-o-auth-app', 'POST', '/api/v4/oauth/apps'],
      ['get-team-applications', 'GET', '/api/v4/teams/{team_id}/applications'],
      ['patch-application', 'PUT', '/api/v4/applications/{application_id}'],
      ['get-posts-by-ids', 'POST', '/api/v4/posts/ids'],
      ['test-s-3-connection', 'POST', '/api/v4/file/s3_test'],
      ['set-thread-unread-for-user', 'POST', '/api/v4/users/{user_id}/teams/{team_id}/threads/{thread_id}/set_unread/{post_id}'],
    ]) {
      const response = await openHydrated(page, `/api/v4/${slug}`);
      expect(response?.status(), slug).toBe(200);
      const article = page.locator('article');
      await expect(article, slug).toContainText(method);
      await expect(article, slug).toContainText(path);
    }
  });

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
    // The server is the host itself: operation paths carry /api/v4 (and the plugin routes their own prefix).
    await expect(server).toContainText('https://time.example.ru');
    await expect(server).not.toContainText('/api/v4');
    await pressFloating(server, 'Изменить');
    const host = server.getByLabel('host');
    await expect(host).toHaveValue('time.example.ru');
    await host.fill('chat.corp.example.ru');
    await pressFloating(server, 'Скрыть');
    await expect(server).toContainText('https://chat.corp.example.ru');
    await expect(page.locator('pre').filter({hasText: 'curl'}).first()).toContainText('https://chat.corp.example.ru/api/v4/users/');
  });

  test("the request body editor takes the reader's JSON, the samples follow it, and nothing is evaluated", async ({page}) => {
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

/**
 * Presses one of the buttons that float over a try-it field («Изменить», «Скрыть»). They stay
 * hidden until the pointer is over their field, so the pointer goes there first, and the click waits
 * for the button to show instead of landing on whatever lies under a hidden one.
 */
async function pressFloating(field: Locator, label: string) {
  const button = field.page().locator('button', {hasText: label});
  const floating = field.locator('.openapi-explorer__floating-btn', {has: button});
  await floating.hover();
  await floating.locator(button).click();
}

/** Sets the try-it server's host (the spec's server is https://{host}) through the form. */
async function setServerHost(page: Page, host: string) {
  const server = page.locator('details').filter({hasText: 'Адрес сервера'}).first();
  await pressFloating(server, 'Изменить');
  await server.getByLabel('host').fill(host);
  await pressFloating(server, 'Скрыть');
  await expect(server).toContainText(`https://${host}`);
}

async function sendRequest(page: Page) {
  await page.getByRole('button', {name: 'Отправить запрос'}).click();
}

const response = (page: Page) => page.locator('.openapi-explorer__response-container');
const CRASH = 'На странице произошёл сбой';

/** A reader's Time server that allows the portal's origin answers; the form shows its response. */
async function expectStubAnswer(page: Page, stub: TimeStub) {
  await setServerHost(page, `127.0.0.1:${stub.port}/cors`);
  await sendRequest(page);
  await expect(response(page)).toContainText(STUB_USER.username, {timeout: 15_000});
  await expect(response(page)).toContainText('200');
}

/** Chromium with site data blocked: reading window.localStorage or sessionStorage throws. */
async function blockStorage(context: BrowserContext) {
  await context.addInitScript(() => {
    for (const name of ['localStorage', 'sessionStorage']) {
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          throw new DOMException(`Failed to read the '${name}' property from 'Window': Access is denied for this document.`, 'SecurityError');
        },
      });
    }
  });
}

// The theme's storage key for the chosen security scheme: SHA-1 of the sorted SHA-1s of the choices.
const sha1 = (text: string) => crypto.createHash('sha1').update(text).digest('hex');
const SELECTED_AUTH_KEY = sha1([sha1('bearerAuth')].sort().join());

test.describe('try-it against a Time server', () => {
  let stub: TimeStub;
  test.beforeAll(async () => {
    stub = await startTimeStub();
  });
  test.afterAll(async () => {
    await stub.close();
  });
  // The stub's certificate is made for the run: trusted here, as a company's own CA would be.
  test.use({ignoreHTTPSErrors: true});

  test('a server that allows the portal in CORS answers, and the form shows the response', async ({page}) => {
    const errors = watchErrors(page);
    await openHydrated(page, '/api/v4/get-user');
    await openTryIt(page);
    await expectStubAnswer(page, stub);
    expect(stub.requests).toContainEqual(expect.stringMatching(/^GET \/cors\/api\/v4\/users\/8fksdi9f8ffbinjr4qcuoa3hbw/));
    expect(errors).toEqual([]);
  });

  test('a server without CORS for the portal gets a Russian message saying what to check', async ({page}) => {
    await openHydrated(page, '/api/v4/get-user');
    await openTryIt(page);
    await setServerHost(page, `127.0.0.1:${stub.port}/nocors`);
    await sendRequest(page);
    const alert = response(page).getByRole('alert');
    await expect(alert).toContainText('не получил ответа', {timeout: 15_000});
    await expect(alert).toContainText('ServiceSettings.AllowCorsFrom');
    await expect(alert).toContainText('TRY_IT_ORIGINS');
    await expect(alert).toContainText('сертификат');
    await expect(alert.getByRole('link', {name: 'настройки CORS'})).toHaveAttribute('href', '/administration/settings/integrations/cors');
    expect(stub.requests.some((line) => line.includes('/nocors/api/v4/users/'))).toBe(true);
  });

  test('a server whose certificate the browser does not trust gets the same message', async ({browser}) => {
    const context = await browser.newContext({ignoreHTTPSErrors: false});
    const page = await context.newPage();
    await openHydrated(page, '/api/v4/get-user');
    await openTryIt(page);
    await setServerHost(page, `127.0.0.1:${stub.port}/cors`);
    await sendRequest(page);
    await expect(response(page).getByRole('alert')).toContainText('ServiceSettings.AllowCorsFrom', {timeout: 15_000});
    await context.close();
  });

  test("a server outside the portal's allowed origins is named as blocked by the portal's policy", async ({page}) => {
    const violations = await watchCspViolations(page);
    await openHydrated(page, '/api/v4/get-user');
    await openTryIt(page);
    const before = stub.requests.length;
    // The same stub under another name: not in TRY_IT_ORIGINS of the tests' nginx.
    await setServerHost(page, `localhost:${stub.port}/cors`);
    await sendRequest(page);
    const alert = response(page).getByRole('alert');
    await expect(alert).toContainText('заблокирован политикой безопасности', {timeout: 15_000});
    await expect(alert).toContainText(`https://localhost:${stub.port}`);
    await expect(alert).toContainText('TRY_IT_ORIGINS');
    expect(violations.some((v) => v.startsWith('connect-src'))).toBe(true);
    expect(stub.requests.length).toBe(before);
  });

  test('«Изменить» opens the server address for editing and sends nothing', async ({page}) => {
    await openHydrated(page, '/api/v4/get-user');
    await openTryIt(page);
    await page.evaluate(() => {
      const form = document.querySelector('.openapi-explorer__request-form')!;
      form.addEventListener('submit', () => document.body.setAttribute('data-submits', String(Number(document.body.dataset.submits ?? 0) + 1)));
    });
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v4/users/')) requests.push(request.url());
    });
    const server = page.locator('details').filter({hasText: 'Адрес сервера'}).first();
    // A button without a type inside a form is a submit button.
    await expect(server.locator('button', {hasText: 'Изменить'})).toHaveAttribute('type', 'button');
    await pressFloating(server, 'Изменить');
    await expect(server.getByLabel('host')).toBeVisible();
    await expect(server.locator('button', {hasText: 'Скрыть'})).toHaveAttribute('type', 'button');
    await pressFloating(server, 'Скрыть');
    await expect(server.getByLabel('host')).toHaveCount(0);
    expect(await page.locator('body').getAttribute('data-submits')).toBeNull();
    // The theme waits 1.2 s before it sends; a submitted form would have sent by now.
    await page.waitForTimeout(2000);
    expect(requests).toEqual([]);
  });

  test('Enter in a field of the form sends the request rather than pressing «Изменить»', async ({page}) => {
    await openHydrated(page, '/api/v4/get-user');
    await openTryIt(page);
    await setServerHost(page, `127.0.0.1:${stub.port}/cors`);
    const token = page.getByPlaceholder('Токен Bearer');
    await token.fill('xxxxxxxxxxxxxxxxxxxxxxxxxx');
    await token.press('Enter');
    await expect(response(page)).toContainText(STUB_USER.username, {timeout: 15_000});
    await expect(page.locator('details').filter({hasText: 'Адрес сервера'}).first().getByLabel('host')).toHaveCount(0);
  });

  test('with browser storage blocked the operation page, its samples and the try-it form work', async ({browser}) => {
    const context = await browser.newContext({ignoreHTTPSErrors: true});
    await blockStorage(context);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await openHydrated(page, '/api/v4/get-user');
    expect(
      await page.evaluate(() => {
        try {
          return typeof window.sessionStorage;
        } catch (error) {
          return (error as Error).name;
        }
      }),
    ).toBe('SecurityError');
    await expect(page.getByRole('heading', {level: 1})).toBeVisible();
    await expect(page.locator('body')).not.toContainText(CRASH);
    await expect(page.locator('.openapi-tabs__code-container pre.language-bash').first()).toContainText('curl -L');
    await openTryIt(page);
    await expectStubAnswer(page, stub);
    await expect(page.locator('body')).not.toContainText(CRASH);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  const malformed: Record<string, Record<string, string>> = {
    'a server that is not JSON': {server: '{"url": "https://{host}/api/v4"'},
    'a server variable of the wrong shape': {server: '{"url": "https://{host}/api/v4", "variables": {"host": null}}'},
    'a server that is a bare string': {server: '"https://time.example.ru/api/v4"'},
    'credentials and a security scheme of the wrong shape': {bearerAuth: '{"token": {"value": 1}}', [SELECTED_AUTH_KEY]: 'noSuchScheme'},
  };
  for (const [name, values] of Object.entries(malformed)) {
    test(`with ${name} in storage the operation page and the try-it form work from the defaults`, async ({page}) => {
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
      }, values);
      await openHydrated(page, '/api/v4/get-user');
      await expect(page.locator('body')).not.toContainText(CRASH);
      await expect(page.locator('.openapi-tabs__code-container pre.language-bash').first()).toContainText('curl -L');
      await openTryIt(page);
      await expect(page.locator('details').filter({hasText: 'Адрес сервера'}).first()).toContainText('https://time.example.ru');
      await expectStubAnswer(page, stub);
      expect(pageErrors).toEqual([]);
    });
  }
});

// Latin words that are names, not UI text: formats, protocols, types of the schema, parameter
// locations, languages of the samples, products and standards the descriptions mention.
const TECHNICAL = new Set(
  (
    'markdown time websocket query path header cookie boolean string object integer number array null any oneof anyof allof ' +
    'application json unix ldap saml openid connect ad iana mfa mime jpeg base64 http https curl python go nodejs java bearer true false api uuid'
  ).split(' '),
);

test('an operation page with the try-it form open has no English UI words', async ({page}) => {
  await openHydrated(page, '/api/v4/create-post');
  await openTryIt(page);
  const words = await page.evaluate(() => {
    const main = document.querySelector('main')!;
    // Code, property names and their types are the API's own identifiers.
    const skip = 'pre, code, .openapi-schema__property, .openapi-schema__name';
    const texts: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      if (!walker.currentNode.parentElement?.closest(skip)) texts.push(walker.currentNode.textContent ?? '');
    }
    for (const element of Array.from(main.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) texts.push(element.getAttribute(name) ?? '');
    }
    // «MIME-тип»: the Latin part of a compound, without its hyphen.
    return texts.flatMap((text) => text.match(/[A-Za-z][\w.:/-]*/g) ?? []).map((word) => word.replace(/[-.:/]+$/, ''));
  });
  // Identifiers (set_online), addresses (https://time.example.ru/api/v4) and E.164 are not words.
  const english = [...new Set(words.filter((word) => !/[\d_.:/]/.test(word) && !TECHNICAL.has(word.toLowerCase())))];
  expect(english).toEqual([]);
});

test("the bounds of a parameter's length are joined in Russian", async ({page}) => {
  await openHydrated(page, '/api/v4/get-user');
  const qualifier = page.locator('main p').filter({hasText: 'Возможные значения'}).first();
  await expect(qualifier).toContainText(/>= \d+ символов и <= \d+ символов/);
  await expect(qualifier).not.toContainText(' and ');
});
