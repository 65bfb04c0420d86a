/**
 * The administration and deployment guides as one PDF each, printed by Chromium from the built site.
 *
 * Per guide: the sidebar (as the build wrote it: plugins/shared/built-site) gives the pages in reading order; the
 * article of each built page is read from disk and rewritten with cheerio (ids prefixed per page,
 * links pointed inside the document, UI removed, every tab panel shown); the result replaces the
 * body of the guide's index page served by the production nginx config, so the site's own CSS
 * styles it, and Chromium prints it with page numbers, internal links and bookmarks.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import type {Element} from 'domhandler';
import type {Browser, Page} from '@playwright/test';
import {launchChromium, startNginx} from './browser';
import {ARTICLE_CHROME, CONTROLS, decodePath, fileOfRoute, normalizeRoute, readPage, readSidebars, type SidebarItem} from '../../plugins/shared/built-site';
import {assertPortFree, freePort} from './port';
import {site} from '../../config/site';
import {russianDate as formatRussianDate} from '../../src/utils/russianDate';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const PDF_DIR = 'pdf';
export const SUBTITLE = 'Документация корпоративного мессенджера Time';

export interface Guide {
  id: string;
  /** Sidebar name in sidebars.ts. */
  sidebar: string;
  title: string;
  /** The guide's section index page: opened in Chromium so the site's CSS is loaded. */
  indexPath: string;
  fileName: string;
}

export const GUIDES: readonly Guide[] = [
  {
    id: 'administration',
    sidebar: 'administration',
    title: 'Руководство администратора Time',
    indexPath: '/administration/',
    fileName: 'time-administration.pdf',
  },
  {id: 'deployment', sidebar: 'deployment', title: 'Руководство по развёртыванию Time', indexPath: '/deployment/', fileName: 'time-deployment.pdf'},
];

/** An ASCII id for a page section, from its path: `/deployment/install/gossip` → `deployment-install-gossip`. */
export function pageId(href: string): string {
  const id = normalizeRoute(href)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  if (!id) throw new Error(`cannot derive a section id from "${href}"`);
  return id;
}

export interface GuidePage {
  id: string;
  href: string;
  route: string;
  /** Sidebar label (the category label for a category's own page). */
  label: string;
  file: string;
  /** Number of enclosing sidebar categories; sets heading levels in the composed document. */
  depth: number;
  /** Categories whose heading opens this page's section (their first page), outermost first. */
  opens: TocNode[];
}

export interface TocNode {
  label: string;
  /** In-document anchor the entry links to. */
  target: string;
  kind: 'page' | 'category';
  depth: number;
  children: TocNode[];
}

export interface GuidePlan {
  guide: Guide;
  pages: GuidePage[];
  toc: TocNode[];
}

/** The HTML of a built page and its doc content root, or undefined for a page that is not a doc. */
function loadArticle(file: string) {
  const {$, content} = readPage(fs.readFileSync(file, 'utf8'));
  return content ? {$, root: content} : undefined;
}

/**
 * Flattens a guide's sidebar in reading order (a category's own doc page before its items) and
 * checks that every page is built. Throws on a missing sidebar or page.
 */
