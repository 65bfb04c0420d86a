/**
 * Content checks shared by the build (./index.ts), `npm run check:content` and the unit tests: front matter schema,
 * heading ids, parseable YAML/JSON examples and derived environment variables.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import * as z from 'zod';
import {CONFIG_SECTIONS, envVarForKey, explainEnvVar} from '../settings/env-var';
import {LINEAGE_RELEASE, loadLineage, type Lineage} from '../settings/lineage';
import {loadCatalogueCached} from '../settings/catalogue';
import {listFiles} from '../shared/files';
import {root as repoRoot} from '../remark-samples/samples';
import {readMarkdown} from './markdown-scan';
import {SiteIndex} from './links';

export const MAX_DESCRIPTION = 160;

export const frontMatterSchema = z
  .object({
    title: z.string().trim().min(3, 'title is required'),
    description: z
      .string()
      .trim()
      .min(20, 'description is required (one sentence)')
      .max(MAX_DESCRIPTION, `description must be at most ${MAX_DESCRIPTION} characters`),
    // YAML reads a bare 429 or 8074 as a number; a number is a fine keyword too.
    keywords: z.array(z.union([z.string().trim().min(1), z.number()])).min(2, 'keywords: give at least two search terms'),
    sidebar_label: z.string().trim().min(1).optional(),
    sidebar_position: z.number().optional(),
    sidebar_class_name: z.string().optional(),
    slug: z.string().startsWith('/').optional(),
    tags: z.array(z.string().trim().min(1)).optional(),
    hide_title: z.boolean().optional(),
    hide_table_of_contents: z.boolean().optional(),
    pagination_prev: z.string().nullable().optional(),
    pagination_next: z.string().nullable().optional(),
    toc_min_heading_level: z.number().optional(),
    toc_max_heading_level: z.number().optional(),
    unlisted: z.boolean().optional(),
    draft: z.boolean().optional(),
    image: z.string().optional(),
    last_update: z.object({date: z.string().optional(), author: z.string().optional()}).optional(),
  })
  .strict();

export type DocFrontMatter = z.infer<typeof frontMatterSchema>;

export interface Problem {
  file: string;
  line?: number;
  message: string;
}

const HEADING = /^(#{1,6})\s+(.*)$/;
const EXPLICIT_ID = /\{#([a-z0-9]+(?:-[a-z0-9]+)*)\}\s*$/;
/** Where a page may include a whole file from: the tested code samples and the downloadable configs. */
const INCLUDE_ROOTS = ['samples/', 'static/downloads/'];
const ENV_TOKEN = /\bTIME_[A-Z0-9_]+\b/g;
/** Words that mark unfinished text; none may reach a reader. */
export const PLACEHOLDER_TEXT = /\b(TODO|TBD|FIXME|XXX)\b|lorem ipsum|заглушк|coming soon|скоро появится|в разработке/i;

