/**
 * The guide PDFs written by scripts/build-pdf.ts, read back with pdf.js: cover, contents with
 * working internal links, the text of every page, page numbers, bookmarks. Runs after the PDFs are
 * built; TIME_DOCS_BUILD_DIR points at another site folder than build/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as cheerio from 'cheerio';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {site} from '../../config/site';
import {GUIDES, MARGIN_MM, PDF_DIR, SUBTITLE, buildPdfs, composeGuide, planGuide, type Guide, type GuidePlan} from '../../scripts/lib/pdf';
import {fileOfRoute, readSidebars, type SidebarItem} from '../../plugins/shared/built-site';

const build = path.resolve(process.env.TIME_DOCS_BUILD_DIR ?? path.resolve(__dirname, '../../build'));
const sidebars = readSidebars(build);

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type TextItem = {str: string; hasEOL: boolean; transform: number[]; width: number};
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
interface OutlineItem {
  title: string;
  dest: string | unknown[] | null;
  items: OutlineItem[];
}

/** Whitespace (the typography puts no-break and narrow no-break spaces everywhere) as one space. */
const normalize = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/[\s\u00a0\u202f\u2009]+/g, ' ')
    .trim();
/** For text that may wrap anywhere in the PDF (code breaks mid-word): no whitespace at all. */
const squash = (text: string) => normalize(text).replace(/ /g, '');

/** Labels a reader sees in the contents: every doc link and every category of the sidebar. */
function sidebarLabels(items: SidebarItem[]): string[] {
  return items.flatMap((item) => {
    if (item.type === 'link') return item.docId ? [item.label] : [];
    if (item.type === 'category') return [item.label, ...sidebarLabels(item.items)];
    return [];
  });
}

function categoryLabels(items: SidebarItem[]): string[] {
  return items.flatMap((item) => (item.type === 'category' ? [item.label, ...categoryLabels(item.items)] : []));
}

/** Hrefs of every doc link in a sidebar. */
function docHrefs(items: SidebarItem[]): string[] {
  return items.flatMap((item) => (item.type === 'link' && item.docId ? [item.href] : item.type === 'category' ? docHrefs(item.items) : []));
}

/** The first sentence-long stretch of a built page's first paragraph: real Russian body text. */
function firstParagraph(file: string): string {
  const $ = cheerio.load(fs.readFileSync(file, 'utf8'));
  const text = normalize($('article .theme-doc-markdown > p').first().text());
  const words = text.split(' ');
  return words.slice(0, Math.min(words.length, 12)).join(' ');
}

interface Loaded {
  plan: GuidePlan;
  doc: PdfDocument;
  /** Text of each page, index 0 = page 1. */
  pages: string[];
  /** Text that reaches into the right margin or past the sheet, as «page: text». */
  pastRightEdge: string[];
  /** Characters of text per font size (pt, to a quarter point) over the pages after the contents. */
  fontSizes: Map<number, number>;
  outline: OutlineItem[];
  /** Pages of the contents, 1-based, [first, last]. */
  toc: [number, number];
}

async function pageOf(doc: PdfDocument, dest: string | unknown[] | null): Promise<number> {
  const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : dest;
  if (!explicit) throw new Error(`destination ${JSON.stringify(dest)} does not resolve`);
  return (await doc.getPageIndex(explicit[0] as Parameters<PdfDocument['getPageIndex']>[0])) + 1;
}