export function planGuide(guide: Guide, sidebars: Record<string, SidebarItem[]>, siteDir: string): GuidePlan {
  const sidebar = sidebars[guide.sidebar];
  if (!sidebar) throw new Error(`sidebar "${guide.sidebar}" is missing from the build's sidebars (found: ${Object.keys(sidebars).join(', ')})`);
  const pages: GuidePage[] = [];
  const ids = new Set<string>();
  let pendingOpens: TocNode[] = [];

  const addPage = (href: string, label: string, depth: number, file: string): TocNode => {
    const id = pageId(href);
    if (ids.has(id)) throw new Error(`${guide.sidebar}: two sidebar entries give the section id "${id}" (${href})`);
    ids.add(id);
    pages.push({id, href, route: normalizeRoute(href), label, file, depth, opens: pendingOpens});
    pendingOpens = [];
    return {label, target: id, kind: 'page', depth, children: []};
  };

  const walk = (items: SidebarItem[], depth: number, position: string): TocNode[] => {
    const nodes: TocNode[] = [];
    items.forEach((item, index) => {
      const where = `${position}-${index + 1}`;
      if (item.type === 'link') {
        // Links to other sites (no doc behind them) have nothing to print.
        if (!item.docId && /^[a-z][a-z0-9+.-]*:/i.test(item.href)) return;
        const file = fileOfRoute(siteDir, item.href);
        if (!file) throw new Error(`${guide.sidebar}: page ${item.href} («${item.label}») is in the sidebar but not in ${siteDir}`);
        if (!loadArticle(file)) throw new Error(`${guide.sidebar}: ${file} has no doc content (article .theme-doc-markdown)`);
        nodes.push(addPage(item.href, item.label, depth, file));
      } else if (item.type === 'category') {
        const node: TocNode = {label: item.label, target: `part${where}`, kind: 'category', depth, children: []};
        // The heading goes at the top of the category's first page.
        const savedOpens = pendingOpens;
        pendingOpens = [...pendingOpens, node];
        const before = pages.length;
        if (item.href) {
          const file = fileOfRoute(siteDir, item.href);
          if (!file) throw new Error(`${guide.sidebar}: category «${item.label}» links to ${item.href}, which is not in ${siteDir}`);
          // A generated index (a list of cards) is not a doc page: the category's items are printed instead.
          if (loadArticle(file)) addPage(item.href, item.label, depth + 1, file);
        }
        node.children = walk(item.items, depth + 1, where);
        if (pages.length === before) {
          pendingOpens = savedOpens;
          return;
        }
        nodes.push(node);
      }
    });
    return nodes;
  };

  const toc = walk(sidebar, 0, '');
  if (pages.length === 0) throw new Error(`sidebar "${guide.sidebar}" has no pages`);
  return {guide, pages, toc};
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[c]!);

/** «21 ноября 2026 г.»; SOURCE_DATE_EPOCH (seconds) fixes the date for reproducible builds. */
export function russianDate(date = buildDate()): string {
  return formatRussianDate(date);
}

function buildDate(): Date {
  const epoch = process.env.SOURCE_DATE_EPOCH;
  return epoch && /^\d+$/.test(epoch) ? new Date(Number(epoch) * 1000) : new Date();
}

/** UI of the live site that means nothing on paper. */
const REMOVE = [
  ARTICLE_CHROME,
  CONTROLS,
  '[class*="buttonGroup"]',
  // Dark-mode variants: Mermaid diagrams drawn twice, themed images, GitHub-style suffixes.
  '.mermaid-diagram__dark',
  '.themedImage--dark',
  '[class*="themedComponent--dark"]',
  'img[src*="#gh-dark-mode-only"]',
].join(',');

const headingLevel = (name: string) => Number(name.slice(1));

interface LoadedPage {
  page: GuidePage;
  $: cheerio.CheerioAPI;
  root: cheerio.Cheerio<Element>;
  /** Element ids of the page's content (before prefixing). */
  ids: Set<string>;
}

export interface ComposeResult {
  html: string;
  /** Links to a missing anchor of a page in this document, pointed at the page instead. */
  brokenAnchors: string[];
}

/** A guide's page loaded for composing, with the element ids of its content (before prefixing). */
function loadGuidePage(page: GuidePage): LoadedPage {
  const article = loadArticle(page.file);
  if (!article) throw new Error(`${page.file} has no doc content (article .theme-doc-markdown)`);
  const {$, root} = article;
  const ids = new Set<string>();
  // Ids inside SVG (Mermaid's styles and markers refer to them) stay as they are.
  root.find('[id]').each((_, el) => {
    if (!$(el).closest('svg').length) ids.add($(el).attr('id')!);
  });
  return {page, $, root, ids};
}

/** Tabs: every panel, each under its tab's label. */
function showAllTabs({page, $, root}: LoadedPage): void {
  // Innermost first, so the lookups below only see a container's own tabs.
  for (const el of root.find('.tabs-container').toArray().reverse()) {
    const container = $(el);
    const labels = container
      .find('[role="tab"]')
      .toArray()
      .map((t) => $(t).text().trim());
    const panels = container.find('[role="tabpanel"]').toArray();
    if (labels.length !== panels.length || panels.length === 0) {
      throw new Error(`${page.href}: tabs with ${labels.length} labels but ${panels.length} panels in the built HTML (lazy tabs cannot be printed)`);
    }
    const body = panels.map((p, i) => `<div class="pdf-tab"><p class="pdf-tab__label">${escapeHtml(labels[i])}</p>${$(p).html() ?? ''}</div>`).join('');
    container.replaceWith(`<div class="pdf-tabs">${body}</div>`);
  }
}

