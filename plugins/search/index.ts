/**
 * The site's search: the search bar and the search page (theme components in
 * src/search/theme), the highlighting of search terms on the page a hit leads to (a client module),
 * and the index.
 *
 * The index is built after the site is built (postBuild), from the HTML of every doc page:
 * one shard per search context (src/search/engine/shard.ts), the body text's inverted list cut into
 * content chunks by term, fragments (the texts results' excerpts are cut from), and
 * `search-index/manifest.json`, which names the shards and chunks and carries the glossary. Every
 * file but the manifest is named by its content's hash, so it can be cached for good.
 *
 * Operation pages get their method, path and operationId as keywords, read from the bundled specs
 * (`static/openapi/*.yaml`), so that a pasted `POST /api/v4/posts` or `CreatePost` finds them first.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {
  encodeFields,
  encodeLines,
  fragmentFile,
  MANIFEST_FORMAT,
  SHARD_FIELDS,
  SHARD_FORMAT,
  type ContentChunk,
  type Manifest,
  type Fragment,
  type PageRecord,
  type SectionRecord,
  type SectionTerms,
  type Shard,
} from '../../src/search/engine/shard';
import {cutAtWord} from '../../src/search/engine/marks';
import {fold, methodPathKey, normalizeApiPath, stem, terms} from '../../src/search/engine/text';
import {METHODS} from '../openapi/spec';
import {pageSlug} from '../openapi/slug';
import {removedOperations, renamedOperations} from '../../config/redirects';
import {extractPage, type ExtractedPage, type PageSetting} from './extract';
import {PLUGIN_NAME as SETTINGS_PLUGIN} from '../settings';
import {routeForPage, type Catalogue} from '../settings/catalogue';
import {fileOfRoute} from '../shared/built-site';
import {contextOf, type SearchContext} from '../../src/search/contexts';

export interface SearchIndexOptions {
  contexts: SearchContext[];
  /** YAML list of synonym groups. */
  glossaryFile: string;
  /** Bundled OpenAPI specs and where their operation pages live. */
  apiSpecs: {file: string; routeBase: string}[];
}

/** Where the index goes in the build (`/search` itself is the search page). */
export const INDEX_DIR = 'search-index';
export const MANIFEST = `${INDEX_DIR}/manifest.json`;

/** What the index knows of an operation page beyond its HTML. */
export interface OperationKeys {
  /** Matched whole: `createpost`, `/posts`, `post:/posts`. */
  keywords: string[];
  /**
   * The operation's name in words, as index terms (`GetUserByEmail` → user, email): developers
   * type «get user by email» as often as the identifier.
   */
  name: string[];
  /** The verb its name starts with, stemmed, even where it is a stop word (`get`, `creat`). */
  verb: string;
}

/**
 * Operations the reference no longer has, by the operation that does their job (renamed or removed:
 * config/redirects.ts), old operationId → new.
 */
export const MOVED_OPERATIONS: Record<string, string> = {
  ...renamedOperations,
  ...Object.fromEntries(Object.entries(removedOperations).map(([from, [to]]) => [from, to])),
};

/**
 * Keywords and name words of the API reference's pages, by URL: its operations', and, with no
 * keywords, name or verb, the pages of its tags (which list a tag's operations). An operation's
 * page also has the operationIds of the `moved` operations it replaces as keywords: a reader pasting
 * an old name from an older client or script finds the operation that does its job now.
 */