async function load(guide: Guide): Promise<Loaded> {
  const file = path.join(build, PDF_DIR, guide.fileName);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run "npm run build:pdf" first`);
  const pdfjs: PdfJs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({data: new Uint8Array(fs.readFileSync(file)), verbosity: 0, isEvalSupported: false}).promise;
  const pages: string[] = [];
  const sizesByPage: Map<number, number>[] = [];
  const pastRightEdge: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    // The right edge of the printable area, in points (1 pt tolerance for rounding).
    const right = page.view[2] - (MARGIN_MM.right / 25.4) * 72 + 1;
    const items = (await page.getTextContent()).items.filter((i) => 'str' in i) as TextItem[];
    pages.push(normalize(items.map((i) => i.str + (i.hasEOL ? '\n' : '')).join('')));
    const sizes = new Map<number, number>();
    for (const i of items) {
      if (i.str.trim() && i.transform[4] + i.width > right) pastRightEdge.push(`${n}: ${i.str}`);
      const size = Math.round(Math.abs(i.transform[0]) * 4) / 4;
      sizes.set(size, (sizes.get(size) ?? 0) + i.str.trim().length);
    }
    sizesByPage.push(sizes);
    page.cleanup();
  }
  const outline = ((await doc.getOutline()) ?? []) as OutlineItem[];
  const top = outline[0]?.items ?? [];
  const tocIndex = top.findIndex((i) => i.title === 'Содержание');
  if (tocIndex < 0 || !top[tocIndex + 1]) throw new Error(`${guide.fileName}: no «Содержание» bookmark followed by the first page`);
  const toc: [number, number] = [await pageOf(doc, top[tocIndex].dest), (await pageOf(doc, top[tocIndex + 1].dest)) - 1];
  const fontSizes = new Map<number, number>();
  for (const sizes of sizesByPage.slice(toc[1])) for (const [size, chars] of sizes) fontSizes.set(size, (fontSizes.get(size) ?? 0) + chars);
  return {plan: planGuide(guide, sidebars, build), doc, pages, pastRightEdge, fontSizes, outline, toc};
}

describe.each(GUIDES.map((g) => [g.fileName, g] as const))('%s', (_, guide) => {
  let pdf: Loaded;
  beforeAll(async () => {
    pdf = await load(guide);
  }, 180_000);
  afterAll(async () => {
    await pdf?.doc.destroy();
  });

  it('has a plausible number of pages: cover, contents and every sidebar page, without runaway layout', () => {
    expect(pdf.doc.numPages).toBeGreaterThan(pdf.plan.pages.length + 2);
    expect(pdf.doc.numPages).toBeLessThan(pdf.plan.pages.length * 15);
  });

  it('opens with a cover: the guide title, the documentation name, the portal address and the date', () => {
    const cover = pdf.pages[0];
    expect(cover).toContain(guide.title);
    expect(cover).toContain(SUBTITLE);
    expect(cover).toContain(site.url);
    expect(cover).toMatch(/Дата сборки: \d{1,2} (января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря) \d{4} г\./);
  });

  it('lists every sidebar page and category in «Содержание», right after the cover', () => {
    expect(pdf.toc[0]).toBe(2);
    expect(pdf.toc[1]).toBeGreaterThanOrEqual(pdf.toc[0]);
    const contents = pdf.pages.slice(pdf.toc[0] - 1, pdf.toc[1]).join(' ');
    expect(contents.startsWith('Содержание')).toBe(true);
    const labels = sidebarLabels(sidebars[guide.sidebar]);
    expect(labels.length).toBeGreaterThanOrEqual(pdf.plan.pages.length);
    const missing = labels.filter((label) => !contents.includes(normalize(label)));
    expect(missing).toEqual([]);
  });

  it('links the contents inside the document: one internal link per entry, each to a page after the contents', async () => {
    const links: {dest: unknown; url?: string}[] = [];
    for (let n = pdf.toc[0]; n <= pdf.toc[1]; n++) {
      const annotations = await (await pdf.doc.getPage(n)).getAnnotations();
      for (const a of annotations) {
        expect(a.subtype).toBe('Link');
        links.push({dest: a.dest, url: a.url});
      }
    }
    expect(links.length).toBeGreaterThanOrEqual(pdf.plan.pages.length);
    expect(links.filter((l) => l.url !== undefined)).toEqual([]);
    for (const link of links) {
      expect(typeof link.dest).toBe('string');
      expect(await pageOf(pdf.doc, link.dest as string)).toBeGreaterThan(pdf.toc[1]);
    }
  });

  it('gives every entry of the contents the number of the page its link leads to', async () => {
    const checked: string[] = [];
    const wrong: string[] = [];
    for (let n = pdf.toc[0]; n <= pdf.toc[1]; n++) {
      const page = await pdf.doc.getPage(n);
      const items = (await page.getTextContent()).items.filter((i) => 'str' in i) as TextItem[];
      for (const a of await page.getAnnotations()) {
        const [x1, y1, x2, y2] = a.rect as number[];
        // The number is the last figure on the link's line, inside its rectangle.
        const number = items
          .filter(
            (i) => /^\d+$/.test(i.str.trim()) && i.transform[4] >= x1 - 1 && i.transform[4] <= x2 + 1 && i.transform[5] >= y1 - 1 && i.transform[5] <= y2 + 1,
          )
          .at(-1);
        const label = normalize(
          items
            .filter((i) => i.transform[5] >= y1 - 1 && i.transform[5] <= y2 + 1 && !/^\d+$/.test(i.str.trim()))
            .map((i) => i.str)
            .join(''),
        );
        const target = await pageOf(pdf.doc, a.dest as string);
        checked.push(label);
        if (Number(number?.str) !== target) wrong.push(`${label}: printed ${number?.str ?? 'nothing'}, links to ${target}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked.length).toBeGreaterThanOrEqual(pdf.plan.pages.length);
  });

  it('keeps links between pages internal and never points at the local server', async () => {
    let internal = 0;
    const leaked: string[] = [];
    const unresolved = new Set<string>();
    const destinations = await pdf.doc.getDestinations();
    for (let n = pdf.toc[1] + 1; n <= pdf.doc.numPages; n++) {
      for (const a of await (await pdf.doc.getPage(n)).getAnnotations()) {
        if (a.subtype !== 'Link') continue;
        if (typeof a.dest === 'string') {
          internal++;
          if (!destinations[a.dest]) unresolved.add(a.dest);
        }
        if (typeof a.url === 'string' && /^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(a.url)) leaked.push(a.url);
      }
    }
    expect(leaked).toEqual([]);
    expect([...unresolved]).toEqual([]);
    expect(internal).toBeGreaterThan(0);
  });

  it('has the Russian text of the pages, extractable and in reading order', () => {
    const body = squash(pdf.pages.slice(pdf.toc[1]).join(' '));
    const picks = [pdf.plan.pages[0], pdf.plan.pages[Math.floor(pdf.plan.pages.length / 2)], pdf.plan.pages.at(-1)!];
    for (const page of picks) {
      const sentence = firstParagraph(page.file);
      expect(sentence, `${page.href} has no first paragraph`).toMatch(/[а-яё]{3}/i);
      expect(body, `text of ${page.href}`).toContain(squash(sentence));
    }
    // Every page's title, in sidebar order.
    let from = 0;
    for (const page of pdf.plan.pages) {
      const title = squash(cheerio.load(fs.readFileSync(page.file, 'utf8'))('article .theme-doc-markdown h1').first().text());
      const at = body.indexOf(title, from);
      expect(at, `title of ${page.href} after the previous page's`).toBeGreaterThanOrEqual(from);
      from = at;
    }
  });

  it('numbers every page «N из M» in the footer', () => {
    const total = pdf.doc.numPages;
    const unnumbered = pdf.pages.map((text, i) => (text.includes(`${i + 1} из ${total}`) ? 0 : i + 1)).filter(Boolean);
    expect(unnumbered).toEqual([]);
  });

  it('keeps all text within the sheet: wide tables and long code lines wrap instead of being cut off', () => {
    expect(pdf.pastRightEdge.slice(0, 10)).toEqual([]);
  });

  it('prints at full size: nothing wider than the sheet made Chromium shrink the pages', () => {
    // Body text is 13 px = 9.75 pt (scripts/lib/pdf.css); content wider than the sheet makes
    // Chromium scale the whole print down, and the body text with it.
    const [bodySize] = [...pdf.fontSizes].sort((a, b) => b[1] - a[1])[0];
    expect(bodySize).toBeGreaterThanOrEqual(9.5);
  });

  it('has bookmarks: the guide, «Содержание», the sidebar categories and every page, nested', async () => {
    expect(pdf.outline).toHaveLength(1);
    expect(pdf.outline[0].title).toBe(guide.title);
    const titles: string[] = [];
    const walk = (items: OutlineItem[]) => items.forEach((i) => (titles.push(normalize(i.title)), walk(i.items)));
    walk(pdf.outline);
    const categories = categoryLabels(sidebars[guide.sidebar]);
    for (const label of categories) expect(titles).toContain(normalize(label));
    // One bookmark per page at least (its title), plus the headings inside.
    expect(titles.length).toBeGreaterThan(pdf.plan.pages.length + categories.length);
    expect(await pageOf(pdf.doc, pdf.outline[0].items.at(-1)!.dest)).toBeLessThanOrEqual(pdf.doc.numPages);
  });
});