/** Collapsed `<details>` would print their summary only. */
function openDetails({$, root}: LoadedPage): void {
  root.find('details').each((_, el) => {
    $(el).attr('open', '').attr('data-collapsed', 'false');
    $(el).children('div').removeAttr('style');
  });
}

/** Takes the page's `h1` out (it becomes the section's title) and returns its HTML. */
function takeTitle({page, root}: LoadedPage): string {
  const h1 = root.find('h1').first();
  const titleHtml = h1.length ? h1.html()!.trim() : escapeHtml(page.label);
  (h1.parent().is('header') ? h1.parent() : h1).remove();
  return titleHtml;
}

/** Ids get the page's prefix, and headings nest below the page's categories, so the PDF bookmarks follow the sidebar. */
function prefixIdsAndNestHeadings({page, $, root}: LoadedPage): void {
  root.find('[id]').each((_, el) => {
    if (!$(el).closest('svg').length) $(el).attr('id', `${page.id}--${$(el).attr('id')!}`);
  });
  root.find('h1, h2, h3, h4, h5, h6').each((_, el) => {
    const level = headingLevel(el.tagName);
    $(el).addClass(`pdf-h${level}`);
    el.tagName = `h${Math.min(6, page.depth + 1 + level)}`;
  });
}

/**
 * Links to a page of the guide point inside the document, links to the rest of the site at the
 * public site. Returns the links to a missing anchor (pointed at their page instead).
 */
function pointLinks({page, $, root, ids}: LoadedPage, byRoute: Map<string, LoadedPage>): string[] {
  const brokenAnchors: string[] = [];
  root.find('a[href]').each((_, el) => {
    const href = $(el).attr('href')!;
    if (href.startsWith('#')) {
      const anchor = decodePath(href.slice(1));
      if (ids.has(anchor)) $(el).attr('href', `#${page.id}--${anchor}`);
      else {
        if (anchor) brokenAnchors.push(`${page.href}${href}`);
        $(el).attr('href', `#${page.id}`);
      }
      return;
    }
    const url = new URL(href, `http://site.invalid${page.href}`);
    if (url.origin !== 'http://site.invalid' && url.origin !== site.url) return;
    const target = byRoute.get(normalizeRoute(url.pathname));
    if (!target) {
      $(el).attr('href', `${site.url}${url.pathname}${url.search}${url.hash}`);
      return;
    }
    const anchor = decodePath(url.hash.slice(1));
    if (anchor && !target.ids.has(anchor)) brokenAnchors.push(`${page.href} → ${url.pathname}${url.hash}`);
    $(el).attr('href', anchor && target.ids.has(anchor) ? `#${target.page.id}--${anchor}` : `#${target.page.id}`);
    $(el).removeAttr('target').removeAttr('rel');
  });
  return brokenAnchors;
}

/**
 * Long keys (TIME_SERVICESETTINGS_…) may break after a dot, underscore or slash rather than widen
 * a table column or a settings block past the sheet.
 */
function breakLongCodes({$, root}: LoadedPage): void {
  root.find('code').each((_, el) => {
    if ($(el).closest('pre').length) return;
    const code = $(el);
    if (code.children().length === 0) code.html(escapeHtml(code.text()).replace(/([._/])(?=.)/g, '$1<wbr>'));
  });
}

/** Images from the local server; eager, since a lazy image may still be blank when printing. */
function loadImagesFrom({page, $, root}: LoadedPage, origin: string): void {
  root.find('img[src]').each((_, el) => {
    $(el).attr('src', new URL($(el).attr('src')!, `${origin}${page.href}`).href);
    $(el).removeAttr('srcset').removeAttr('sizes').removeAttr('loading');
  });
  root.find('picture source').remove();
}