export function apiKeywords(specs: {spec: unknown; routeBase: string}[], urls: string[], moved = MOVED_OPERATIONS): Map<string, OperationKeys> {
  const out = new Map<string, OperationKeys>();
  for (const {spec, routeBase} of specs) {
    const {paths = {}, tags = []} = spec as {paths?: Record<string, Record<string, {operationId?: string}>>; tags?: {name?: string}[]};
    const pages = urls.filter((u) => u.startsWith(`${routeBase}/`));
    for (const [apiPath, item] of Object.entries(paths)) {
      for (const method of METHODS) {
        const operationId = item?.[method]?.operationId;
        if (!operationId) continue;
        const slug = pageSlug(operationId);
        const url = pages.find((u) => u.endsWith(`/${slug}`));
        if (!url) throw new Error(`search index: no page for operation ${operationId} (${method.toUpperCase()} ${apiPath}) under ${routeBase}`);
        // The page's slug is the operationId in words (`GetUserByEmail` → get-user-by-email).
        const words = slug.split('-');
        const keys = out.get(url) ?? {keywords: [], name: [], verb: stem(words[0])};
        keys.keywords.push(fold(operationId), normalizeApiPath(apiPath), methodPathKey(method, apiPath));
        keys.name = [...new Set([...keys.name, ...terms(words.join(' '))])];
        out.set(url, keys);
      }
    }
    for (const {name} of tags) {
      const url = name ? pages.find((u) => u.endsWith(`/${pageSlug(name)}`)) : undefined;
      if (url && !out.has(url)) out.set(url, {keywords: [], name: [], verb: ''});
    }
  }
  for (const [from, to] of Object.entries(moved)) {
    const target = [...out.values()].find((keys) => keys.keywords.includes(fold(to)));
    if (target) target.keywords.push(fold(from));
  }
  return out;
}

/**
 * Characters of a section's text kept for its excerpts: the words a reader types are in the first
 * 1000 characters of the section for 96 % of the benchmark queries' hits (700: 93 %, 3000: 98 %).
 */
export const FRAGMENT_TEXT_CHARS = 1000;
/**
 * Characters of text per fragment: a page's sections go into as few fragments as this allows, so
 * that the ten hits of a query fetch about 16 KB gzip (one fragment per page: 43 KB).
 */
export const FRAGMENT_CHARS = 3000;

/** The content hash that names a file of the index. */
const hashOf = (json: string) => crypto.createHash('sha256').update(json).digest('hex').slice(0, 10);

/** The texts of a page's sections for excerpts, as fragments (JSON) with their number of sections, in order. */
export function pageFragments(page: ExtractedPage): {json: string; sections: number}[] {
  const out: {json: string; sections: number}[] = [];
  let fragment: Fragment = {};
  let chars = 0;
  let sections = 0;
  const flush = () => {
    if (sections) out.push({json: JSON.stringify(fragment), sections});
    fragment = {};
    chars = 0;
    sections = 0;
  };
  page.sections.forEach((section, i) => {
    const text = section.summary ?? cutAtWord(i === 0 && !section.text ? page.description : section.text, FRAGMENT_TEXT_CHARS);
    if (chars + text.length > FRAGMENT_CHARS) flush();
    // A page with two headings of one id leads to the first of them: its text is the one shown.
    if (!(section.anchor in fragment)) fragment[section.anchor] = text;
    chars += text.length;
    sections += 1;
  });
  flush();
  return out;
}

/**
 * One shard from the pages of a context, whose first section is the site's `firstSection`, and the
 * body terms of each of its sections (for the content chunks). `operation` is what an operation
 * page has beyond its HTML (absent for other pages). The pages' fragments go into `fragments`
 * (JSON by hash).
 */
