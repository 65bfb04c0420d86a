import {expect, test} from '@playwright/test';
import {announcementBar} from '../../config/announcement';
import {copyright} from '../../config/footer';
import {openHydrated, scrollPage} from './helpers';

const GUIDE = '/deployment/install/docker-compose';

test.describe('navbar and sidebars', () => {
  test('has an item per section, the user guide link, search and the colour switch', async ({page}) => {
    await openHydrated(page, '/');
    const navbar = page.getByRole('navigation', {name: 'Главное меню'});
    for (const label of ['API', 'Развёртывание', 'Администрирование', 'Интеграции', 'Лицензии']) {
      await expect(navbar.getByRole('link', {name: label, exact: true})).toBeVisible();
    }
    await expect(navbar.getByRole('link', {name: /Для пользователей/})).toHaveAttribute('href', /^https?:\/\//);
    await expect(navbar.getByLabel('Поиск по документации')).toBeVisible();
    await expect(navbar.getByRole('button', {name: /темным и светлым режимом/})).toBeEnabled();
  });

  const sections = [
    ['Развёртывание', '/deployment/', 'Планирование ресурсов'],
    ['Администрирование', '/administration/', 'Руководство администратора'],
    ['Интеграции', '/integrations/', 'Интеграции'],
    ['API', '/api/', 'API Time'],
    ['Лицензии', '/license/', 'Сторонние компоненты и их лицензии'],
  ] as const;
  for (const [label, path, sidebarEntry] of sections) {
    test(`«${label}» opens its own sidebar`, async ({page}) => {
      await openHydrated(page, '/');
      await page.getByRole('navigation', {name: 'Главное меню'}).getByRole('link', {name: label, exact: true}).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      const sidebar = page.getByRole('navigation', {name: 'Меню раздела'});
      await expect(sidebar.getByRole('link', {name: sidebarEntry, exact: true}).first()).toBeVisible();
    });
  }

  test('the home page uses the general sidebar with the FAQ', async ({page}) => {
    await openHydrated(page, '/');
    const sidebar = page.getByRole('navigation', {name: 'Меню раздела'});
    await expect(sidebar.getByRole('link', {name: 'Частые вопросы'})).toBeVisible();
    await expect(sidebar.getByRole('link', {name: 'Главная'})).toHaveAttribute('aria-current', 'page');
  });

  test('sidebar categories collapse and expand, and the others stay open', async ({page}) => {
    await openHydrated(page, '/deployment/install/capacity');
    const sidebar = page.getByRole('navigation', {name: 'Меню раздела'});
    const upgradeLink = sidebar.getByRole('link', {name: 'Подготовка к обновлению'});
    await expect(upgradeLink).toBeVisible();
    const category = sidebar.getByRole('button', {name: 'Обновление', exact: true});
    await expect(category).toHaveAttribute('aria-expanded', 'true');
    await category.click();
    await expect(category).toHaveAttribute('aria-expanded', 'false');
    await expect(upgradeLink).toBeHidden();
    await expect(sidebar.getByRole('link', {name: 'Чек-лист перед установкой'})).toBeVisible();
    await category.click();
    await expect(upgradeLink).toBeVisible();
  });

  test('the docs sidebar has no hide button', async ({page}) => {
    await openHydrated(page, GUIDE);
    await expect(page.getByRole('button', {name: /Свернуть боковую панель/})).toHaveCount(0);
  });

  test('the footer links the product pages and the update policy with the copyright line', async ({page}) => {
    await openHydrated(page, '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', {name: 'О мессенджере'})).toBeVisible();
    await expect(footer.getByRole('link', {name: 'Скачать приложения'})).toBeVisible();
    await expect(footer.getByRole('link', {name: 'Политика эксплуатации и обновления'})).toHaveAttribute('href', '/deployment/operation-and-update-policy');
    await expect(footer).toContainText(copyright);
  });
});

