/**
 * A built page as Markdown: the doc's content as the reader sees it, with everything the
 * page rendered from components (settings tables, tabs, admonitions, diagrams, the API reference's
 * parameter and schema lists) in plain CommonMark + GFM, and every link absolute.
 *
 * It starts from the page's HTML rather than its source: MDX components, the settings catalogue,
 * the included code samples and the OpenAPI pages only exist as Markdown once rendered.
 */
import type {Element, ElementContent, Root, RootContent} from 'hast';
import {select, selectAll} from 'hast-util-select';
import {toString} from 'hast-util-to-string';
import rehypeParse from 'rehype-parse';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import {unified} from 'unified';
import {ARTICLE_CHROME_CLASSES, CONTROL_TAGS, articleHtml, headingText} from '../shared/built-site';

export interface PageMarkdown {
  title: string;
  markdown: string;
}

/** Page chrome, controls and styles mean nothing in a text copy. */
const CHROME_CLASSES = new Set<string>(ARTICLE_CHROME_CLASSES);
const CHROME_TAGS = new Set<string>([...CONTROL_TAGS, 'style']);
const CODE_BLOCK = /^(?:theme-code-block|openapi-explorer__code-block|codeBlockContainer_)/;

const el = (tagName: string, children: ElementContent[] = [], properties: Element['properties'] = {}): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const text = (value: string): ElementContent => ({type: 'text', value});
const classes = (node: Element): string[] => {
  const value: unknown = node.properties.className;
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/\s+/) : [];
};

/** What a content element becomes in the text copy; `undefined` keeps it and looks inside. */
function rewrite(node: Element): ElementContent[] | undefined {
  const names = classes(node);
  if (CHROME_TAGS.has(node.tagName) || node.properties.ariaHidden === 'true' || names.some((name) => CHROME_CLASSES.has(name) || name.startsWith('tryIt')))
    return [];
  // Search boxes and live counters of widgets («Показано 710 из 710»), as in CONTROLS: true only on screen.
  if (node.properties.ariaLive !== undefined || node.properties.role === 'search') return [];
  if (names.includes('mermaid-diagram')) return diagram(node);
  if (names.some((name) => CODE_BLOCK.test(name))) return codeBlock(node);
  if (names.includes('tabs-container')) return tabs(node);
  if (names.includes('theme-admonition')) return admonition(node);
  if (node.tagName === 'details') return details(node);
  if (node.tagName === 'dl') return definitions(node);
  if (node.tagName === 'section' && select('a.theme-doc-card-container', node)) return cards(node);
  return undefined;
}

/** One walk over the content: each element rewritten where it needs it, the result walked again. */
function transform(parent: Root | Element): void {
  parent.children = (parent.children as RootContent[]).flatMap((child): RootContent[] => {
    if (child.type === 'comment') return [];
    if (child.type !== 'element') return [child];
    const replaced = rewrite(child);
    if (replaced === undefined) {
      transform(child);
      return [child];
    }
    const holder: Element = el('div', replaced);
    // A code block's text is final; everything else (tab panels, admonition bodies…) may hold more.
    if (!replaced.every((node) => node.type === 'element' && node.tagName === 'pre')) transform(holder);
    return holder.children as RootContent[];
  }) as typeof parent.children;
}

/** A code block of the theme (tokenized lines, a title, a language class) as a plain `<pre>`. */
function codeBlock(container: Element): ElementContent[] {
  const code = select('pre code', container) ?? select('pre', container);
  if (!code) return [];
  const lines = selectAll('.token-line', code);
  const value = lines.length > 0 ? lines.map((line) => toString(line)).join('\n') : toString(code);
  const language = [container, ...selectAll('pre', container)]
    .flatMap(classes)
    .find((name) => name.startsWith('language-'))
    ?.slice('language-'.length);
  const title = select('[class*="codeBlockTitle"]', container);
  return [el('pre', [el('code', [text(value.replace(/\n+$/, ''))])], {dataLang: language ?? '', dataMeta: title ? `title="${toString(title).trim()}"` : ''})];
}

/** Tabs show every panel, each under its label. */
function tabs(container: Element): ElementContent[] {
  const labels = selectAll('[role="tab"]', container).map((tab) => toString(tab).trim());
  const panels = selectAll('[role="tabpanel"]', container);
  return panels.flatMap((panel, i) => [el('p', [el('strong', [text(labels[i] ?? `Вариант ${i + 1}`)])]), ...(panel.children as ElementContent[])]);
}

/** An admonition is a quote that starts with its heading in bold. */
function admonition(node: Element): ElementContent[] {
  const heading = select('[class*="admonitionHeading"]', node);
  const content = select('[class*="admonitionContent"]', node);
  const label = heading ? toString(heading).trim() : '';
  const body = [...((content?.children ?? []) as ElementContent[])];
  if (!label) return [el('blockquote', body)];
  const strong = el('strong', [text(`${label.charAt(0).toUpperCase()}${label.slice(1)}.`)]);
  const first = body.findIndex((node) => node.type === 'element' || (node.type === 'text' && node.value.trim() !== ''));
  const lead = body[first];
  // The heading opens the first paragraph: «> **Примечание.** Текст…».
  if (lead?.type === 'element' && lead.tagName === 'p') body[first] = {...lead, children: [strong, text(' '), ...lead.children]};
  else body.unshift(el('p', [strong]));
  return [el('blockquote', body)];
}