/** Checks one Markdown/MDX document given its source; `file` is used in messages. */
export function checkDocument(file: string, source: string, keys?: ConfigKeys): Problem[] {
  const problems: Problem[] = [];
  const doc = readMarkdown(source);
  if ('error' in doc) return [{file, message: `front matter is not valid YAML: ${doc.error}`}];
  const result = frontMatterSchema.safeParse(doc.data);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const where = issue.path.length ? issue.path.join('.') : 'front matter';
      problems.push({file, message: `${where}: ${issue.message}`});
    }
  }
  const {prose, blocks, unclosed} = doc;
  if (unclosed) problems.push({file, line: unclosed.line, message: 'code fence is never closed'});

  for (const {line, text} of prose) {
    const unfinished = PLACEHOLDER_TEXT.exec(text.replace(/`[^`]*`/g, ''));
    if (unfinished) problems.push({file, line, message: `placeholder text "${unfinished[0]}": finish the sentence or remove it`});
  }

  for (const {line, text} of prose) {
    if (/<DocCardList\b|\buseDocById\b/.test(text)) {
      problems.push({file, line, message: 'DocCardList needs the docs map that guide pages do not ship (plugins/lean-docs): link the pages in a list instead'});
    }
  }

  const ids = new Set<string>();
  for (const {line, text} of prose) {
    const heading = HEADING.exec(text);
    if (!heading) continue;
    const level = heading[1].length;
    if (level === 1) {
      problems.push({file, line, message: 'no "#" heading in the body: the title comes from front matter'});
      continue;
    }
    if (level > 3) {
      problems.push({file, line, message: `only "##" and "###" headings are allowed, found level ${level}`});
      continue;
    }
    const id = EXPLICIT_ID.exec(heading[2]);
    if (!id) {
      problems.push({file, line, message: `heading needs an explicit Latin id, e.g. "## Требования {#requirements}": ${text}`});
      continue;
    }
    if (ids.has(id[1])) problems.push({file, line, message: `duplicate heading id "${id[1]}"`});
    ids.add(id[1]);
  }

  for (const block of blocks) {
    if (!block.lang) {
      problems.push({file, line: block.line, message: 'code block needs a language (bash, yaml, json, text…)'});
    }
    if (block.include) {
      const target = path.join(repoRoot, block.include);
      if (block.text.trim()) problems.push({file, line: block.line, message: `a block that includes ${block.include} must be empty`});
      const root = INCLUDE_ROOTS.find((dir) => target.startsWith(path.join(repoRoot, dir)));
      if (!root || !fs.existsSync(target)) {
        problems.push({file, line: block.line, message: `included file ${block.include} does not exist under ${root ?? INCLUDE_ROOTS.join(' or ')}`});
        continue;
      }
      block.text = fs.readFileSync(target, 'utf8');
    }
    try {
      if (block.lang === 'json') JSON.parse(block.text);
      if (block.lang === 'yaml' || block.lang === 'yml')
        YAML.parseAllDocuments(block.text).forEach((doc) => {
          if (doc.errors.length) throw doc.errors[0];
        });
    } catch (error) {
      problems.push({file, line: block.line, message: `${block.lang} example does not parse: ${(error as Error).message.split('\n')[0]}`});
    }
  }

  const allLines = [...prose.map((p) => ({line: p.line, text: p.text}))];
  for (const block of blocks) {
    block.text.split('\n').forEach((text, i) => allLines.push({line: block.line + 1 + i, text}));
  }
  for (const {line, text} of allLines) {
    for (const token of text.match(ENV_TOKEN) ?? []) {
      const why = explainEnvVar(token);
      if (why) problems.push({file, line, message: `environment variable not derived from a config key: ${why}`});
      else if (keys && !keys.envs.has(token)) problems.push({file, line, message: `${token} is not the variable of any setting Time's server reads`});
    }
    if (keys) {
      for (const [, key, wildcard] of text.matchAll(CONFIG_KEY)) {
        const known = wildcard ? [...keys.keys].some((k) => k.startsWith(key)) : keys.keys.has(key);
        if (!known)
          problems.push({
            file,
            line,
            message: `${key} is neither in the settings catalogue nor a key of ${LINEAGE_RELEASE}, the lineage Time's server descends from`,
          });
      }
    }
  }
  return problems;
}

/**
 * A two-part config key as pages write it: `Section.Setting`, or `Section.Prefix*` for a family of
 * keys. Plugin settings are named by their plugin pages.
 */
const CONFIG_KEY = new RegExp(`\\b((?:${CONFIG_SECTIONS.join('|')})\\.(?!Plugins\\.)[A-Z][A-Za-z0-9]*)(?:(\\*)|\\b(?!\\.[A-Za-z]))`, 'g');

/** The config keys a page may name, and their environment variables. */
export interface ConfigKeys {
  keys: Set<string>;
  envs: Set<string>;
}

/** Keys of the catalogue (Time's own included) and every key of the lineage release, which is repository data, not site content. */
export function configKeys(catalogueKeys: Iterable<string>, lineage: Lineage = loadLineage()): ConfigKeys {
  const keys = new Set([...catalogueKeys, ...[...lineage.keys.values()].filter((k) => k.in7x).map((k) => k.key)]);
  const envs = new Set([...keys].filter((k) => k.split('.').length === 2).map(envVarForKey));
  return {keys, envs};
}

/** Every Markdown/MDX file below `dir` (generated API pages excluded: they have their own checks). */
export function listDocFiles(dir: string): string[] {
  return listFiles(dir, (file) => {
    const name = path.basename(file);
    return /\.mdx?$/.test(name) && !/\.(api|tag|info|schema)\.mdx$/.test(name) && !name.startsWith('_');
  });
}

export function checkDocsDir(dir: string, relativeTo = process.cwd(), keys?: ConfigKeys): Problem[] {
  return listDocFiles(dir).flatMap((file) => checkDocument(path.relative(relativeTo, file), fs.readFileSync(file, 'utf8'), keys));
}

/** The folders of hand-written pages: the guides and the API reference chapters. */
export const CONTENT_DIRS = ['docs', 'api-reference'];

/** Every check of every hand-written page of the site in `siteDir`, links included, in file and line order. */
export function checkSite(siteDir: string): Problem[] {
  const site = new SiteIndex(siteDir);
  const keys = configKeys(loadCatalogueCached(path.join(siteDir, 'data/settings')).settings.map((s) => s.key));
  const problems = [
    ...CONTENT_DIRS.flatMap((name) => {
      const dir = path.join(siteDir, name);
      return [...checkDocsDir(dir, siteDir, keys), ...site.check(dir)];
    }),
    ...site.checkCatalogue(),
  ];
  return problems.sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0));
}

export function formatProblems(problems: Problem[]): string {
  return problems.map((p) => `  ${p.file}${p.line ? `:${p.line}` : ''} — ${p.message}`).join('\n');
}