test.describe('colour mode', () => {
  test('is light by default even when the OS prefers dark', async ({browser}) => {
    const context = await browser.newContext({colorScheme: 'dark'});
    const page = await context.newPage();
    await openHydrated(page, '/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await context.close();
  });

  test('is remembered under "theme" and follows other tabs', async ({context}) => {
    const first = await context.newPage();
    const second = await context.newPage();
    await openHydrated(first, '/');
    await openHydrated(second, GUIDE);
    await first.getByRole('button', {name: /темным и светлым режимом/}).click();
    await expect(first.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await first.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
    await first.reload();
    await expect(first.locator('html')).toHaveAttribute('data-theme', 'dark');
    await first.getByRole('button', {name: /темным и светлым режимом/}).click();
    await expect(second.locator('html')).toHaveAttribute('data-theme', 'light');
  });
});

test.describe('code blocks', () => {
  test('are highlighted without JavaScript, in the colours of the current mode', async ({browser}) => {
    // Tokens come with the HTML (plugins/code-highlight): they are there with scripts turned off.
    const context = await browser.newContext({javaScriptEnabled: false});
    const page = await context.newPage();
    await page.goto('/deployment/install/docker-compose');
    const command = page.locator('pre.language-bash .token.function', {hasText: 'sudo'}).first();
    await expect(command).toHaveCSS('color', 'rgb(102, 57, 186)');
    await context.close();

    const reader = await browser.newPage();
    await openHydrated(reader, '/deployment/install/docker-compose');
    const hydrated = reader.locator('pre.language-bash .token.function', {hasText: 'sudo'}).first();
    await expect(hydrated).toHaveCSS('color', 'rgb(102, 57, 186)');
    await reader.getByRole('button', {name: /темным и светлым режимом/}).click();
    await expect(hydrated).toHaveCSS('color', 'rgb(210, 168, 255)');
    // The copy button still copies the code as written.
    await expect(reader.locator('pre.language-bash').first()).toContainText('sudo mkdir -p /opt/time-compose/nginx');
  });
});

test.describe('announcement bar', () => {
  test('shows the configured message, stays closed once dismissed, and returns for a new id', async ({page}) => {
    await openHydrated(page, '/');
    const bar = page.locator('.theme-announcement-bar');
    await expect(bar).toContainText('Документация описывает Time');
    await bar.getByRole('button', {name: 'Закрыть'}).click();
    await expect(bar).toBeHidden();
    await openHydrated(page, GUIDE);
    await expect(bar).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id'))).toBe(announcementBar.id);
    // A reader who dismissed an older announcement sees the current one.
    await page.evaluate(() => localStorage.setItem('docusaurus.announcement.id', 'an-older-announcement'));
    await page.reload();
    await expect(bar).toBeVisible();
  });
});

test.describe('layout', () => {
  test('at 996 px the menu is the mobile slide-in with a back-to-main-menu button', async ({page}) => {
    await page.setViewportSize({width: 996, height: 800});
    await openHydrated(page, GUIDE);
    const toggle = page.getByRole('button', {name: 'Переключить навигационную панель'});
    await expect(toggle).toBeVisible();
    await expect(page.getByRole('navigation', {name: 'Главное меню'}).getByRole('link', {name: 'Развёртывание', exact: true})).toBeHidden();
    await toggle.click();
    const panel = page.locator('.navbar-sidebar');
    await expect(panel.getByRole('link', {name: 'Чек-лист перед установкой'})).toBeVisible();
    await panel.getByRole('button', {name: /Перейти к главному меню/}).click();
    await expect(panel.getByRole('link', {name: 'Администрирование', exact: true})).toBeVisible();
    // The slide-in closes itself when the window becomes desktop-sized.
    await page.setViewportSize({width: 1200, height: 800});
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
  });

  test('at 997 px the desktop layout shows the navbar items and the sidebar', async ({page}) => {
    await page.setViewportSize({width: 997, height: 800});
    await openHydrated(page, GUIDE);
    await expect(page.getByRole('button', {name: 'Переключить навигационную панель'})).toBeHidden();
    await expect(page.getByRole('navigation', {name: 'Главное меню'}).getByRole('link', {name: 'Развёртывание', exact: true})).toBeVisible();
    await expect(page.getByRole('navigation', {name: 'Меню раздела'})).toBeVisible();
  });

  test('the skip link is the first stop and moves focus to the content', async ({page}) => {
    await openHydrated(page, GUIDE);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', {name: 'Перейти к основному содержимому'});
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    // Focus moves to <main>: the next Tab lands on the first control inside it, past the navbar and sidebar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
  });
});

test.describe('page navigation', () => {
  test('the table of contents lists exactly the h2 and h3 headings', async ({page}) => {
    await openHydrated(page, GUIDE);
    const ids = await page.locator('article :is(h2, h3)[id]').evaluateAll((hs) => hs.map((h) => h.id));
    expect(ids.length).toBeGreaterThan(3);
    const toc = await page.locator('.table-of-contents a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(toc).toEqual(ids.map((id) => `#${id}`));
  });

  test('breadcrumbs show the path and previous/next link the neighbours', async ({page}) => {
    await openHydrated(page, '/deployment/install/capacity');
    const breadcrumbs = page.getByRole('navigation', {name: 'Навигационная цепочка текущей страницы'});
    await expect(breadcrumbs.getByRole('link', {name: 'Главная страница'})).toHaveAttribute('href', '/');
    await expect(breadcrumbs).toContainText('Установка');
    await expect(breadcrumbs.locator('.breadcrumbs__item--active')).toHaveText('Планирование ресурсов');
    const pager = page.getByRole('navigation', {name: 'Страница документа'});
    await expect(pager.getByRole('link', {name: /Предыдущая страница/})).toHaveAttribute('href', '/deployment/');
    await pager.getByRole('link', {name: /Следующая страница/}).click();
    await expect(page).toHaveURL(/\/deployment\/install\/check-list$/);
  });

  test('back-to-top appears after scrolling and returns to the top', async ({page}) => {
    await openHydrated(page, GUIDE);
    const button = page.locator('.theme-back-to-top-button');
    await expect(button).toHaveAttribute('aria-label', 'Прокрутка к началу');
    // Like the theme, the button shows when the reader scrolls back up from deep in the page.
    await scrollPage(page, 3000);
    await scrollPage(page, 2600);
    await expect(button).toHaveClass(/backToTopButtonShow/);
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('links in view still fetch their pages ahead, once the browser is idle', async ({page}) => {
    await openHydrated(page, GUIDE);
    // The sidebar's neighbours of this page are in view: their route chunks get prefetched.
    await expect.poll(() => page.locator('head link[rel=prefetch][href*="/assets/js/"]').count(), {timeout: 10_000}).toBeGreaterThan(3);
  });

  test('the navbar hides when scrolling down and comes back on scroll up', async ({page}) => {
    await openHydrated(page, GUIDE);
    const navbar = page.locator('nav.navbar');
    await scrollPage(page, 200);
    await scrollPage(page, 800);
    await expect(navbar).toHaveClass(/navbarHidden/);
    await scrollPage(page, 600);
    await expect(navbar).not.toHaveClass(/navbarHidden/);
    await scrollPage(page, 1500);
    await expect(navbar).toHaveClass(/navbarHidden/);
    await scrollPage(page, 0);
    await expect(navbar).not.toHaveClass(/navbarHidden/);
  });

  test('tag pages group tags by their first letter', async ({page}) => {
    await openHydrated(page, '/tags');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Теги');
    // Each letter heading ends with a hidden anchor holding a zero-width space.
    const letters = (await page.locator('article h2').allTextContents()).map((t) => t.replace(/\u200b/g, '').trim());
    expect(letters.length).toBeGreaterThan(0);
    for (const letter of letters) expect(letter).toMatch(/^[A-ZА-ЯЁ0-9]$/);
  });

  test('Mermaid diagrams are drawn into the page at build time, in the current colour mode, with no script', async ({browser}) => {
    for (const theme of ['light', 'dark']) {
      const context = await browser.newContext({javaScriptEnabled: false});
      const page = await context.newPage();
      // Without JavaScript the colour mode comes from the attribute the theme script would set.
      await page.goto('/deployment/install/components-scheme');
      if (theme === 'dark') await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
      const diagram = page.locator('.mermaid-diagram').first();
      await expect(diagram.locator(`.mermaid-diagram__${theme} svg`)).toBeVisible();
      await expect(diagram.locator(`.mermaid-diagram__${theme === 'dark' ? 'light' : 'dark'} svg`)).toBeHidden();
      await expect(diagram.locator(`.mermaid-diagram__${theme} svg`)).toContainText('PostgreSQL, основной сервер');
      await context.close();
    }
  });

  test('no page loads Mermaid', async ({page}) => {
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.text());
    });
    await openHydrated(page, '/deployment/install/components-scheme');
    // The SVGs themselves are in the page; the library (which exports mermaidAPI) is not.
    expect(scripts.filter((s) => /mermaidAPI/.test(s))).toEqual([]);
  });
});
