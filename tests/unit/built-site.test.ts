/**
 * The reader of the built site (plugins/shared/built-site) that search, Markdown export, the PDF
 * guides and proofreading share: which file serves a route, what a page's article is, and the
 * sidebars the build writes for the tooling that runs after it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {
  articleHtml,
  builtHtmlFiles,
  fileOfRoute,
  normalizeRoute,
  readPage,
  readSidebars,
  routeOfFile,
  SIDEBARS_FILE,
  toShownSidebar,
  writeSidebars,
  type LoadedDoc,
} from '../../plugins/shared/built-site';

const site = fs.mkdtempSync(path.join(os.tmpdir(), 'built-site-'));
const write = (file: string, text = '<html></html>') => {
  fs.mkdirSync(path.dirname(path.join(site, file)), {recursive: true});
  fs.writeFileSync(path.join(site, file), text);
};
write('index.html');
write('guide/page/index.html');
write('404.html');
write('tags/слэш/index.html');
afterAll(() => fs.rmSync(site, {recursive: true, force: true}));

describe('route and file', () => {
  it('finds the file that serves a route, with or without its slash, query and hash', () => {
    const page = path.join(site, 'guide/page/index.html');
    expect(['/guide/page', '/guide/page/', '/guide/page?x=1#a', '/guide/page#a'].map((route) => fileOfRoute(site, route))).toEqual([page, page, page, page]);
    expect(fileOfRoute(site, '/')).toBe(path.join(site, 'index.html'));
    expect(fileOfRoute(site, '/404')).toBe(path.join(site, '404.html'));
    expect(fileOfRoute(site, `/tags/${encodeURIComponent('слэш')}`)).toBe(path.join(site, 'tags/слэш/index.html'));
    expect(fileOfRoute(site, '/guide/missing')).toBeUndefined();
    // A malformed escape is looked up as written, not thrown on.
    expect(fileOfRoute(site, '/guide/%E0%A4%A')).toBeUndefined();
  });

  it('names the route of every HTML file (in the order of the files), and compares routes however they are written', () => {
    expect(builtHtmlFiles(site).map(({route}) => route)).toEqual(['/404.html', '/guide/page/', '/', '/tags/слэш/']);
    expect(routeOfFile(site, path.join(site, 'guide/page/index.html'))).toBe('/guide/page/');
    expect(['/guide/page/', '/guide/page/index.html', '/guide/page.html', '/guide/page'].map(normalizeRoute)).toEqual(Array(4).fill('/guide/page'));
    expect(normalizeRoute('/')).toBe('/');
  });
});

describe('a built page', () => {
  const doc = (article: string) =>
    `<!doctype html><html class="docs-wrapper docs-doc-page"><head><meta name="description" content="Описание."></head><body><nav class="navbar">Меню</nav><main><article>${article}</article><nav class="pagination-nav">Дальше</nav></main><footer>Подвал</footer></body></html>`;

  it('is a doc page with its title, description, breadcrumbs and content, apart from the chrome', () => {
    const page = readPage(
      doc(
        '<nav class="theme-doc-breadcrumbs"><ul><li>Раздел</li><li>Страница</li></ul></nav><div class="theme-doc-markdown markdown"><header><h1>Стра\u200bница</h1></header><p>Текст.</p></div>',
      ),
    );
    expect([page.isDoc, page.title, page.description, page.crumbs]).toEqual([true, 'Страница', 'Описание.', ['Раздел', 'Страница']]);
    expect(page.content?.find('p').text()).toBe('Текст.');
    expect(page.$(page.main!).text()).not.toMatch(/Меню|Подвал|Дальше/);
  });

  it('falls back to main for a standalone page, and has neither for a redirect stub', () => {
    const standalone = readPage('<html class="plugin-pages"><body><main><h1>Поиск</h1></main></body></html>');
    expect([standalone.isDoc, standalone.content, standalone.$(standalone.main!).text()]).toEqual([false, undefined, 'Поиск']);
    expect(readPage('<html><head><meta http-equiv="refresh" content="0; url=/a/"></head><body></body></html>').main).toBeUndefined();
  });

  it('cuts the article out of the HTML, or nothing when there is none', () => {
    expect(articleHtml('<body><nav>x</nav><article><p>a</p><article>b</article></article><footer></footer></body>')).toBe(
      '<article><p>a</p><article>b</article></article>',
    );
    expect(articleHtml('<body><main></main></body>')).toBeUndefined();
  });
});

describe('the sidebars of a build', () => {
  const docs = new Map<string, LoadedDoc>([
    ['a', {id: 'a', title: 'Заголовок A', permalink: '/a', frontMatter: {}}],
    ['b', {id: 'b', title: 'Заголовок B', permalink: '/b', frontMatter: {sidebar_label: 'Метка B'}}],
    ['c', {id: 'c', title: 'Заголовок C', permalink: '/c/', frontMatter: {}}],
  ]);

  it('shows labels and links as the site does: sidebar_label, then the item label, then the title', () => {
    const shown = toShownSidebar(
      [
        {type: 'doc', id: 'a'},
        {type: 'doc', id: 'b', label: 'Не эта'},
        {type: 'category', label: 'Раздел', link: {type: 'doc', id: 'c'}, items: [{type: 'ref', id: 'a', label: 'Ссылка'}, {type: 'html'}]},
        {
          type: 'category',
          label: 'Обзор',
          link: {type: 'generated-index', permalink: '/category/x'},
          items: [{type: 'link', href: 'https://example.org', label: 'Снаружи'}],
        },
        {type: 'category', label: 'Без ссылки', items: []},
      ],
      docs,
      'test',
    );
    expect(shown).toEqual([
      {type: 'link', href: '/a', label: 'Заголовок A', docId: 'a'},
      {type: 'link', href: '/b', label: 'Метка B', docId: 'b'},
      {type: 'category', label: 'Раздел', href: '/c/', items: [{type: 'link', href: '/a', label: 'Ссылка', docId: 'a'}]},
      {type: 'category', label: 'Обзор', href: '/category/x', items: [{type: 'link', href: 'https://example.org', label: 'Снаружи'}]},
      {type: 'category', label: 'Без ссылки', items: []},
    ]);
    expect(() => toShownSidebar([{type: 'doc', id: 'gone'}], docs, 'sidebar "x"')).toThrow('sidebar "x": the sidebar names a doc "gone" that was not loaded');
  });

  it('are read back from the build, in a dot folder nginx does not serve, and a build without them is an error', () => {
    const sidebars = {default: {guide: [{type: 'link' as const, href: '/a', label: 'A', docId: 'a'}]}};
    writeSidebars(site, sidebars);
    expect(SIDEBARS_FILE.startsWith('.')).toBe(true);
    expect(readSidebars(site)).toEqual(sidebars.default);
    expect(() => readSidebars(site, 'api-v4')).toThrow(/has no sidebars of the docs plugin "api-v4" \(found: default\)/);
    expect(() => readSidebars(path.join(site, 'nothing'))).toThrow(/sidebars\.json does not exist: run "npm run build" first/);
  });
});