/** One page of the guide as its `<section>`, opened by the headings of the categories it starts. */
function pageSection(loaded: LoadedPage, byRoute: Map<string, LoadedPage>, origin: string): {html: string; brokenAnchors: string[]} {
  const {page, root} = loaded;
  root.find(REMOVE).remove();
  showAllTabs(loaded);
  openDetails(loaded);
  const titleHtml = takeTitle(loaded);
  prefixIdsAndNestHeadings(loaded);
  const brokenAnchors = pointLinks(loaded, byRoute);
  breakLongCodes(loaded);
  loadImagesFrom(loaded, origin);
  const heads = page.opens.map((node) => `<h${node.depth + 2} id="${node.target}" class="pdf-part">${escapeHtml(node.label)}</h${node.depth + 2}>`).join('');
  const titleTag = `h${Math.min(6, page.depth + 2)}`;
  const html = `<section id="${page.id}" class="pdf-page">${heads}<${titleTag} class="pdf-page-title">${titleHtml}</${titleTag}><div class="theme-doc-markdown markdown">${root.html()}</div></section>`;
  return {html, brokenAnchors};
}

/** The contents: every page and category, linked, with its page number. */
function tocList(nodes: TocNode[]): string {
  const items = nodes.map(
    (n) =>
      // The page number is filled in after a first print (printGuide); until then a hidden
      // placeholder as wide as four digits holds its place, so the contents keep their layout.
      `<li class="pdf-toc__${n.kind}"><a href="#${n.target}"><span class="pdf-toc__label">${escapeHtml(n.label)}</span><span class="pdf-toc__leader"></span><span class="pdf-toc__num pdf-toc__num--pending" data-target="${n.target}">0000</span></a>${
        n.children.length ? tocList(n.children) : ''
      }</li>`,
  );
  return `<ol>${items.join('')}</ol>`;
}

function cover(guide: Guide, date: string): string {
  return `<section class="pdf-cover">
<p class="pdf-cover__brand">${escapeHtml(site.title)}</p>
<h1 class="pdf-cover__title">${escapeHtml(guide.title)}</h1>
<p class="pdf-cover__subtitle">${escapeHtml(SUBTITLE)}</p>
<p class="pdf-cover__meta"><a href="${escapeHtml(site.url)}/">${escapeHtml(site.url)}</a><br>Дата сборки: ${escapeHtml(date)}</p>
</section>`;
}

/**
 * The whole guide as one HTML fragment for `<body>`: cover, contents, then each page in a section.
 * `origin` is the local server the images are loaded from.
 */
export function composeGuide(plan: GuidePlan, origin: string, date = russianDate()): ComposeResult {
  const loaded = plan.pages.map(loadGuidePage);
  const byRoute = new Map(loaded.map((l) => [l.page.route, l]));
  const sections = loaded.map((page) => pageSection(page, byRoute, origin));
  const html = `<main class="pdf-doc">
${cover(plan.guide, date)}
<nav class="pdf-toc" aria-labelledby="pdf-toc-title"><h2 id="pdf-toc-title">Содержание</h2>${tocList(plan.toc)}</nav>
${sections.map((section) => section.html).join('\n')}
</main>`;
  return {html, brokenAnchors: sections.flatMap((section) => section.brokenAnchors)};
}

export const PDF_CSS = fs.readFileSync(path.join(__dirname, 'pdf.css'), 'utf8');

/** Sheet margins in millimetres; the header and footer are drawn inside the top and bottom ones. */
export const MARGIN_MM = {top: 18, right: 16, bottom: 18, left: 16};
const MARGIN = Object.fromEntries(Object.entries(MARGIN_MM).map(([side, mm]) => [side, `${mm}mm`]));
/** A4's width less the side margins, in CSS pixels (96 per inch). */
const PRINT_WIDTH_PX = Math.floor(((210 - MARGIN_MM.left - MARGIN_MM.right) / 25.4) * 96);

const TEMPLATE_STYLE = `font-family: system-ui, 'DejaVu Sans', sans-serif; font-size: 8px; color: #606770; width: 100%; margin: 0 ${MARGIN_MM.right}mm 0 ${MARGIN_MM.left}mm;`;

export interface GuideResult {
  guide: Guide;
  file: string;
  pages: number;
  bytes: number;
  ms: number;
  sourcePages: number;
  brokenAnchors: string[];
  /** Sections with content wider than the sheet (Chromium then prints every page smaller). */
  overflow: string[];
}

