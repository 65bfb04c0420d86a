/**
 * Links in the hand-written pages, checked against what the build will publish: a link to a
 * Markdown file that does not exist, to a URL path that is no page of the site or to an anchor the
 * target page does not have is reported with the file and line it is written on. Docusaurus itself
 * reports broken links by route only, after the whole site is rendered.
 *
 * Pages come from the docs folders (front matter `slug` and `index` pages included), the generated
 * API pages from the specs' operationIds and tags, and the public route contract (data/routes.ts).
 * Anchors come from heading ids (`{#id}`, else the slug Docusaurus gives the heading text), `id`
 * attributes, and, on settings pages, the sections and settings of the catalogue.
 */
import fs from 'node:fs';
import path from 'node:path';
import {createSlugger} from '@docusaurus/utils';
import {apiDocsInstances} from '../openapi';
import {contractRoutes} from '../../data/routes';
import {listFiles} from '../shared/files';
import {decodePath} from '../shared/built-site/routes';
import {readMarkdown, type ProseLine} from './markdown-scan';
import {apiPageRoutes} from '../openapi/routes';
import {CatalogueError, loadCatalogue, routeForPage, type SettingsPage} from '../settings/catalogue';

export interface LinkProblem {
  file: string;
  line: number;
  message: string;
}

/** A docs folder and the URL path its pages are published under. */
interface DocsRoot {
  dir: string;
  routeBasePath: string;
}

/** The guides (docusaurus.config.ts) and the reference's hand-written chapters (plugins/openapi). */
export const DOCS_ROOTS: DocsRoot[] = [
  {dir: 'docs', routeBasePath: '/'},
  ...apiDocsInstances.map(([, options]) => ({dir: options.path, routeBasePath: `/${options.routeBasePath}`})),
];

