/**
 * Docs where AI assistants read them. After the build:
 * - every doc page is also written as Markdown at `<path>.md` (`/` → `/index.md`): guides and
 *   hand-written API chapters from their HTML (./html-to-markdown), API operations from the
 *   operation (./operation-to-markdown); front matter is gone, components are plain Markdown, links
 *   are absolute;
 * - `/llms.txt` lists the sections and their pages with descriptions (https://llmstxt.org), linking
 *   the Markdown copies;
 * - `/llms-full.txt` holds the whole text of the guides, page after page in the same order: every
 *   page but the generated API reference (its ~450 operations would bury the guides; they stay one
 *   link away in llms.txt).
 * The page order is the sidebars' order, read from the docs plugins' loaded content. The sidebars,
 * as the site shows them, are also written into the build (plugins/shared/built-site/sidebars.ts)
 * for the tooling that reads a built site afterwards: the PDF guides follow them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {GENERATED_API_PAGE} from '../../config/openapi';
import type {Llms, LlmsSection} from '../../config/llms';
import {decodeApiValue} from './api-front-matter';
import {curlSampleOf} from '../openapi/sample-files';
import {markdownPath} from '../../src/utils/markdownPath';
import {fileOfRoute, toShownSidebar, writeSidebars, type BuiltSidebars, type LoadedSidebarItem} from '../shared/built-site';
import {htmlToMarkdown} from './html-to-markdown';
import {operationToMarkdown} from './operation-to-markdown';

/** What llms.txt says and its sections: data kept in config/llms.ts, read by this plugin. */
export type Options = Llms;
type Section = LlmsSection;

interface Doc {
  id: string;
  title: string;
  description: string;
  permalink: string;
  source: string;
  frontMatter: Record<string, unknown>;
}

interface LoadedVersion {
  docs: Doc[];
  sidebars: Record<string, LoadedSidebarItem[]>;
}

/** The docs of a sidebar in reading order: a category's own page first, then its items. */
export function sidebarDocIds(items: LoadedSidebarItem[]): string[] {
  return items.flatMap((item) => {
    if (item.type === 'doc' || item.type === 'ref') return [item.id];
    if (item.type === 'category') return [...(item.link?.type === 'doc' ? [item.link.id] : []), ...sidebarDocIds(item.items)];
    return [];
  });
}

/** Where a doc's Markdown copy is written under the build folder. */
function outputFile(outDir: string, permalink: string): string {
  return path.join(outDir, decodeURIComponent(markdownPath(permalink)));
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** llms.txt: title, summary, details, then one list of links per section. */
export function llmsTxt(title: string, options: Options, sections: {section: Section; docs: Doc[]}[], origin: string): string {
  const out = [`# ${title}`, '', `> ${options.summary}`, '', options.details.trim(), ''];
  for (const {section, docs} of sections) {
    out.push(`## ${section.title}`, '');
    for (const doc of docs)
      out.push(`- [${oneLine(doc.title)}](${origin}${markdownPath(doc.permalink)})${doc.description ? `: ${oneLine(doc.description)}` : ''}`);
    out.push('');
  }
  return `${out.join('\n').trim()}\n`;
}

export default function markdownExport(options: Options) {
  return (context: LoadContext): Plugin => plugin(context, options);
}

function plugin(context: LoadContext, options: Options): Plugin {
  let sections: {section: Section; docs: Doc[]}[] = [];
  let allDocs: {pluginId: string; doc: Doc}[] = [];
  let shownSidebars: BuiltSidebars = {};
  const origin = context.siteConfig.url.replace(/\/$/, '');

  return {
    name: 'time-markdown-export',

    allContentLoaded({allContent}) {
      const docsPlugins = allContent['docusaurus-plugin-content-docs'] as Record<string, {loadedVersions: LoadedVersion[]}> | undefined;
      if (!docsPlugins) throw new Error('markdown-export: no docs plugin content was loaded');
      allDocs = Object.entries(docsPlugins).flatMap(([pluginId, content]) =>
        content.loadedVersions.flatMap((version) => version.docs.map((doc) => ({pluginId, doc}))),
      );
      shownSidebars = Object.fromEntries(
        Object.entries(docsPlugins).map(([pluginId, content]) => {
          const version = content.loadedVersions[0];
          const byId = new Map(version.docs.map((doc) => [doc.id, doc]));
          return [
            pluginId,
            Object.fromEntries(
              Object.entries(version.sidebars).map(([name, items]) => [
                name,
                toShownSidebar(items, byId, `markdown-export: sidebar "${name}" of docs instance "${pluginId}"`),
              ]),
            ),
          ];
        }),
      );
      sections = options.sections.map((section) => {
        const version = docsPlugins[section.pluginId]?.loadedVersions[0];
        const items = version?.sidebars[section.sidebar];
        if (!version || !items)
          throw new Error(
            `markdown-export: sidebar "${section.sidebar}" of docs instance "${section.pluginId}" does not exist (plugin options in docusaurus.config.ts)`,
          );
        const byId = new Map(version.docs.map((doc) => [doc.id, doc]));
        return {
          section,
          docs: sidebarDocIds(items)
            .map((id) => byId.get(id))
            .filter((doc): doc is Doc => doc !== undefined),
        };
      });
    },

    async postBuild({outDir}) {
      const started = Date.now();
      const markdown = new Map<string, string>();
      for (const {doc} of allDocs) {
        const encoded = doc.frontMatter.api;
        let text: string | undefined;
        if (typeof encoded === 'string') {
          const api = decodeApiValue(encoded);
          // Descriptions from the spec may link site paths: made absolute like the guides' links.
          text = operationToMarkdown({title: doc.title, api, curl: curlSampleOf(path.join(context.siteDir, doc.source.replace(/^@site\//, '')))}).replace(
            /\]\(\/(?!\/)/g,
            `](${origin}/`,
          );
        } else {
          const file = fileOfRoute(outDir, doc.permalink);
          if (!file) throw new Error(`markdown-export: ${doc.permalink} has no page in the build (${outDir})`);
          const page = await htmlToMarkdown(fs.readFileSync(file, 'utf8'), doc.permalink, origin);
          if (!page) throw new Error(`markdown-export: no doc content found in ${file}`);
          text = page.markdown;
        }
        markdown.set(doc.permalink, text);
        const out = outputFile(outDir, doc.permalink);
        fs.mkdirSync(path.dirname(out), {recursive: true});
        fs.writeFileSync(out, text);
      }

      writeSidebars(outDir, shownSidebars);
      fs.writeFileSync(path.join(outDir, 'llms.txt'), llmsTxt(context.siteConfig.title, options, sections, origin));
      const guides = sections.flatMap(({docs}) => docs).filter((doc) => !GENERATED_API_PAGE.test(doc.source));
      const pages = guides.map((doc) => markdown.get(doc.permalink)!.replace('\n\n', `\n\nИсточник: ${origin}${doc.permalink}\n\n`));
      const head = `# ${context.siteConfig.title}\n\n> ${options.summary}\n`;
      fs.writeFileSync(path.join(outDir, 'llms-full.txt'), [head, ...pages].join('\n---\n\n'));
      console.log(`[markdown-export] ${markdown.size} Markdown pages, llms.txt and llms-full.txt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    },
  };
}