/**
 * Opens the guide's index page (so the site's CSS and fonts load, and React hydrates first and does
 * not touch the body afterwards) and replaces its body with the composed guide. A missing
 * stylesheet, font or image would print an unstyled or incomplete guide: such requests are
 * returned, to fail on once the page has settled. (Scripts are left out: the body is replaced while
 * the app may still fetch its chunks.)
 */
async function openComposed(page: Page, origin: string, guide: Guide, html: string): Promise<string[]> {
  const errors: string[] = [];
  const watched = new Set(['document', 'stylesheet', 'font', 'image']);
  page.on('response', (r) => {
    if (r.status() >= 400 && watched.has(r.request().resourceType())) errors.push(`${r.url()}: HTTP ${r.status()}`);
  });
  page.on('requestfailed', (r) => {
    if (watched.has(r.resourceType())) errors.push(`${r.url()}: ${r.failure()?.errorText}`);
  });
  const response = await page.goto(`${origin}${guide.indexPath}`, {waitUntil: 'load'});
  if (!response?.ok()) throw new Error(`${origin}${guide.indexPath} answered ${response?.status()}`);
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: 30_000});
  await page.emulateMedia({media: 'print', colorScheme: 'light'});
  await page.evaluate(
    ({body, title}) => {
      document.documentElement.setAttribute('data-theme', 'light');
      document.title = title;
      document.body.className = 'pdf-body';
      document.body.innerHTML = body;
    },
    {body: html, title: guide.title},
  );
  await page.addStyleTag({content: PDF_CSS});
  return errors;
}

/** The images that cannot be shown, once every image and font has loaded. */
function brokenImages(page: Page): Promise<string[]> {
  // decode() waits for the image and rejects if it cannot be shown (SVGs without a size included).
  return page.evaluate(async () => {
    const failed = await Promise.all(
      Array.from(document.images).map((img) =>
        img.decode().then(
          () => '',
          () => img.src,
        ),
      ),
    );
    await document.fonts.ready;
    return failed.filter(Boolean);
  });
}

/**
 * Anything wider than the sheet makes Chromium shrink every page to fit, so the guide is laid out
 * at the printable width: tables still too wide get tighter, and the sections where something
 * still sticks out are returned.
 */
async function fitToSheet(page: Page): Promise<string[]> {
  await page.setViewportSize({width: PRINT_WIDTH_PX, height: 1200});
  return page.evaluate(() => {
    // No named helper functions in here: tsx would wrap them in a __name() the page lacks.
    const limit = document.documentElement.clientWidth + 0.5;
    for (const table of Array.from(document.querySelectorAll('.pdf-doc table'))) {
      // Smaller text and padding first; breaking words anywhere only if that is not enough.
      for (const step of ['pdf-table--narrow', 'pdf-table--tight']) {
        if (table.getBoundingClientRect().right > limit) table.classList.add(step);
      }
    }
    const sections = new Set<string>();
    for (const el of Array.from(document.querySelectorAll('.pdf-doc *'))) {
      // Code blocks clip (their lines wrap; only hanging spaces reach past the edge).
      if (el.parentElement?.closest('pre')) continue;
      if (el.getBoundingClientRect().right > limit) sections.add(el.closest('section')?.id ?? 'pdf-doc');
    }
    return [...sections];
  });
}

/** The page as an A4 PDF with the guide's title on top, page numbers below, bookmarks and tags. */
async function printPdf(page: Page, guide: Guide): Promise<Buffer> {
  const pdf = await page.pdf({
    format: 'A4',
    printBackground: true,
    displayHeaderFooter: true,
    headerTemplate: `<div style="${TEMPLATE_STYLE} text-align: right;">${escapeHtml(guide.title)}</div>`,
    footerTemplate: `<div style="${TEMPLATE_STYLE} text-align: center;"><span class="pageNumber"></span> из <span class="totalPages"></span></div>`,
    margin: MARGIN,
    outline: true,
    tagged: true,
  });
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`${guide.id}: Chromium did not return a PDF`);
  return pdf;
}

/**
 * Prints the guide with the page numbers of its contents. CSS cannot number the contents in print
 * (no target-counter() in Chromium): print, read where each entry's anchor landed, write the
 * numbers in and print again, until they hold. Returns the last print and its number of pages.
 */
