/**
 * A fast path for the OpenAPI theme's Markdown component. The theme renders every
 * description of a schema, parameter and response with react-markdown (remark, GFM and raw HTML),
 * and on an operation page that parse ran hundreds of times during hydration: about a third of the
 * page's start-up work on a phone-speed CPU. Most descriptions are plain sentences, some with
 * `code` or bold; for those this returns the very elements react-markdown would, and `undefined` for
 * anything else, which then goes through react-markdown as before (tests/unit/markdown-plain.test.tsx
 * compares both over every description of the specs).
 */
import {Fragment, type ReactNode} from 'react';

/**
 * Characters and sequences that may mean more than text, code spans and bold: emphasis, HTML and
 * entities, escapes, tables, strikethrough, GFM autolinks, admonitions.
 */
const MARKUP = /[*_<>\\&|~#]|https?:|www\.|@|:::/;
/**
 * Brackets are plain text unless they make a link, an image, a reference or a footnote; a
 * description has no reference definitions, so only these forms matter.
 */
const LINK = /\]\(|\]\[|\]:|\[\^|!\[/;
/**
 * The start of a line that opens a block other than a paragraph (list, quote, heading, fence, rule);
 * a line may start with bold.
 */
const BLOCK_START = /^(?:[-+>=#|]|\*(?!\*[^*\s])|`{3}|~{3}|\d{1,9}[.)](?:\s|$))/;
/** Bold as the theme writes it (`**Возможные значения:** …`): no asterisk or space just inside. */
const STRONG = /\*\*([^*\s](?:[^*]*[^*\s])?)\*\*/g;

/**
 * Text between code spans, with its bold runs. Each `**` must stand where it can only open (after
 * a space or the paragraph's start) or only close (before a space, punctuation or the end), so
 * CommonMark's flanking rules give the same pairs; `prev`/`next` are the neighbours outside `part`
 * ('' at the paragraph's edges, '`' next to a code span).
 */
function textRuns(part: string, prev: string, next: string, key: number): ReactNode[] | undefined {
  const nodes: ReactNode[] = [];
  let at = 0;
  const text = (piece: string) => {
    if (MARKUP.test(piece)) return false;
    if (piece !== '') nodes.push(piece);
    return true;
  };
  for (const match of part.matchAll(STRONG)) {
    const start = match.index;
    const end = start + match[0].length;
    const before = start === 0 ? prev : part[start - 1];
    const after = end === part.length ? next : part[end];
    if (!/^\s?$/.test(before) || !/^[\s.,:;!?)]?$/.test(after)) return undefined;
    if (!text(part.slice(at, start))) return undefined;
    nodes.push(<strong key={`${key}-${start}`}>{match[1]}</strong>);
    at = end;
  }
  return text(part.slice(at)) ? nodes : undefined;
}

/** Inline content: text with bold runs and code spans of single backticks on one line whose content neither starts nor ends with a space. */
function inline(text: string): ReactNode[] | undefined {
  if (LINK.test(text)) return undefined;
  const parts = text.split('`');
  if (parts.length % 2 === 0) return undefined;
  const nodes: ReactNode[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (i % 2 === 1) {
      if (part === '' || /^\s|\s$|\n/.test(part)) return undefined;
      nodes.push(<code key={i}>{part}</code>);
    } else {
      const runs = textRuns(part, i === 0 ? '' : '`', i === parts.length - 1 ? '' : '`', i);
      if (!runs) return undefined;
      nodes.push(...runs);
    }
  }
  return nodes;
}

/** One paragraph: its lines, each free of block syntax, hard breaks and indented code. */
function paragraph(block: string, key: number): ReactNode | undefined {
  const raw = block.split('\n');
  if (/^ {4}|^\t/.test(raw[0])) return undefined;
  const lines = raw.map((line) => line.replace(/^[ \t]+|[ \t]+$/g, ''));
  for (let i = 0; i < raw.length; i++) {
    if (BLOCK_START.test(lines[i])) return undefined;
    // Two trailing spaces make a hard line break inside the paragraph.
    if (i < raw.length - 1 && / {2}$|\t$/.test(raw[i])) return undefined;
  }
  const children = inline(lines.join('\n'));
  return children && <p key={key}>{children}</p>;
}

/**
 * The elements for `text` when it is plain paragraphs (separated by blank lines) of text and code
 * spans; `undefined` when it needs the full Markdown renderer.
 */
export function renderPlain(text: string): ReactNode | undefined {
  // Blank lines around the text do not count; the first line's indentation does (4 spaces make code).
  // Markdown trims spaces, tabs and line breaks only (not, say, a no-break space).
  const trimmed = text.replace(/^(?:[ \t]*\n)+|[ \t\n]+$/g, '');
  if (trimmed.trim() === '' || trimmed.includes('\r') || trimmed.includes('\0')) return undefined;
  const blocks = trimmed.split(/\n[ \t]*\n(?:[ \t]*\n)*/);
  const out: ReactNode[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const p = paragraph(blocks[i], i);
    if (p === undefined) return undefined;
    // react-markdown keeps the line break between blocks as a text node.
    if (i > 0) out.push('\n');
    out.push(p);
  }
  return <Fragment>{out}</Fragment>;
}