const HEADING = /^#{1,6}\s+(.*?)\s*$/;
const EXPLICIT_ID = /\s*\{#([^}\s]+)\}$/;
const ID_ATTRIBUTE = /\sid=["']([^"']+)["']/g;
const INLINE_LINK = /(!?)\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*<?([^\s)>]+)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
const REFERENCE_DEFINITION = /^\s{0,3}\[(?!\^)[^\]]+\]:\s*<?([^\s>]+)/;
/** `<Link to="…">`, `<a href="…">` and `to: '…'` in a component's props (the home page's cards). */
const JSX_LINK = /\b(?:to|href)(?:=\{?|:\s*)["']([^"']+)["']/g;
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
const MARKDOWN_FILE = /\.mdx?$/;

/** `/a/b/` and `/a/b` are the same page (trailingSlash is left to the host). */
const normalizeRoute = (route: string) => (route.length > 1 ? route.replace(/\/+$/, '') : route);

/** Every link target on a prose line (inline code, where links are only shown, left out). */
export function linksOn(text: string): string[] {
  const prose = text.replace(/(`+)[\s\S]*?\1/g, (code) => ' '.repeat(code.length));
  const targets = [...prose.matchAll(INLINE_LINK)].filter((m) => !m[1]).map((m) => m[2]);
  const definition = REFERENCE_DEFINITION.exec(prose);
  if (definition) targets.push(definition[1]);
  return [...targets, ...[...prose.matchAll(JSX_LINK)].map((m) => m[1])];
}

interface Page {
  file: string;
  /** The docs folder the page belongs to: a Markdown link resolves only to a page of the same folder. */
  root: string;
  route: string;
  prose: ProseLine[];
  /** The ids a link may point at. */
  anchors: Set<string>;
}

/** Everything a link can point at: pages by file and by route, and the other routes of the site. */
export class SiteIndex {
  readonly byFile = new Map<string, Page>();
  readonly byRoute = new Map<string, Page>();
  /** Routes whose pages are generated (API operations and tags) or come from the contract: no known anchors. */
  readonly otherRoutes = new Set<string>();
  /** The settings catalogue's pages (none when it is invalid: its own check reports that). */
  private readonly catalogue: SettingsPage[];

  constructor(readonly siteDir: string) {
    this.catalogue = loadCatalogueOrNone(siteDir);
    const catalogue = catalogueAnchors(this.catalogue);
    for (const root of DOCS_ROOTS) {
      const dir = path.join(siteDir, root.dir);
      for (const file of listFiles(dir, (f) => MARKDOWN_FILE.test(f) && !/\.(api|tag|info|schema)\.mdx$/.test(f) && !path.basename(f).startsWith('_'))) {
        const doc = readMarkdown(fs.readFileSync(file, 'utf8'));
        if ('error' in doc) continue;
        const id = path.relative(dir, file).replace(MARKDOWN_FILE, '').split(path.sep).join('/');
        const slug = typeof doc.data.slug === 'string' && doc.data.slug.startsWith('/') ? doc.data.slug : undefined;
        const route = slug ?? `${root.routeBasePath.replace(/\/?$/, '/')}${id === 'index' ? '' : id.replace(/(^|\/)index$/, '/')}`;
        const anchors = headingAnchors(doc.prose);
        if (doc.prose.some((p) => /<SettingsCatalogue\b/.test(p.text))) {
          for (const anchor of catalogue.get(normalizeRoute(route)) ?? []) anchors.add(anchor);
        }
        const page = {file, root: dir, route, prose: doc.prose, anchors};
        this.byFile.set(file, page);
        this.byRoute.set(normalizeRoute(route), page);
      }
    }
    const openapi = path.join(siteDir, 'openapi');
    for (const route of [...apiPageRoutes('v4', false, path.join(openapi, 'v4')), ...apiPageRoutes('v5', true, path.join(openapi, 'v5'))]) {
      this.otherRoutes.add(normalizeRoute(route));
    }
    for (const {path: route} of contractRoutes) this.otherRoutes.add(normalizeRoute(route));
  }

  /** Why `target`, written in `from`, points at nothing; null when it is fine. */
  problemWith(target: string, from: Page): string | null {
    if (EXTERNAL.test(target)) return null;
    const hashAt = target.indexOf('#');
    const pathPart = decodePath((hashAt < 0 ? target : target.slice(0, hashAt)).replace(/\?.*$/, ''));
    const anchor = hashAt < 0 ? '' : decodePath(target.slice(hashAt + 1));
    let page: Page | undefined;
    let shown: string;
    if (!pathPart) {
      page = from;
      shown = 'this page';
    } else if (MARKDOWN_FILE.test(pathPart)) {
      const candidates = this.markdownCandidates(pathPart, from);
      page = candidates.map((file) => this.byFile.get(file)).find((p) => p?.root === from.root);
      shown = path.relative(this.siteDir, page?.file ?? candidates[0]);
      if (!page) {
        const elsewhere = candidates.map((file) => this.byFile.get(file)).find(Boolean);
        if (elsewhere) {
          return `links to ${path.relative(this.siteDir, elsewhere.file)}, a page of ${path.relative(this.siteDir, elsewhere.root)}/: a link by file works only within one docs folder (${path.relative(this.siteDir, from.root)}/), link to its address ${elsewhere.route} instead`;
        }
        return candidates.some((file) => fs.existsSync(file))
          ? `links to ${shown}, which is not a page of the site`
          : `links to ${shown}, which does not exist`;
      }
    } else {
      const route = normalizeRoute(new URL(pathPart, `https://site${from.route}`).pathname);
      shown = route;
      page = this.byRoute.get(route);
      if (!page && !this.otherRoutes.has(route) && !fs.existsSync(path.join(this.siteDir, 'static', route))) {
        return `links to ${pathPart}, which is not a page of the site`;
      }
    }
    if (anchor && page && !page.anchors.has(anchor)) return `links to #${anchor}, which is not an anchor of ${shown}`;
    return null;
  }

  /**
   * The files a Markdown link may mean, in the order Docusaurus tries them: `./x.md` and `../x.md`
   * from the page's folder only; `/x.md` from the page's docs folder, then the site; a bare `x.md`
   * from the page's folder, its docs folder, then the site; `@site/x.md` from the site.
   */
  markdownCandidates(target: string, from: Page): string[] {
    if (target.startsWith('@site/')) return [path.join(this.siteDir, target.slice('@site/'.length))];
    if (target.startsWith('/')) return [from.root, this.siteDir].map((dir) => path.join(dir, target));
    if (/^\.\.?\//.test(target)) return [path.join(path.dirname(from.file), target)];
    return [path.dirname(from.file), from.root, this.siteDir].map((dir) => path.join(dir, target));
  }

  /**
   * The broken links in the texts of the settings catalogue (intros, descriptions, recommendations,
   * warnings), read as links of the settings page they render on, each with its YAML file and line.
   */
  checkCatalogue(): LinkProblem[] {
    const problems: LinkProblem[] = [];
    for (const {file, route, texts} of catalogueTexts(this.catalogue)) {
      const page = this.byRoute.get(normalizeRoute(route));
      if (!page) continue;
      const lines = fs.readFileSync(path.join(this.siteDir, file), 'utf8').split('\n');
      // The same link written twice is found on its next line each time.
      const seen = new Map<string, number>();
      for (const target of texts.flatMap(linksOn)) {
        const at = lines.findIndex((l, i) => i >= (seen.get(target) ?? 0) && l.includes(`](${target}`));
        seen.set(target, at + 1);
        const message = this.problemWith(target, page);
        if (message) problems.push({file, line: at + 1 || 1, message});
      }
    }
    return problems;
  }

  /** The broken links of every page below `dir`, each with its file (relative to the site) and line. */
  check(dir: string): LinkProblem[] {
    const problems: LinkProblem[] = [];
    for (const page of this.byFile.values()) {
      if (!page.file.startsWith(`${dir}${path.sep}`)) continue;
      for (const {line, text} of page.prose) {
        for (const target of linksOn(text)) {
          const message = this.problemWith(target, page);
          if (message) problems.push({file: path.relative(this.siteDir, page.file), line, message});
        }
      }
    }
    return problems;
  }
}

/** Heading ids (explicit, or the slug Docusaurus makes of the text) and `id` attributes. */
function headingAnchors(prose: ProseLine[]): Set<string> {
  const slugger = createSlugger();
  const anchors = new Set<string>();
  for (const {text} of prose) {
    const heading = HEADING.exec(text);
    if (heading) {
      const explicit = EXPLICIT_ID.exec(heading[1]);
      anchors.add(explicit ? explicit[1] : slugger.slug(heading[1].replace(/[`*_]|\[([^\]]*)\]\([^)]*\)/g, '$1')));
    }
    for (const m of text.matchAll(ID_ATTRIBUTE)) anchors.add(m[1]);
  }
  return anchors;
}

/** The prose of each catalogue file (relative to the site) that may hold links, with the route of the page it renders on. */
function catalogueTexts(pages: SettingsPage[]): {file: string; route: string; texts: string[]}[] {
  return pages.map((page) => ({
    file: page.file,
    route: routeForPage(page.page),
    texts: page.sections.flatMap((section) => [
      section.intro ?? '',
      ...section.settings.flatMap((setting) => [setting.description, setting.recommendation ?? '', setting.warning ?? '']),
    ]),
  }));
}

/** The catalogue's pages, or none when it is invalid: its own check reports that. */
function loadCatalogueOrNone(siteDir: string): SettingsPage[] {
  try {
    return [...loadCatalogue(path.join(siteDir, 'data/settings'), siteDir).pages.values()];
  } catch (error) {
    if (!(error instanceof CatalogueError)) throw error;
    return [];
  }
}

/** The anchors the catalogue gives each settings page (plugins/settings/remark.ts), by route. */
function catalogueAnchors(pages: SettingsPage[]): Map<string, string[]> {
  const anchors = new Map<string, string[]>();
  for (const page of pages) {
    anchors.set(
      normalizeRoute(routeForPage(page.page)),
      page.sections.flatMap((s) => [s.id, ...s.settings.map((setting) => setting.anchor)]),
    );
  }
  return anchors;
}