export function buildShard(
  context: string,
  pages: {url: string; page: ExtractedPage; operation?: OperationKeys}[],
  fragments = new Map<string, string>(),
  firstSection = 0,
): {shard: Shard; content: string[][]} {
  const pageRecords: PageRecord[] = [];
  const sectionRecords: SectionRecord[] = [];
  const sectionTerms: SectionTerms[] = [];
  for (const {url, page, operation} of pages) {
    const named = pageFragments(page).map(({json, sections}): [string, number] => {
      const hash = hashOf(json);
      fragments.set(hash, json);
      return [hash, sections];
    });
    const pageNumber = pageRecords.push([url, page.title, page.crumbs, operation ? [operation.verb, ...operation.name] : null, named]) - 1;
    const titleTerms = terms(page.title);
    page.sections.forEach((section, i) => {
      const top = i === 0;
      sectionRecords.push([pageNumber, section.anchor, section.heading]);
      sectionTerms.push({
        title: titleTerms,
        // The page's description is its author's summary: it weighs like a heading, not like body text.
        heading: terms(top ? `${section.heading} ${page.crumbs.join(' ')} ${page.description}` : section.heading),
        // Identifiers are kept whole; the page's front matter keywords and an operation's name count as its top section's.
        keywords: [
          ...section.keywords,
          ...(top ? [...(operation?.keywords ?? []), ...(operation?.name ?? []), ...page.keywords.flatMap((k) => terms(k))] : []),
        ],
        content: terms(section.text),
      });
    });
  }
  // The body terms go into the content chunks, over the whole site (contentChunks).
  const fields = encodeFields(sectionTerms, SHARD_FIELDS);
  const content = sectionTerms.map((t) => t.content);
  const contentLengths = content.map((t) => t.length.toString(36)).join(' ');
  return {shard: {format: SHARD_FORMAT, context, firstSection, pages: pageRecords, sections: sectionRecords, fields, contentLengths}, content};
}

/**
 * Characters of the body text's inverted list per content chunk (about 5 KB gzip): a query fetches
 * the chunk of each of its terms (and of their synonyms and other-layout spellings), so a smaller
 * chunk means fewer bytes fetched for nothing, and more files.
 */
export const CONTENT_CHUNK_CHARS = 16000;

/** The body text's inverted list over the site's `sections` (the terms of each), cut into chunks in term order. */
export function contentChunks(sections: string[][], chunkChars = CONTENT_CHUNK_CHARS): {first: string; chunk: ContentChunk}[] {
  const out: {first: string; chunk: ContentChunk}[] = [];
  let lines: string[] = [];
  let chars = 0;
  const flush = () => {
    if (lines.length)
      out.push({first: lines[0].slice(0, lines[0].indexOf(' ')), chunk: {format: SHARD_FORMAT, sections: sections.length, lines: lines.join('\n')}});
    lines = [];
    chars = 0;
  };
  for (const line of encodeLines(sections)) {
    if (chars + line.length > chunkChars) flush();
    lines.push(line);
    chars += line.length + 1;
  }
  flush();
  // The first chunk also stands for every term sorting before its first one.
  if (out.length) out[0].first = '';
  return out;
}

/** The pages of one search context ('' for the pages outside every context), with its label. */
export interface IndexGroup {
  context: string;
  label: string;
  pages: {url: string; page: ExtractedPage; operation?: OperationKeys}[];
}

/**
 * The whole index: every file (path under the build folder → JSON), the manifest among them, from
 * the pages of each context in order.
 */
export function buildIndex(groups: IndexGroup[], glossary: string[][], chunkChars = CONTENT_CHUNK_CHARS): {manifest: Manifest; files: Map<string, string>} {
  const files = new Map<string, string>();
  const fragments = new Map<string, string>();
  const manifest: Manifest = {format: MANIFEST_FORMAT, contexts: [], content: [], glossary};
  const content: string[][] = [];
  for (const {context, label, pages} of groups) {
    if (pages.length === 0) throw new Error(`search index: context "${context || '(none)'}" has no pages`);
    const built = buildShard(context, pages, fragments, content.length);
    content.push(...built.content);
    const json = JSON.stringify(built.shard);
    const file = `${INDEX_DIR}/${context.replace(/\//g, '-') || 'other'}.${hashOf(json)}.json`;
    files.set(file, json);
    manifest.contexts.push({path: context, label, file, pages: built.shard.pages.length, sections: built.shard.sections.length});
  }
  for (const {first, chunk} of contentChunks(content, chunkChars)) {
    const json = JSON.stringify(chunk);
    const file = `${INDEX_DIR}/content.${hashOf(json)}.json`;
    files.set(file, json);
    manifest.content.push({first, file});
  }
  for (const [hash, json] of fragments) files.set(fragmentFile(hash), json);
  files.set(MANIFEST, JSON.stringify(manifest));
  return {manifest, files};
}

