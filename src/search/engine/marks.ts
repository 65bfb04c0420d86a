/**
 * Which words of a text to highlight for a search hit: a word is marked when its term (folded and
 * stemmed, as the index has it) is one the hit matched, so «настройки» is marked for the term
 * `настройк` whatever form the query used. Shared by the search worker (titles and excerpts in the
 * results) and the target page (src/search/client/highlightPage.ts).
 */
import {fold, joinThousands, stem, WORD, words} from './text';

/** `[start, end)` offsets into a text. */
export type Range = [number, number];

/** Terms that can be marked in running text (not API paths or `method:path` keys). */
const MARKABLE = /^[\p{L}\p{N}_.]+$/u;

/** The terms of `terms` that can be looked for in text. */
export function markableTerms(terms: Iterable<string>): string[] {
  return [...new Set([...terms].filter((t) => MARKABLE.test(t)))];
}

/** A test for single words: true when the word stands for one of `terms`. */
export function termMatcher(terms: Iterable<string>): (word: string) => boolean {
  const wanted = new Set(markableTerms(terms).flatMap((t) => t.split('.')));
  return (word) => {
    const folded = joinThousands(fold(word));
    return wanted.has(folded) || wanted.has(stem(folded));
  };
}

/**
 * A test for the words of a page opened from a hit: true for each of the reader's `words` and for
 * every other form of it on the page (the same stem), so «настройки» in the address marks
 * «настройка» and «настройкам» too.
 */
export function formsMatcher(words: Iterable<string>): (word: string) => boolean {
  return termMatcher([...words].flatMap((w) => [fold(w), stem(fold(w))]));
}

/**
 * The reader's words (as typed, folded to lower case) that a hit matched: what its page marks. The index's
 * stems («compos») and the words a query was widened with (synonyms, typo corrections) stay out of
 * the address, and so do question words that matched nothing.
 */
export function matchedWords(query: string, terms: readonly string[]): string[] {
  const matches = termMatcher(terms);
  return [...new Set(words(query).filter(matches))];
}

/** The words of `text` to mark. */
export function markRanges(text: string, matches: (word: string) => boolean): Range[] {
  const out: Range[] = [];
  for (const m of text.matchAll(WORD)) {
    if (matches(m[0])) out.push([m.index, m.index + m[0].length]);
  }
  return out;
}

/** The word pattern for marking in the DOM (one fresh RegExp per call: it is stateful). */
export function wordPattern(): RegExp {
  return new RegExp(WORD.source, WORD.flags);
}

/* ------------------------------------------------------------------------------------------------
 * Excerpts: the part of a section's text a result shows, around the words the reader typed.
 */

/** Characters an excerpt aims at (a window is cut at words and sentences, so it may be shorter). */
export const EXCERPT_CHARS = 200;
/** A window ends at a sentence end only when that leaves at least this many characters. */
const EXCERPT_MIN_CHARS = 160;
/** Characters of context kept before the first match when the window cannot start at its sentence. */
const LEAD_CHARS = 40;

/** A sentence ends at `.`, `!`, `?` or `…` followed by a space and a capital, a digit or an opening quote. */
const SENTENCE_END = /[.!?…](?=\s+[\p{Lu}\p{N}«"“(])/gu;

/** Offsets just past each sentence's closing mark. */
function sentenceEnds(text: string): number[] {
  return [...text.matchAll(SENTENCE_END)].map((m) => m.index + 1);
}

/** `text` cut at the last word boundary at or before `limit` (never before `floor`), with `…`. */
export function cutAtWord(text: string, limit: number, floor = Math.floor(limit * 0.6)): string {
  if (text.length <= limit) return text;
  const space = text.lastIndexOf(' ', limit);
  return `${text.slice(0, space > floor ? space : limit).replace(/[\s,.;:—-]+$/u, '')}…`;
}

/** The first sentence of a text, or its start cut at a word when that sentence is longer than `max`. */
export function firstSentence(text: string, max = EXCERPT_CHARS): string {
  const end = sentenceEnds(text)[0];
  return end !== undefined && end <= max ? text.slice(0, end) : cutAtWord(text, max);
}

/**
 * About `max` characters of `text` around `[from, to)`: from the start of the sentence holding
 * `from` when the span still fits after it, else from a few words before it (`…` marks the cut),
 * to a sentence end or a word boundary (`…`).
 */
function windowAround(text: string, from: number, to: number, max: number): string {
  if (text.length <= max) return text;
  const ends = sentenceEnds(text);
  const starts = [0, ...ends.map((end) => end + (text.slice(end).match(/^\s+/)?.[0].length ?? 0))];
  // The sentence holding the match, when the window can start there and still reach its end.
  const sentenceStart = starts.filter((s) => s <= from && to - s <= max).at(-1);
  let start = sentenceStart;
  if (start === undefined) {
    // Near the end of the text the window takes more of what comes before.
    const space = text.indexOf(' ', Math.max(0, Math.min(from - LEAD_CHARS, text.length - max)));
    start = space >= 0 && space < from ? space + 1 : from;
  }
  const limit = start + max;
  const lead = start === sentenceStart ? '' : '…';
  if (limit >= text.length) return lead + text.slice(start);
  const end = ends.filter((e) => e > start + EXCERPT_MIN_CHARS && e >= to && e <= limit).at(-1);
  if (end !== undefined) return lead + text.slice(start, end);
  return lead + cutAtWord(text.slice(start), max, Math.max(to - start, 0));
}

/**
 * What a result shows of a section's text: a window of about EXCERPT_CHARS around the densest run
 * of words `matches` accepts (most distinct words, then most words, then the earliest), or the
 * text's first sentence when none of them is in it (the words were in the title or a heading).
 */
export function excerptWindow(text: string, matches: (word: string) => boolean, max = EXCERPT_CHARS): string {
  const found = markRanges(text, matches);
  if (found.length === 0) return windowAround(text, 0, 0, max);
  let best = {from: found[0][0], to: found[0][1], score: -1};
  for (let i = 0; i < found.length; i++) {
    const distinct = new Set<string>();
    let to = found[i][1];
    let count = 0;
    // The run leaves room for the context before it.
    for (let j = i; j < found.length && found[j][1] - found[i][0] <= max - LEAD_CHARS; j++) {
      distinct.add(stem(fold(text.slice(found[j][0], found[j][1]))));
      to = found[j][1];
      count++;
    }
    const score = distinct.size * 1000 + count;
    if (score > best.score) best = {from: found[i][0], to, score};
  }
  return windowAround(text, best.from, best.to, max);
}