/** A Mermaid diagram drawn at build time goes back to its source (plugins/mermaid-static). */
function diagram(node: Element): ElementContent[] {
  const source = node.properties.dataSource;
  return typeof source === 'string' ? [el('pre', [el('code', [text(source.trim())])], {dataLang: 'mermaid', dataMeta: ''})] : [];
}

/** The text of a `dt`/`dd`, unwrapped from its paragraph when it has only one. */
function inlineContent(node: Element): ElementContent[] {
  const blocks = node.children.filter((child) => !(child.type === 'text' && child.value.trim() === ''));
  return blocks.length === 1 && blocks[0].type === 'element' && blocks[0].tagName === 'p' ? blocks[0].children : node.children;
}

/** A definition list (a setting's key, variable, type, default…) as a list of «**term:** value». */
function definitions(node: Element): ElementContent[] {
  const items: Element[] = [];
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'dt') items.push(el('li', [el('strong', [text(`${toString(child).trim()}:`)])]));
    else if (child.tagName === 'dd' && items.length > 0) items[items.length - 1].children.push(text(' '), ...inlineContent(child));
  }
  return [el('ul', items)];
}

/** A card's description is Markdown source shown as text: its `code` spans become code again. */
function withCodeSpans(value: string): ElementContent[] {
  const parts = value.split('`');
  if (parts.length % 2 === 0) return [text(value)];
  return parts.flatMap((part, i) => (part === '' ? [] : i % 2 === 1 ? [el('code', [text(part)])] : [text(part)]));
}

/** A list of doc cards (a category or API tag page): «- [Title](link): description». */
function cards(node: Element): ElementContent[] {
  const items = selectAll('a.theme-doc-card-container', node).map((card) => {
    const title = select('.theme-doc-card-title', card) ?? select('h2', card);
    const description = select('.theme-doc-card-description', card);
    const summary = description ? String(description.properties.title ?? toString(description)).trim() : '';
    const link = el('a', [text(title ? toString(title).trim() : String(card.properties.href))], {href: card.properties.href});
    return el('li', summary ? [link, ...withCodeSpans(`: ${summary}`)] : [link]);
  });
  return [el('ul', items)];
}

/** `<details>`: the summary in bold, then the content. */
function details(node: Element): ElementContent[] {
  const summary = node.children.find((child): child is Element => child.type === 'element' && child.tagName === 'summary');
  const rest = node.children.filter((child) => child !== summary);
  return [...(summary ? [el('p', [el('strong', [text(toString(summary).trim())])])] : []), ...rest];
}

/** Links and images point at the public site: `/x` → `${origin}/x`, `#a` → the page itself. */
function absolutize(root: Element, origin: string, pagePath: string): void {
  for (const node of selectAll('a[href], img[src]', root)) {
    const key = node.tagName === 'a' ? 'href' : 'src';
    const value = String(node.properties[key]);
    if (value.startsWith('#')) node.properties[key] = `${origin}${pagePath}${value}`;
    else if (value.startsWith('/') && !value.startsWith('//')) node.properties[key] = `${origin}${value}`;
  }
}

/** The doc's content element of a built page: a guide's Markdown, or an API page's two columns. */
function contentOf(tree: Root): Element | undefined {
  return select('article .theme-api-markdown', tree) ?? select('article .theme-doc-markdown', tree) ?? select('article', tree) ?? undefined;
}

/**
 * The Markdown of a built page, or `undefined` for an HTML file that is not a doc page (a redirect
 * stub, the search page). `pagePath` is the page's path on the site, `origin` the site's public origin.
 */
export async function htmlToMarkdown(html: string, pagePath: string, origin: string): Promise<PageMarkdown | undefined> {
  const article = articleHtml(html);
  if (!article) return undefined;
  const tree = unified().use(rehypeParse, {fragment: true}).parse(article);
  const content = contentOf(tree);
  const h1 = select('article h1', tree);
  if (!content || !h1) return undefined;
  const title = headingText(toString(h1));

  transform(content);
  absolutize(content, origin, pagePath);
  const wrapped: Root = {
    type: 'root',
    children: [el('h1', [text(title)]), ...content.children.filter((child) => !(child.type === 'element' && child.tagName === 'header'))],
  };

  const processor = unified()
    .use(rehypeRemark, {
      handlers: {
        pre(state, node: Element) {
          const result = {
            type: 'code' as const,
            lang: String(node.properties.dataLang ?? '') || null,
            meta: String(node.properties.dataMeta ?? '') || null,
            value: toString(node),
          };
          state.patch(node, result);
          return result;
        },
      },
    })
    // Tables without padding: aligned columns made the 710-row settings table mostly spaces.
    .use(remarkGfm, {tablePipeAlign: false})
    .use(remarkStringify, {bullet: '-', emphasis: '_', strong: '*', fence: '`', fences: true, rule: '-', listItemIndent: 'one'});
  const mdast = await processor.run(wrapped as never);
  const markdown = processor.stringify(mdast as never).replace(/\u200b/g, '');
  return {title, markdown};
}
