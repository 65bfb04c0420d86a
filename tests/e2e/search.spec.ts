import AxeBuilder from '@axe-core/playwright';
import {expect, test, type Page} from '@playwright/test';
import {openHydrated, watchErrors} from './helpers';

const box = (page: Page) => page.getByRole('combobox', {name: 'Поиск по документации'});
const options = (page: Page) => page.getByRole('listbox', {name: 'Результаты поиска'}).getByRole('option');
/** The lines above the dropdown's suggestions: index state, notices, what was (not) found. */
const statusLines = (page: Page) => page.getByRole('search').first().locator('[aria-live="polite"] > *');
/** The excerpts of the dropdown's suggestions. */
const excerpts = (page: Page) => options(page).locator('[class*="excerpt"]');
/** The result links of the search page. */
const resultLinks = (page: Page) => page.locator('main ol article h2 a');

test.describe('search bar', () => {
  test('Ctrl+K focuses the box; the hint shows when it is empty, the clear button when it has text', async ({page}) => {
    await openHydrated(page, '/');
    const search = page.getByRole('search').first();
    await expect(search.locator('kbd')).toHaveText(['Ctrl', 'K']);
    await page.keyboard.press('Control+k');
    await expect(box(page)).toBeFocused();
    await page.keyboard.type('обновление');
    await expect(options(page).first()).toBeVisible();
    await expect(search.locator('kbd')).toHaveCount(0);
    const clear = page.getByRole('button', {name: 'Очистить поиск'});
    await clear.click();
    await expect(box(page)).toHaveValue('');
    await expect(box(page)).toBeFocused();
    await expect(options(page)).toHaveCount(0);
    await expect(search.locator('kbd')).toHaveCount(2);
  });

  test('shows at most 10 suggestions, with the whole-site link on a page outside any section', async ({page}) => {
    await openHydrated(page, '/');
    await box(page).fill('настройка сервера');
    await expect(options(page).first()).toBeVisible();
    expect(await options(page).count()).toBeLessThanOrEqual(10);
    await expect(page.getByRole('link', {name: 'Все результаты', exact: true})).toHaveAttribute(
      'href',
      '/search?q=%D0%BD%D0%B0%D1%81%D1%82%D1%80%D0%BE%D0%B9%D0%BA%D0%B0+%D1%81%D0%B5%D1%80%D0%B2%D0%B5%D1%80%D0%B0',
    );
    await expect(page.getByRole('link', {name: /Все результаты в/})).toHaveCount(0);
  });

  test('inside a section it suggests that section and links to all results within and outside it', async ({page}) => {
    await openHydrated(page, '/deployment/');
    await box(page).fill('kubernetes');
    await expect(options(page).first()).toBeVisible();
    const within = page.getByRole('link', {name: 'Все результаты в «Развёртывание»'});
    const outside = page.getByRole('link', {name: 'Все результаты вне «Развёртывание»'});
    await expect(within).toHaveAttribute('href', '/search?q=kubernetes&ctx=deployment');
    await expect(outside).toHaveAttribute('href', '/search?q=kubernetes&ctx=%21deployment');
    await outside.click();
    await expect(page).toHaveURL(/\/search\?q=kubernetes&ctx=%21deployment$/);
    await expect(resultLinks(page).first()).toBeVisible();
    for (const href of await resultLinks(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
      expect(href).not.toMatch(/^\/deployment/);
    }
  });

  test("typing inside a section loads only that section's index and its words' chunks; a settled query with nothing there falls back to the whole site", async ({
    page,
  }) => {
    const shards: string[] = [];
    const chunks = new Set<string>();
    page.on('request', (request) => {
      const name = /\/search-index\/([a-z-]+)\.[0-9a-f]+\.json$/.exec(new URL(request.url()).pathname)?.[1];
      if (name === 'content') chunks.add(request.url());
      else if (name && name !== 'fragment') shards.push(name);
    });
    await openHydrated(page, '/administration/settings/environment/smtp');
    await box(page).click();
    await page.keyboard.type('настройка почты', {delay: 50});
    await expect(options(page).first()).toBeVisible();
    await page.waitForTimeout(1000);
    expect([...new Set(shards)]).toEqual(['administration']);
    // The body text's index comes in chunks by term: the words typed letter by letter (and the
    // other-layout spellings of the unfinished ones) need some of them, far from all.
    const manifest = (await (await page.request.get('/search-index/manifest.json')).json()) as {content: unknown[]};
    expect(chunks.size).toBeGreaterThan(0);
    expect(chunks.size).toBeLessThanOrEqual(manifest.content.length / 3);
    // A word no administration page has: once the reader stops typing, the whole site is searched.
    await box(page).fill('keepalived');
    await expect(page.getByText('В разделе «Администрирование» ничего не найдено. Показаны результаты по всей документации.')).toBeVisible();
    await expect(options(page).first()).toBeVisible();
    expect(new Set(shards).size).toBeGreaterThan(1);
  });

  test('arrow keys and Enter open a hit at its section, with its terms highlighted on the page', async ({page}) => {
    await openHydrated(page, '/');
    await box(page).fill('docker compose');
    await expect(options(page).first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
    await expect(box(page)).toHaveAttribute('aria-activedescendant', (await options(page).first().getAttribute('id'))!);
    await page.keyboard.press('Enter');
    // The address carries the words as typed, not the index's stems («compos»).
    await expect(page).toHaveURL(/\?_highlight=docker&_highlight=compose(#[\w-]+)?$/);
    const marks = page.locator('article mark.search-highlight');
    await expect(marks.first()).toBeVisible();
    // Every form of the words is marked, and only they; the title and the breadcrumbs, which name
    // the page («Установка с Docker Compose»), are not.
    for (const text of await marks.allTextContents()) expect(text.toLowerCase()).toMatch(/^(docker|compose)$/);
    await expect(page.getByRole('heading', {level: 1})).toContainText('Docker Compose');
    await expect(page.locator('h1 mark, nav mark')).toHaveCount(0);
  });

  test('finds API paths, operationIds, setting keys and environment variables first', async ({page}) => {
    await openHydrated(page, '/');
    const cases: [string, RegExp][] = [
      ['POST /api/v4/posts', /^Создать сообщение/],
      ['/users/{user_id}/image', /^Получить фото профиля/],
      ['CreatePost', /^Создать сообщение/],
      ['SiteURL', /^Веб-сервер/],
      ['TIME_SERVICESETTINGS_SITEURL', /^Веб-сервер/],
    ];
    for (const [query, title] of cases) {
      await box(page).fill(query);
      await expect(options(page).first()).toContainText(title);
    }
  });

  test('a query typed on the wrong keyboard layout is retyped, and the dropdown says so', async ({page}) => {
    await openHydrated(page, '/');
    await box(page).fill('yfcnhjqrf ntktvtnhbb');
    await expect(page.getByText('Показаны результаты по запросу «настройка телеметрии»')).toBeVisible();
    await expect(options(page).first()).toContainText(/телеметри/i);
  });

  test('malformed query syntax shows the parser message in Russian and no results', async ({page}) => {
    await openHydrated(page, '/');
    for (const [query, message] of [
      ['title:', 'после имени поля нужно слово, например «title:docker»'],
      ['docker~x', 'после «~» нужно число — сколько опечаток допустить, например «слово~1»'],
      ['docker^x', 'после «^» нужно число — во сколько раз слово важнее, например «слово^2»'],
      ['titel:docker', 'поля «titel» нет, есть поля «title», «heading», «keywords», «content»'],
      ['+', 'после «+» или «-» нужно слово или поле, например «+docker»'],
    ]) {
      await box(page).fill(query);
      await expect(page.getByText(`Ошибка в запросе: ${message}`)).toBeVisible();
      await expect(options(page)).toHaveCount(0);
    }
  });

  test('text pasted from a log is searched as text, not rejected as syntax', async ({page}) => {
    await openHydrated(page, '/');
    for (const query of ['Error: connection refused', 'level:error', 'http://host:8065/api/v4/users/me', 'TIME_SQLSETTINGS_DATASOURCE', 'docker a~b']) {
      await box(page).fill(query);
      await expect(options(page).first()).toBeVisible();
      await expect(page.getByText('Ошибка в запросе')).toHaveCount(0);
    }
  });

  test('says when nothing is found, once', async ({page}) => {
    await openHydrated(page, '/');
    await box(page).fill('+kubernetes +zzzqqqxxx');
    await expect(page.getByText('Ничего не найдено')).toBeVisible();
    await expect(statusLines(page)).toHaveText(['Ничего не найдено']);
    await expect(options(page)).toHaveCount(0);
  });

  test('shows each hit with the part of its section around the typed words, a setting with its key', async ({page}) => {
    await openHydrated(page, '/');
    await box(page).fill('ssl сертификат');
    await expect(options(page).first()).toBeVisible();
    const excerpt = excerpts(page).first();
    await expect(excerpt).toContainText(/ssl|сертификат/i);
    await expect(excerpt.locator('mark').first()).toHaveText(/^(ssl|сертификат\p{L}*)$/iu);
    expect((await excerpt.textContent())!.length).toBeLessThanOrEqual(230);
    await box(page).fill('SMTPServer');
    await expect(excerpts(page).first()).toHaveText(/^EmailSettings\.SMTPServer — \S.+/);
  });

  test('inside a section, nothing found anywhere is said once', async ({page}) => {
    await openHydrated(page, '/deployment/');
    await box(page).fill('+kubernetes +zzzqqqxxx');
    const dropdown = page.getByRole('search').first();
    await expect(dropdown.getByText('Ничего не найдено ни в разделе «Развёртывание», ни в остальной документации')).toBeVisible();
    await expect(statusLines(page)).toHaveCount(1);
    await expect(dropdown.getByText(/Показаны результаты по всей документации/)).toHaveCount(0);
    await expect(dropdown.getByText('Ничего не найдено', {exact: true})).toHaveCount(0);
    await expect(options(page)).toHaveCount(0);
    // With results elsewhere, the dropdown says where they come from.
    await box(page).fill('CreatePost');
    await expect(options(page).first()).toBeVisible();
    await expect(dropdown.getByText('В разделе «Развёртывание» ничего не найдено. Показаны результаты по всей документации.')).toBeVisible();
    await expect(dropdown.getByText(/^Ничего не найдено/)).toHaveCount(0);
  });

  test('a 10,000-character query is cut, answered promptly with a notice, and search still works', async ({page}) => {
    await openHydrated(page, '/');
    const long = Array.from({length: 10_000}, (_, i) => 'qwertyuiopasdfghjklzxcvbnm'[(i * 7919) % 26]).join('');
    const started = Date.now();
    await box(page).fill(long);
    await expect(page.getByText('Запрос сокращён до 200 символов: искали по началу запроса.')).toBeVisible({timeout: 5000});
    expect(Date.now() - started).toBeLessThan(5000);
    await box(page).fill('kubernetes');
    await expect(options(page).first()).toBeVisible();
    await expect(page.getByText(/Запрос сокращён/)).toHaveCount(0);
  });

  test('a shard that cannot be read leaves out its section only, and says what happened', async ({page}) => {
    await page.route('**/search-index/deployment.*.json', (route) =>
      route.fulfill({contentType: 'application/json', body: '{"format": 1, "pages": [["/deploy'}),
    );
    await openHydrated(page, '/');
    await box(page).fill('kubernetes');
    await expect(options(page).first()).toBeVisible();
    await expect(
      page.getByText('Раздел «Развёртывание» недоступен для поиска: не удалось загрузить или прочитать его индекс. Показаны результаты из остальных разделов.'),
    ).toBeVisible();
    await expect(page.getByText(/Проверьте подключение к сети/)).toHaveCount(0);
    // Inside that section the bar searches the rest of the documentation instead.
    await openHydrated(page, '/deployment/');
    await box(page).fill('kubernetes');
    await expect(options(page).first()).toBeVisible();
    await expect(page.getByText(/^Раздел «Развёртывание» недоступен для поиска/)).toBeVisible();
    await expect(page.getByText(/ничего не найдено/i)).toHaveCount(0);
  });

  test('shows the index loading, and a failed load as a Russian message with a retry that works', async ({page}) => {
    let fail = true;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/search-index/*.json', async (route) => {
      if (fail) return route.abort('failed');
      await held;
      return route.continue();
    });
    await openHydrated(page, '/');
    await box(page).fill('kubernetes');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Не удалось загрузить поисковый индекс');
    await expect(options(page)).toHaveCount(0);
    fail = false;
    await alert.getByRole('button', {name: 'Повторить'}).click();
    await expect(page.getByText('Загружается поисковый индекс…')).toBeVisible();
    await expect(page.getByRole('search').first()).toHaveAttribute('data-index-state', 'loading');
    release();
    await expect(options(page).first()).toBeVisible();
    await expect(page.getByRole('search').first()).toHaveAttribute('data-index-state', 'done');
  });
});

test.describe('search with a damaged index', () => {
  for (const [fault, fulfil, text] of [
    ['bad JSON', {body: '{"format": 1, "pages": [['}, 'Поисковый индекс раздела «Развёртывание» повреждён: его не удалось прочитать.'],
    ['the wrong shape', {body: '{"format": 1, "pages": "none"}'}, 'Поисковый индекс раздела «Развёртывание» повреждён: его не удалось прочитать.'],
    ['HTTP 404', {status: 404, body: 'not found'}, 'Поисковый индекс раздела «Развёртывание» не найден на сервере.'],
  ] as const) {
    test(`a deployment shard with ${fault}: the other sections still give results, that section says why it cannot`, async ({page}) => {
      await page.route('**/search-index/deployment.*.json', (route) => route.fulfill({contentType: 'application/json', ...fulfil}));
      await openHydrated(page, '/search?q=kubernetes');
      await expect(resultLinks(page).first()).toBeVisible();
      await expect(page.getByText(/^Раздел «Развёртывание» недоступен для поиска/)).toBeVisible();
      for (const href of await resultLinks(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')))) expect(href).not.toMatch(/^\/deployment/);

      await page.getByLabel('Где искать').selectOption('deployment');
      await expect(page.getByRole('alert')).toContainText(text);
      await expect(page.getByRole('alert')).not.toContainText('Проверьте подключение к сети');
      await expect(resultLinks(page)).toHaveCount(0);
      await page.getByLabel('Где искать').selectOption('administration');
      await expect(resultLinks(page).first()).toBeVisible();
    });
  }

  test('a network failure is still called one', async ({page}) => {
    await page.route('**/search-index/deployment.*.json', (route) => route.abort('failed'));
    await openHydrated(page, '/search?q=kubernetes&ctx=deployment');
    await expect(page.getByRole('alert')).toContainText('Не удалось загрузить поисковый индекс. Проверьте подключение к сети и повторите попытку.');
  });
});

test.describe('search page with a hostile address', () => {
  test('q of 7,000 letters is cut with a notice, the tab stays responsive, and the next query works', async ({page}) => {
    const errors = watchErrors(page);
    const long = Array.from({length: 7000}, (_, i) => 'abcdefghijklmnopqrstuvwxyz'[(i * 7919) % 26]).join('');
    await openHydrated(page, `/search?q=${long}`);
    await expect(page.getByText('Запрос сокращён до 200 символов: искали по началу запроса.')).toBeVisible({timeout: 5000});
    await expect(page.getByRole('heading', {level: 1})).toHaveText(`Результаты поиска по запросу «${long.slice(0, 200)}…»`);
    await page.getByLabel('Запрос').fill('docker compose');
    await expect(resultLinks(page).first()).toBeVisible();
    await expect(page.getByText(/Запрос сокращён/)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a long text typed or pasted into the search page keeps an address the server accepts', async ({page}) => {
    await openHydrated(page, '/search');
    const long = 'ошибка подключения к базе данных '.repeat(300);
    await page.getByLabel('Запрос').fill(long);
    await expect(page.getByText('Запрос сокращён до 200 символов: искали по началу запроса.')).toBeVisible({timeout: 5000});
    await expect(page).toHaveURL(/[?&]q=/);
    const q = new URL(page.url()).searchParams.get('q') ?? '';
    expect(q).toBe(long.slice(0, 200));
    // The address still opens: reloading it is not refused as too long.
    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    await expect(page.getByText('Запрос сокращён до 200 символов: искали по началу запроса.')).toHaveCount(0);
  });
});

test('index shards and fragments are cached for good; the manifest that names them is revalidated', async ({request}) => {
  const manifest = await request.get('/search-index/manifest.json');
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  const {contexts} = (await manifest.json()) as {contexts: {path: string; file: string}[]};
  expect(contexts.map((c) => c.path).sort()).toEqual(['', 'administration', 'api', 'deployment', 'integrations', 'license']);
  for (const {file} of contexts) {
    const shard = await request.get(`/${file}`);
    expect(shard.status()).toBe(200);
    expect(shard.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    // Sent from the build's gzip copy (a fixed length), not compressed again on every request.
    expect(shard.headers()['content-encoding']).toBe('gzip');
    expect(Number(shard.headers()['content-length'])).toBeGreaterThan(1000);
    expect(shard.headers()['x-content-type-options']).toBe('nosniff');
  }
  // The fragments of a page, named in its shard's page record.
  const shard = (await (await request.get(`/${contexts.find((c) => c.path === 'deployment')!.file}`)).json()) as {
    pages: [string, string, string[], number, [string, number][]][];
  };
  const [, , , , fragments] = shard.pages.find(([url]) => url === '/deployment/install/docker-compose')!;
  for (const [hash] of fragments) {
    const fragment = await request.get(`/search-index/fragment.${hash}.json`);
    expect(fragment.status()).toBe(200);
    expect(fragment.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(fragment.headers()['content-encoding']).toBe('gzip');
  }
});

test.describe('search page', () => {
  test('shows at most 10 results for q within ctx, and keeps the query in the address', async ({page}) => {
    const errors = watchErrors(page);
    await openHydrated(page, '/search?q=kubernetes&ctx=deployment');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Результаты поиска по запросу «kubernetes»');
    await expect(page.getByLabel('Где искать')).toHaveValue('deployment');
    await expect(resultLinks(page).first()).toHaveAttribute('href', /^\/deployment\/install\/k8s-kustomize\?_highlight=kubernetes(#|$)/);
    const hrefs = await resultLinks(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    expect(hrefs.length).toBeLessThanOrEqual(10);
    for (const href of hrefs) expect(href).toMatch(/^\/deployment/);

    await page.getByLabel('Запрос').fill('вебхук');
    await expect(page).toHaveURL(/\/search\?q=%D0%B2%D0%B5%D0%B1%D1%85%D1%83%D0%BA&ctx=deployment$/);
    await page.getByLabel('Где искать').selectOption('');
    await expect(page).toHaveURL(/\/search\?q=%D0%B2%D0%B5%D0%B1%D1%85%D1%83%D0%BA$/);
    // Synonyms: «вебхук» finds the pages on webhooks, the API's among them (their addresses say «webhook»).
    await expect(resultLinks(page).first()).toBeVisible();
    await expect
      .poll(async () => (await resultLinks(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')!))).filter((h) => /webhook/.test(h)).length)
      .toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  test('says once that nothing was found, with what to try next', async ({page}) => {
    const status = page.locator('main [aria-live="polite"] > *');
    await openHydrated(page, '/search?q=%2Bkubernetes+%2Bzzzqqqxxx');
    await expect(status).toHaveText(['Ничего не найдено. Проверьте написание или уберите лишние слова.']);
    await page.getByLabel('Где искать').selectOption('deployment');
    await expect(status).toHaveText(['Ничего не найдено. Проверьте написание, уберите лишние слова или поищите по всей документации.']);
    // A section left out and nothing in the others: one sentence says both.
    await page.route('**/search-index/deployment.*.json', (route) => route.fulfill({status: 404, body: 'not found'}));
    await openHydrated(page, '/search?q=%2Bkubernetes+%2Bzzzqqqxxx');
    await expect(status).toHaveText([
      'Раздел «Развёртывание» недоступен для поиска: не удалось загрузить или прочитать его индекс. В остальных разделах ничего не найдено.',
    ]);
  });

  test("shows a result's excerpt around the typed words, and the result without it when its text cannot be fetched", async ({page}) => {
    await openHydrated(page, '/search?q=%D0%BF%D0%B0%D1%80%D0%BE%D0%BB%D1%8C+postgresql');
    const first = page.locator('main ol article').first();
    await expect(first.locator('[class*="excerpt"] mark').first()).toHaveText(/^(парол\p{L}*|postgresql)$/iu);
    await page.route('**/search-index/fragment.*.json', (route) => route.fulfill({status: 404, body: 'not found'}));
    await openHydrated(page, '/search?q=kubernetes');
    await expect(resultLinks(page).first()).toBeVisible();
    await expect(page.locator('main ol [class*="excerpt"]')).toHaveCount(0);
  });

  test('an unknown context or version is named in a clear message', async ({page}) => {
    await openHydrated(page, '/search?q=docker&ctx=blog');
    await expect(page.getByText('Раздела поиска «blog» нет.')).toBeVisible();
    await openHydrated(page, '/search?q=docker&version=/v2/');
    await expect(page.getByText('Версии документации «/v2/» нет')).toBeVisible();
    await expect(resultLinks(page).first()).toBeVisible();
  });

  test('crafted q and _highlight stay inert text', async ({page}) => {
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await openHydrated(page, '/search?q=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Результаты поиска по запросу «<img src=x onerror=alert(1)>»');
    await openHydrated(page, '/deployment/install/docker-compose?_highlight=%3Cscript%3Ealert(1)%3C%2Fscript%3E&_highlight=docker');
    await expect(page.locator('article mark.search-highlight').first()).toBeVisible();
    await expect(page.locator('article script')).toHaveCount(0);
    expect(dialogs).toBe(0);
  });
});

for (const theme of ['light', 'dark']) {
  test(`axe finds no violation in the open dropdown and on the search page (${theme})`, async ({page}) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const violations = async () =>
      (await new AxeBuilder({page}).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations.map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 5)
            .join(', ')}`,
      );
    await openHydrated(page, '/administration/');
    await box(page).fill('настройка почты');
    await expect(options(page).first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    expect(await violations()).toEqual([]);
    await openHydrated(page, '/search?q=docker&ctx=deployment');
    await expect(resultLinks(page).first()).toBeVisible();
    expect(await violations()).toEqual([]);
  });
}
