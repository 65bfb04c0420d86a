/**
 * A Markdown/MDX page split the way the content checks read it: front matter, prose lines with
 * their line numbers in the file, and fenced code blocks (whose lines are not prose: a link or a
 * heading inside an example is not one of the page's).
 */
import matter from 'gray-matter';
import {INCLUDE} from '../remark-samples/samples';

const FENCE = /^\s*(`{3,}|~{3,})(.*)$/;

export interface CodeBlock {
  lang: string;
  line: number;
  text: string;
  /** `file=<rootDir>/…` in the fence: the block shows that file (plugins/remark-samples). */
  include?: string;
}

export interface ProseLine {
  line: number;
  text: string;
}

export interface MarkdownSource {
  data: Record<string, unknown>;
  prose: ProseLine[];
  blocks: CodeBlock[];
  /** The opening line of a fence that is never closed. */
  unclosed: {line: number} | null;
}

/** Splits a Markdown body into prose lines (with line numbers) and fenced code blocks. */
function scan(body: string, firstLine: number): Omit<MarkdownSource, 'data'> {
  const prose: ProseLine[] = [];
  const blocks: CodeBlock[] = [];
  const lines = body.split('\n');
  let open: {marker: string; lang: string; line: number; text: string[]; include?: string} | null = null;
  lines.forEach((text, i) => {
    const line = firstLine + i;
    const fence = FENCE.exec(text);
    if (open) {
      if (fence && fence[1].startsWith(open.marker[0]) && fence[1].length >= open.marker.length && !fence[2].trim()) {
        blocks.push({lang: open.lang, line: open.line, text: open.text.join('\n'), include: open.include});
        open = null;
      } else {
        open.text.push(text);
      }
      return;
    }
    if (fence) {
      open = {marker: fence[1], lang: fence[2].trim().split(/\s+/)[0] ?? '', line, text: [], include: INCLUDE.exec(fence[2])?.[1]};
      return;
    }
    prose.push({line, text});
  });
  return {prose, blocks, unclosed: open as {line: number} | null};
}

/** Reads a page's source; `error` when its front matter is not valid YAML. */
export function readMarkdown(source: string): MarkdownSource | {error: string} {
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(source);
  } catch (error) {
    return {error: (error as Error).message};
  }
  const bodyStart = source.slice(0, source.length - parsed.content.length).split('\n').length;
  return {data: parsed.data, ...scan(parsed.content, bodyStart)};
}
