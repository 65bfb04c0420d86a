/**
 * A built page of the site, read as its readers see it: what is the page's own content (the
 * article) and what is page chrome around it, repeated on every page or useful only on screen.
 *
 * A doc page of the build is laid out as
 *   navbar · sidebar · main > (article > breadcrumbs · page actions · mobile contents ·
 *   `.theme-doc-markdown` (header > h1, the content) · doc footer) · pagination · desktop contents · footer
 * Everything outside `main` is site chrome; inside the article, {@link ARTICLE_CHROME} is; what
 * means nothing off the live page is {@link CONTROLS}.
 */
import * as cheerio from 'cheerio';
import type {Element} from 'domhandler';

/** The class of `<html>` on a doc page (standalone pages, the 404 page and redirect stubs lack it). */
export const DOC_PAGE_CLASS = 'docs-doc-page';
/** The doc's content in a built page: the rendered Markdown (or an API page's two columns). */
export const DOC_CONTENT = 'article .theme-doc-markdown';

/**
 * Classes of the page chrome inside (and next to) the article: breadcrumbs, the page's actions
 * (copy as Markdown…), its table of contents, the doc footer (tags, edit link, last update), the
 * previous/next links and the `#` links beside headings.
 */
export const ARTICLE_CHROME_CLASSES = [
  'theme-doc-breadcrumbs',
  'md-actions',
  'theme-doc-toc-mobile',
  'theme-doc-toc-desktop',
  'table-of-contents',
  'theme-doc-footer',
  'theme-last-updated',
  'theme-edit-this-page',
  'pagination-nav',
  'hash-link',
] as const;
export const ARTICLE_CHROME = ARTICLE_CHROME_CLASSES.map((name) => `.${name}`).join(', ');

/**
 * Elements that only work on the live page: controls and scripts, and (in {@link CONTROLS}) search
 * boxes and the live counters of widgets («Показано 710 из 710»), true only on screen. Styles are
 * not among them: a diagram's SVG carries its own.
 */
export const CONTROL_TAGS = ['button', 'input', 'select', 'textarea', 'label', 'form', 'script', 'noscript', 'template'] as const;
export const CONTROLS = [...CONTROL_TAGS, '[role="search"]', '[aria-live]'].join(', ');

/** Text of a heading or title without the zero-width spaces the theme puts before its `#` link. */
export const headingText = (text: string) => text.replace(/\u200b/g, '').trim();

/** The `<article>…</article>` of a page's HTML, or undefined when it has none: most of a page is chrome, and skipping it saves the parsing. */
export function articleHtml(html: string): string | undefined {
  const start = html.indexOf('<article');
  const end = html.lastIndexOf('</article>');
  return start < 0 || end < start ? undefined : html.slice(start, end + '</article>'.length);
}

/** A built page, parsed. */
export interface BuiltPage {
  $: cheerio.CheerioAPI;
  /** A doc page (guides, API reference), rather than a standalone page, the 404 page or a redirect stub. */
  isDoc: boolean;
  /** The page's title: the article's `h1`. */
  title: string;
  /** The meta description. */
  description: string;
  /** The breadcrumbs' labels, the page's own (last) one included. */
  crumbs: string[];
  /** The doc's content element, if the page has one. */
  content: cheerio.Cheerio<Element> | undefined;
  /** What the reader reads on any page: the article, else `main` (standalone pages); undefined for a redirect stub. */
  main: Element | undefined;
}

export function readPage(html: string): BuiltPage {
  const $ = cheerio.load(html);
  const content = $(DOC_CONTENT).first();
  return {
    $,
    isDoc: ($('html').attr('class') ?? '').split(/\s+/).includes(DOC_PAGE_CLASS),
    title: headingText($('article h1').first().text()),
    description: $('head > meta[name="description"]').attr('content') ?? '',
    crumbs: $('nav.theme-doc-breadcrumbs li')
      .map((_, li) => $(li).text().trim())
      .get()
      .filter(Boolean),
    content: content.length ? content : undefined,
    main: $('main article').first().get(0) ?? $('main').first().get(0),
  };
}
