/**
 * What the search indexes of a built doc page: its title, breadcrumbs, keywords and one section per
 * `h2`/`h3` (with its anchor), read from the HTML the reader gets. Code blocks, the API reference's
 * right-hand panel (code samples, try-it), page chrome and controls (plugins/shared/built-site) are
 * left out; inline code stays.
 */
import type {AnyNode, Element} from 'domhandler';
import {identifierKeys, isIdentifier, squeezeSpace} from '../../src/search/engine/text';
import {EXCERPT_CHARS, firstSentence} from '../../src/search/engine/marks';
import {site} from '../../config/site';
import {ARTICLE_CHROME, CONTROLS, headingText, readPage} from '../shared/built-site';

export interface ExtractedSection {
  anchor: string;
  heading: string;
  text: string;
  /** Identifiers this section defines (the config key and environment variable of a setting). */
  keywords: string[];
  /**
   * A setting's section: its config key and the first sentence of its description
   * («EmailSettings.SMTPServer — Имя хоста…»), what its results show instead of the labels of
   * its `dl.setting-meta` list, which come first in its text.
   */
  summary?: string;
}

export interface ExtractedPage {
  title: string;
  crumbs: string[];
  /** Front matter keywords. */
  keywords: string[];
  description: string;
  sections: ExtractedSection[];
}

/** Elements whose text is not searched: code blocks, graphics, the API reference's right-hand panel, page chrome and controls. */
const SKIP = `pre, style, svg, nav, [class*="openapi-right-panel"], ${ARTICLE_CHROME}, ${CONTROLS}`;
const BLOCK = new Set([
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'table',
  'tr',
  'td',
  'th',
  'blockquote',
  'section',
  'details',
  'summary',
  'br',
  'h4',
  'h5',
  'h6',
]);

/**
 * A setting of the page, by the anchor of its heading, as the settings catalogue defines it: its
 * identifiers come from there rather than from the rendered list of its properties.
 */
export interface PageSetting {
  key: string;
  /** Its key, environment variable and values, as a reader may paste them (those that are identifiers count). */
  identifiers: string[];
}

/**
 * The page, or undefined when the HTML is not a doc page (standalone pages, 404, redirects).
 * `settings` are the catalogue's settings on this page; each must have its section and list here.
 */
export function extractPage(html: string, settings: ReadonlyMap<string, PageSetting> = new Map()): ExtractedPage | undefined {
  const {$, isDoc, content: root, title, crumbs, description} = readPage(html);
  if (!isDoc || !root) return undefined;
  if (crumbs.at(-1) === title) crumbs.pop();
  const keywords = $('meta[name="keywords"]')
    .map((_, meta) => $(meta).attr('content') ?? '')
    .get()
    .filter((content) => content !== site.keywords) // every page has these; only the page's own count
    .flatMap((content) => content.split(','))
    .map((k) => k.trim())
    .filter(Boolean);

  root.find(SKIP).remove();
  let current: ExtractedSection = {anchor: '', heading: '', text: '', keywords: []};
  const sections = [current];
  /** Setting sections: the config key and where the description starts in the section's raw text. */
  const described = new Map<ExtractedSection, {key: string; description: number}>();
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
      current = {anchor: element.attribs.id, heading: headingText($(element).text()), text: '', keywords: []};
      sections.push(current);
      return;
    }
    const meta = tag === 'dl' && (element.attribs.class ?? '').split(/\s+/).includes('setting-meta');
    if (BLOCK.has(tag)) current.text += ' ';
    element.children.forEach(walk);
    if (BLOCK.has(tag)) current.text += ' ';
    if (meta) {
      const setting = settings.get(current.anchor);
      if (!setting)
        throw new Error(`search index: the setting list under «${current.heading || title}» (#${current.anchor}) is not a setting of the catalogue`);
      current.keywords.push(...setting.identifiers.filter(isIdentifier).flatMap(identifierKeys));
      described.set(current, {key: setting.key, description: current.text.length});
    }
  };
  root.contents().each((_, node) => walk(node));
  const missing = [...settings.keys()].filter((anchor) => !sections.some((s) => described.has(s) && s.anchor === anchor));
  if (missing.length) throw new Error(`search index: settings of the catalogue missing from the page «${title}»: ${missing.map((a) => `#${a}`).join(', ')}`);
  for (const [section, {key, description}] of described) {
    const meaning = squeezeSpace(section.text.slice(description));
    section.summary = meaning ? `${key} — ${firstSentence(meaning, Math.max(EXCERPT_CHARS - key.length - 3, 100))}` : key;
  }
  for (const section of sections) section.text = squeezeSpace(section.text);
  return {title, crumbs, keywords, description, sections: sections.filter((s, i) => i === 0 || s.text || s.heading)};
}