async function printNumbered(page: Page, plan: GuidePlan): Promise<{pdf: Buffer; pages: number}> {
  const {guide} = plan;
  const targets = tocTargets(plan.toc);
  let pdf = await printPdf(page, guide);
  for (let pass = 1; ; pass++) {
    const printed = await readPrinted(pdf, targets);
    const changed = await page.evaluate((numbers) => {
      let changed = false;
      for (const el of Array.from(document.querySelectorAll<HTMLElement>('.pdf-toc__num'))) {
        const text = String(numbers[el.dataset.target!]);
        if (el.textContent !== text || el.classList.contains('pdf-toc__num--pending')) changed = true;
        el.textContent = text;
        el.classList.remove('pdf-toc__num--pending');
      }
      return changed;
    }, printed.destinations);
    if (!changed) return {pdf, pages: printed.pages};
    if (pass === 3) throw new Error(`${guide.id}: the page numbers of the contents still moved after ${pass} prints`);
    pdf = await printPdf(page, guide);
  }
}

/** Writes next to the target and renames, so a failed run never leaves a half-written file. */
function writeAtomically(file: string, data: Buffer): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, file);
}

async function printGuide(browser: Browser, origin: string, plan: GuidePlan, outFile: string): Promise<Omit<GuideResult, 'ms'>> {
  const {guide} = plan;
  const {html, brokenAnchors} = composeGuide(plan, origin);
  const context = await browser.newContext({colorScheme: 'light'});
  try {
    await context.addInitScript(() => window.localStorage.setItem('theme', 'light'));
    const page = await context.newPage();
    const errors = await openComposed(page, origin, guide, html);
    const broken = await brokenImages(page);
    const overflow = await fitToSheet(page);
    if (broken.length) throw new Error(`${guide.id}: images did not load: ${broken.join(', ')}`);
    if (errors.length) throw new Error(`${guide.id}: requests failed while composing: ${errors.join('; ')}`);
    const {pdf, pages} = await printNumbered(page, plan);
    writeAtomically(outFile, pdf);
    return {guide, file: outFile, pages, bytes: pdf.length, sourcePages: plan.pages.length, brokenAnchors, overflow};
  } finally {
    await context.close();
  }
}

function tocTargets(nodes: TocNode[]): string[] {
  return nodes.flatMap((n) => [n.target, ...tocTargets(n.children)]);
}

/** A printed PDF read back with pdf.js: its number of pages and the page (1-based) each named destination points at. */
async function readPrinted(pdf: Buffer, ids: string[]): Promise<{pages: number; destinations: Record<string, number>}> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false}).promise;
  try {
    const destinations: Record<string, number> = {};
    for (const id of ids) {
      const dest = await doc.getDestination(id);
      if (!dest) throw new Error(`the printed PDF has no destination for the contents entry #${id}`);
      destinations[id] = (await doc.getPageIndex(dest[0])) + 1;
    }
    return {pages: doc.numPages, destinations};
  } finally {
    await doc.destroy();
  }
}

/** Writes `<siteDir>/pdf/<guide>.pdf` for every guide; throws (and writes nothing more) on bad input. */
export async function buildPdfs(
  siteDir: string,
  options: {port?: number; guides?: readonly Guide[]; onGuide?: (r: GuideResult) => void} = {},
): Promise<GuideResult[]> {
  const dir = path.resolve(siteDir);
  if (!fs.existsSync(path.join(dir, 'index.html'))) throw new Error(`${dir} is not a built site (no index.html): run "npm run build" first`);
  const guides = options.guides ?? GUIDES;
  // The guides are sidebars of the default docs plugin.
  const sidebars = readSidebars(dir);
  // Every guide is checked before anything is printed.
  const plans = guides.map((g) => planGuide(g, sidebars, dir));
  // A port of the caller's choice must be free; otherwise the system picks one, so builds side by side do not collide.
  const port = options.port ?? (await freePort());
  if (options.port) await assertPortFree(port);
  const outDir = path.join(dir, PDF_DIR);
  fs.mkdirSync(outDir, {recursive: true});
  const server = await startNginx(port, dir);
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const results: GuideResult[] = [];
    for (const plan of plans) {
      const start = Date.now();
      const result = {...(await printGuide(browser, server.base, plan, path.join(outDir, plan.guide.fileName))), ms: Date.now() - start};
      options.onGuide?.(result);
      results.push(result);
    }
    return results;
  } finally {
    await browser?.close();
    server.stop();
  }
}
