/**
 * What the search indexes of a built doc page: its title, breadcrumbs, keywords and one section per
 * `h2`/`h3` (with its anchor), read from the HTML the reader gets. Code blocks, the API reference's
 * right-hand panel (code samples, try-it) and navigation are left out; inline code stays.
 */
import * as cheerio from 'cheerio';
import type {AnyNode, Element} from 'domhandler';
import {identifierKeys, isIdentifier} from '../../src/search/engine/text';
import {site} from '../../config/site';

export interface ExtractedSection {
  anchor: string;
  heading: string;
  text: string;
  /** Identifiers this section defines (the config key and environment variable of a setting). */
  keywords: string[];
}

export interface ExtractedPage {
  title: string;
  crumbs: string[];
  /** Front matter keywords. */
  keywords: string[];
  description: string;
  sections: ExtractedSection[];
}

/** Elements whose text is not searched. */
const SKIP = 'pre, script, style, svg, button, nav, .hash-link, [class*="openapi-right-panel"], .theme-doc-footer, .pagination-nav';
const BLOCK = new Set(['p', 'div', 'li', 'ul', 'ol', 'dl', 'dt', 'dd', 'table', 'tr', 'td', 'th', 'blockquote', 'section', 'details', 'summary', 'br', 'h4', 'h5', 'h6']);

/** The page, or undefined when the HTML is not a doc page (standalone pages, 404, redirects). */
export function extractPage(html: string): ExtractedPage | undefined {
  const $ = cheerio.load(html);
  if (!($('html').attr('class') ?? '').split(/\s+/).includes('docs-doc-page')) return undefined;
  const root = $('article .theme-doc-markdown').first();
  if (root.length === 0) return undefined;
  const title = $('article h1').first().text().trim();
  const crumbs = $('nav.theme-doc-breadcrumbs li')
    .map((_, li) => $(li).text().trim())
    .get()
    .filter(Boolean);
  if (crumbs.at(-1) === title) crumbs.pop();
  const keywords = $('meta[name="keywords"]')
    .map((_, meta) => $(meta).attr('content') ?? '')
    .get()
    .filter((content) => content !== site.keywords) // every page has these; only the page's own count
    .flatMap((content) => content.split(','))
    .map((k) => k.trim())
    .filter(Boolean);
  const description = $('meta[name="description"]').attr('content') ?? '';

  root.find(SKIP).remove();
  let current: ExtractedSection = {anchor: '', heading: '', text: '', keywords: []};
  const sections = [current];
  const walk = (node: AnyNode) => {
    if (node.type === 'text') {
      current.text += (node as unknown as {data: string}).data;
      return;
    }
    if (node.type !== 'tag') return;
    const element = node as Element;
    const tag = element.tagName;
    if (tag === 'h1') return;
    if ((tag === 'h2' || tag === 'h3') && element.attribs.id) {
      current = {anchor: element.attribs.id, heading: $(element).text().replace(/\u200b/g, '').trim(), text: '', keywords: []};
      sections.push(current);
      return;
    }
    if (tag === 'dl' && (element.attribs.class ?? '').includes('setting-meta')) {
      $(element)
        .find('code')
        .each((_, code) => {
          const value = $(code).text().trim();
          if (isIdentifier(value)) current.keywords.push(...identifierKeys(value));
        });
    }
    if (BLOCK.has(tag)) current.text += ' ';
    element.children.forEach(walk);
    if (BLOCK.has(tag)) current.text += ' ';
  };
  root.contents().each((_, node) => walk(node));
  for (const section of sections) section.text = section.text.replace(/\s+/g, ' ').trim();
  return {title, crumbs, keywords, description, sections: sections.filter((s, i) => i === 0 || s.text || s.heading)};
}

/** The start of a text, cut at a word boundary, for a result's excerpt. */
export function excerpt(text: string, max = 180): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:—-]+$/, '')}…`;
}