/** Reads the glossary: a YAML list of groups of at least two lowercase terms. */
export function loadGlossary(file: string): string[][] {
  const groups = YAML.parse(fs.readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(groups)) throw new Error(`${file}: expected a list of synonym groups`);
  groups.forEach((group, i) => {
    if (!Array.isArray(group) || group.length < 2 || !group.every((t) => typeof t === 'string' && t.trim())) {
      throw new Error(`${file}: group ${i + 1} must list at least two terms`);
    }
  });
  return groups as string[][];
}

/**
 * The settings of each settings page (route → anchor → setting), from the settings catalogue that
 * its plugin loaded for this build: identifiers are taken from the data, not read back from HTML.
 */
export function pageSettings(plugins: {name: string; content?: unknown}[]): Map<string, Map<string, PageSetting>> {
  const catalogue = plugins.find((p) => p.name === SETTINGS_PLUGIN)?.content as Catalogue | undefined;
  if (!catalogue?.settings) throw new Error(`search index: the settings catalogue (plugin ${SETTINGS_PLUGIN}) is not loaded`);
  const out = new Map<string, Map<string, PageSetting>>();
  for (const setting of catalogue.settings) {
    const route = routeForPage(setting.page);
    if (!out.has(route)) out.set(route, new Map());
    // What a reader may paste to find the setting: its key and variable, and the values it takes.
    const defaults = ([] as unknown[]).concat(setting.default ?? []);
    const values = [setting.env, ...(setting.values ?? []), ...defaults].filter((v): v is string => typeof v === 'string');
    out.get(route)!.set(setting.anchor, {key: setting.configPath, identifiers: [setting.configPath, ...values]});
  }
  return out;
}

/** The search page's route. */
export const SEARCH_PAGE = '/search';

export default function search(options: SearchIndexOptions) {
  return (context: LoadContext): Plugin => ({
    name: 'time-search',
    getThemePath() {
      return path.resolve(__dirname, '../../src/search/theme');
    },
    getClientModules() {
      return [path.resolve(__dirname, '../../src/search/client/highlightPage.ts')];
    },
    async contentLoaded({actions}) {
      actions.addRoute({path: `${context.baseUrl}${SEARCH_PAGE.slice(1)}`, component: '@theme/SearchPage', exact: true});
    },
    async postBuild({outDir, routesPaths, plugins}) {
      const settings = pageSettings(plugins);
      const glossary = loadGlossary(path.resolve(context.siteDir, options.glossaryFile));
      const pages: {url: string; page: ExtractedPage}[] = [];
      for (const route of [...new Set(routesPaths)].sort()) {
        const file = fileOfRoute(outDir, route);
        let page: ExtractedPage | undefined;
        try {
          page = file ? extractPage(fs.readFileSync(file, 'utf8'), settings.get(route)) : undefined;
        } catch (error) {
          throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
        }
        if (page) pages.push({url: route, page});
      }
      if (pages.length === 0) throw new Error('search index: no doc pages found in the build');
      const specs = options.apiSpecs.map(({file, routeBase}) => ({spec: YAML.parse(fs.readFileSync(path.resolve(context.siteDir, file), 'utf8')), routeBase}));
      const operations = apiKeywords(
        specs,
        pages.map((p) => p.url),
      );

      const groups = [...options.contexts.map((c) => c.path), ''].map((group) => ({
        context: group,
        label: options.contexts.find((c) => c.path === group)?.label ?? '',
        pages: pages.filter((p) => contextOf(p.url, options.contexts) === group).map((p) => ({...p, operation: operations.get(p.url)})),
      }));
      const {files} = buildIndex(groups, glossary);
      const dir = path.join(outDir, INDEX_DIR);
      // A rebuilt index (search:eval --reindex) leaves no files of the previous one behind.
      fs.rmSync(dir, {recursive: true, force: true});
      fs.mkdirSync(dir, {recursive: true});
      for (const [file, json] of files) fs.writeFileSync(path.join(outDir, file), json);
    },
  });
}
