/**
 * Proofreading of the Markdown sources, with the file and line of every problem: the same spelling,
 * typography and glossary rules as the check of the built site (scripts/lib/proofread.ts), read from
 * the hand-written pages without a build, for a writer to run while writing (`npm run check`).
 *
 * A page's source is one paragraph, list item, heading or table row per line (the pages are not
 * hard-wrapped), so each line is one block of prose. Markdown and MDX that is not prose is taken
 * out: code blocks, inline code and `{expressions}` (they stand for code, as on the built pages),
 * link targets, images, HTML and JSX tags with their attributes, comments, import and export
 * statements, heading ids, emphasis marks and escapes. Front matter gives the title, the sidebar
 * label and the description.
 *
 * What the sources do not hold is still read on the built pages only: the settings catalogue
 * (data/settings), the API reference generated from openapi/, UI strings in i18n/ and src/
 * (`npm run check:proofread` after a build).
 */
import fs from 'node:fs';
import path from 'node:path';
import {checkGlossary, checkSpelling, checkTypography, CODE, showSpaces, type ProofreadProblem} from './proofread';
import {readMarkdown} from '../../plugins/content-check/markdown-scan';

/** A line of prose in a source file, as a reader gets it. */
export interface SourceBlock {
  line: number;
  text: string;
}

export interface SourceProblem extends ProofreadProblem {
  /** The source file, relative to the folder given to the check. */
  file: string;
  line: number;
}

/** Front matter fields a reader sees: the page title (and tab title), the sidebar entry, the description. */
const SHOWN_FIELDS = ['title', 'sidebar_label', 'description'] as const;

const ENTITIES: Record<string, string> = {
  nbsp: '\u00A0',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  laquo: '«',
  raquo: '»',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  thinsp: '\u2009',
};

/** The reader's text of one prose line (possibly several table cells); empty when the line is all markup. */
export function proseOfLine(line: string): string[] {
  let text = line
    // Comments, then code: what they hold is never prose.
    .replace(/<!--.*?-->|\{\/\*.*?\*\/\}/g, '')
    .replace(/(`+)(?:(?!\1)[\s\S])+?\1/g, CODE)
    .replace(/\{[^{}]*\}/g, (expression) => (/^\{#[\w-]+\}$/.test(expression) ? '' : CODE))
    // Images say nothing on the page; a link shows its text.
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[((?:[^[\]]|\[[^\]]*\])*)\](?:\([^)]*\)|\[[^\]]*\])/g, '$1')
    .replace(/\[\^[^\]]+\]/g, '')
    .replace(/<\/?[A-Za-z][\w.-]*(?:\s+[\w:.-]+(?:=(?:"[^"]*"|'[^']*'|\{[^}]*\}|[^\s>]+))?)*\s*\/?>/g, ' ')
    // Block markers at the start of the line.
    .replace(/^\s*(?:>\s*)*(?:#{1,6}\s+|[-*+]\s+(?:\[[ x]\]\s+)?|\d+[.)]\s+|:::\w*\s*)?/, '')
    .replace(/&(\w+);/g, (entity, name: string) => ENTITIES[name] ?? entity)
    // Emphasis marks around words, then escapes.
    .replace(/(?<![\p{L}\d\\])(\*\*|__|\*|_)(?=\S)([\s\S]*?\S)\1(?![\p{L}\d])/gu, '$2')
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, '$1');
  text = text.replace(/\s+$/, '');
  if (!/^\|/.test(text)) return [text.trim()].filter(hasProse);
  if (/^\|?[\s:|-]+\|?$/.test(text)) return [];
  return text
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim())
    .filter(hasProse);
}

const hasProse = (text: string) => /\p{L}/u.test(text.replaceAll(CODE, ''));

/** The prose of a Markdown/MDX source, line by line; null when its front matter does not parse. */
export function sourceBlocks(source: string): SourceBlock[] | null {
  const doc = readMarkdown(source);
  if ('error' in doc) return null;
  const blocks: SourceBlock[] = [];
  const lines = source.split('\n');
  for (const field of SHOWN_FIELDS) {
    const value = doc.data[field];
    const at = lines.findIndex((l) => l.startsWith(`${field}:`));
    if (typeof value === 'string' && at >= 0) blocks.push({line: at + 1, text: proseOfLine(value).join(' ')});
  }
  // import/export statements run until a blank line; their strings are code, not prose.
  let statement = false;
  for (const {line, text} of doc.prose) {
    if (/^(?:import|export)\s/.test(text)) statement = true;
    if (statement) {
      statement = text.trim() !== '';
      continue;
    }
    for (const prose of proseOfLine(text)) blocks.push({line, text: prose});
  }
  return blocks.filter((b) => b.text);
}

/** Every spelling, typography and glossary problem of the given sources (path → text), by file and line. */
export async function proofreadSources(sources: Map<string, string>): Promise<SourceProblem[]> {
  const problems: SourceProblem[] = [];
  const pages = [];
  for (const [file, source] of sources) {
    const blocks = sourceBlocks(source);
    // A page whose front matter does not parse is reported by the content check.
    if (!blocks) continue;
    pages.push({file, blocks});
    for (const {line, text} of blocks) {
      const one = [{page: file, blocks: [text]}];
      for (const problem of [...checkTypography(one), ...checkGlossary(one)]) problems.push({...problem, file, line});
    }
  }
  const spelling = await checkSpelling(pages.map(({file, blocks}) => ({page: file, blocks: blocks.map((b) => b.text)})));
  for (const problem of spelling) {
    const {blocks} = pages.find((p) => p.file === problem.page)!;
    problems.push({...problem, file: problem.page, line: lineAt(blocks, problem.offset ?? 0)});
  }
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** The source line of an offset into the blocks joined by newlines. */
function lineAt(blocks: SourceBlock[], offset: number): number {
  let start = 0;
  for (const block of blocks) {
    const end = start + block.text.length + 1;
    if (offset < end) return block.line;
    start = end;
  }
  return blocks.at(-1)?.line ?? 1;
}

/** The sources of the hand-written pages below `dirs` (relative to `root`), by path relative to `root`. */
export function readSources(root: string, files: string[]): Map<string, string> {
  return new Map(files.map((file) => [path.relative(root, file), fs.readFileSync(file, 'utf8')]));
}

/** How to fix each kind of problem, said once above the list. */
const ADVICE: Record<ProofreadProblem['kind'], string> = {
  spelling: 'fix the word; only a real term (a product, protocol, setting or established technical word) goes into config/cspell-words.txt',
  typography: 'write the fragment as shown after "→" (⍽ is a non-breaking space U+00A0, ⸱ a narrow one U+202F); CONTRIBUTING.md lists the rules',
  glossary: 'write the term shown after "→": the glossary has one term per concept',
};

/** One line per problem, `file:line — kind: …`, with the advice for each kind present first. */
export function formatSourceProblems(problems: SourceProblem[]): string {
  const kinds = [...new Set(problems.map((p) => p.kind))];
  const advice = kinds.map((kind) => `${kind}: ${ADVICE[kind]}`);
  const lines = problems.map((p) => {
    const where = `  ${p.file}:${p.line} — ${p.kind}: `;
    if (p.kind === 'typography') return `${where}${p.text} → ${p.context}   [${p.rules?.join(', ')}]`;
    const times = p.count && p.count > 1 ? ` (${p.count}× in the file)` : '';
    return `${where}${showSpaces(p.text)}${times} — ${p.context}`;
  });
  return [...advice, ...lines].join('\n');
}
