/**
 * Non-breaking spaces that a tool places better than a writer (CONTRIBUTING.md, «Typography»: «after
 * short prepositions where a tool can do it»). Hand-placed, they would be thousands of invisible
 * characters in the sources; here they are added to the rendered pages:
 * - after a word of one or two letters (в, к, с, и, а, на, по, не, до…), so that a line never ends
 *   with a preposition or a conjunction;
 * - before an em dash, so that a line never starts with a dash.
 * Only spaces in prose text change: code, keyboard input, sample output, SVG, math and scripts stay
 * as written. Quotes, dashes, units and thousands are the writer's job, and the proofreading check
 * (scripts/lib/proofread.ts) tests them on the built pages — this plugin never fixes them silently.
 */
interface HastNode {
  type: string;
  tagName?: string;
  /** The element name of an MDX JSX node (`<samp>` written in MDX). */
  name?: string | null;
  value?: string;
  children?: HastNode[];
}

/** Elements whose text is code or graphics, not prose. */
const VERBATIM = new Set(['code', 'kbd', 'pre', 'samp', 'var', 'script', 'style', 'svg', 'math', 'textarea']);

/** A word of one or two letters at the start of the text or after a space, bracket or quote. */
const SHORT_WORD = /(?<=^|[\s(«„“"'])(\p{L}{1,2}) /gu;
/** The space before an em dash. */
const BEFORE_DASH = / (?=—)/g;

/** Digits grouped by threes with non-breaking spaces, as prose writes 10 000 (CONTRIBUTING.md). */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00A0');
}

/** The text with non-breaking spaces after short words and before em dashes. */
export function bindShortWords(text: string): string {
  return text.replace(SHORT_WORD, '$1\u00A0').replace(BEFORE_DASH, '\u00A0');
}

/** Rewrites every prose text node below `node`, leaving {@link VERBATIM} elements alone. */
function visit(node: HastNode): void {
  if (node.type === 'text' && node.value) {
    node.value = bindShortWords(node.value);
    return;
  }
  const name = node.tagName ?? node.name;
  if (name && VERBATIM.has(name)) return;
  node.children?.forEach(visit);
}

export default function rehypeTypography() {
  return (tree: HastNode) => visit(tree);
}