describe('composing the document', () => {
  const guide = GUIDES[0];
  /** A built page of the site with tabs in its article (the API cookbook's code samples). */
  const tabsPage = Object.values(sidebars)
    .flatMap(docHrefs)
    .map((href) => ({href, file: fileOfRoute(build, href)}))
    .find(({file}) => file && /class="[^"]*\btabs-container\b/.test(fs.readFileSync(file, 'utf8')) && !fs.readFileSync(file, 'utf8').includes('openapi-tabs'));

  it('prints every tab panel under its label, with no tab UI left', () => {
    expect(tabsPage, 'no built doc page has tabs to print').toBeDefined();
    const $ = cheerio.load(fs.readFileSync(tabsPage!.file!, 'utf8'));
    const labels = $('article .tabs-container [role="tab"]')
      .toArray()
      .map((t) => normalize($(t).text()));
    const page = {id: 'tabs', href: tabsPage!.href, route: tabsPage!.href, label: 'Вкладки', file: tabsPage!.file!, depth: 0, opens: []};
    const {html} = composeGuide({guide, pages: [page], toc: []}, 'http://localhost:1');
    const out = cheerio.load(html);
    expect(
      out('.pdf-tab__label')
        .toArray()
        .map((l) => normalize(out(l).text())),
    ).toEqual(labels);
    expect(out('.pdf-tab').length).toBe(labels.length);
    expect(out('[role="tab"], [role="tabpanel"], [hidden], .hash-link, button').length).toBe(0);
  });

  describe('with a page written for the purpose', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'time-docs-pdf-'));
    const write = (route: string, article: string) => {
      fs.mkdirSync(path.join(dir, route), {recursive: true});
      fs.writeFileSync(
        path.join(dir, route, 'index.html'),
        `<!doctype html><html lang="ru"><body><article><nav class="theme-doc-breadcrumbs">Главная</nav><div class="theme-doc-markdown markdown">${article}</div><footer class="theme-doc-footer">Теги</footer></article><nav class="pagination-nav">Дальше</nav></body></html>`,
      );
    };
    write(
      'guide/a',
      `<header><h1>Первая страница</h1></header>
<h2 class="anchor" id="setup">Настройка<a href="#setup" class="hash-link">\u200b</a></h2>
<p><a href="#setup">здесь</a>, <a href="/guide/b#limits">лимиты</a>, <a href="/guide/b/">вторая</a>, <a href="/api/v4/create-post?x=1#body">API</a>, <a href="https://example.org/x">внешняя</a>, <a href="#nowhere">мимо</a></p>
<details class="details_x" data-collapsed="true"><summary>Подробнее</summary><div style="display:none;overflow:hidden;height:0px"><div>Скрытый текст</div></div></details>
<p><img src="/img/a.png" srcset="/img/a@2x.png 2x" loading="lazy" alt="Схема"><img class="themedImage--dark" src="/img/dark.png" alt=""></p>
<div class="mermaid-diagram"><div class="mermaid-diagram__light"><svg><g id="m1"></g></svg></div><div class="mermaid-diagram__dark"><svg></svg></div></div>
<div class="theme-code-block"><div class="buttonGroup_x"><button>Копировать</button></div><pre><code>echo</code></pre></div>
<table><tr><td><code>TIME_SERVICESETTINGS_SITEURL</code></td></tr></table>`,
    );
    write('guide/b', `<header><h1>Вторая страница</h1></header><h2 id="limits">Лимиты</h2><p>Текст.</p>`);
    const sidebar: SidebarItem[] = [
      {type: 'link', href: '/guide/a', label: 'Первая', docId: 'guide/a'},
      {type: 'category', label: 'Раздел', items: [{type: 'link', href: '/guide/b', label: 'Вторая', docId: 'guide/b'}]},
    ];
    const testGuide: Guide = {...guide, sidebar: 'test'};
    afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

    it('rewrites ids, links and images and removes the site UI', () => {
      const plan = planGuide(testGuide, {test: sidebar}, dir);
      expect(plan.pages.map((p) => [p.id, p.depth])).toEqual([
        ['guide-a', 0],
        ['guide-b', 1],
      ]);
      const {html, brokenAnchors} = composeGuide(plan, 'http://localhost:9');
      const $ = cheerio.load(html);
      expect(
        $('section.pdf-page')
          .toArray()
          .map((s) => $(s).attr('id')),
      ).toEqual(['guide-a', 'guide-b']);
      expect($('#guide-a--setup').prop('tagName')).toBe('H3');
      expect($('#guide-b h2.pdf-part').text()).toBe('Раздел');
      expect($('#guide-b h3.pdf-page-title').text()).toBe('Вторая страница');
      expect($('#guide-b--limits').prop('tagName')).toBe('H4');
      const hrefs = $('#guide-a p a')
        .toArray()
        .map((a) => $(a).attr('href'));
      expect(hrefs).toEqual([
        '#guide-a--setup',
        '#guide-b--limits',
        '#guide-b',
        `${site.url}/api/v4/create-post?x=1#body`,
        'https://example.org/x',
        '#guide-a',
      ]);
      expect(brokenAnchors).toEqual(['/guide/a#nowhere']);
      expect($('details').is('[open]')).toBe(true);
      expect($('details > div').attr('style')).toBeUndefined();
      expect(
        $('img')
          .toArray()
          .map((i) => [$(i).attr('src'), $(i).attr('srcset'), $(i).attr('loading')]),
      ).toEqual([['http://localhost:9/img/a.png', undefined, undefined]]);
      expect($('.mermaid-diagram__dark, .mermaid-diagram__light svg g#m1').length).toBe(1);
      expect($('.hash-link, button, .theme-doc-breadcrumbs, .theme-doc-footer, .pagination-nav').length).toBe(0);
      expect($('td code').html()).toBe('TIME_<wbr>SERVICESETTINGS_<wbr>SITEURL');
      expect(
        $('.pdf-toc a')
          .toArray()
          .map((a) => [$(a).find('.pdf-toc__label').text(), $(a).attr('href')]),
      ).toEqual([
        ['Первая', '#guide-a'],
        ['Раздел', '#part-2'],
        ['Вторая', '#guide-b'],
      ]);
      expect($('#part-2').closest('section').attr('id')).toBe('guide-b');
    });

    it('fails on a missing sidebar, a page missing from the build and a site folder that is not built', async () => {
      expect(() => planGuide(testGuide, {}, dir)).toThrow(/sidebar "test" is missing/);
      const missing: SidebarItem[] = [...sidebar, {type: 'link', href: '/guide/c', label: 'Третья', docId: 'guide/c'}];
      expect(() => planGuide(testGuide, {test: missing}, dir)).toThrow(/\/guide\/c .*not in/);
      expect(() => readSidebars(path.join(dir, 'no-such-folder'))).toThrow(/npm run build/);
      await expect(buildPdfs(path.join(dir, 'no-such-site'))).rejects.toThrow(/not a built site/);
      expect(fs.existsSync(path.join(dir, 'no-such-site'))).toBe(false);
    });
  });
});
