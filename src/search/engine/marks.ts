/**
 * Which words of a text to highlight for a search hit: a word is marked when its term (folded and
 * stemmed, as the index has it) is one the hit matched, so «настройки» is marked for the term
 * `настройк` whatever form the query used. Shared by the search worker (titles and excerpts in the
 * results) and the target page (src/search/client/highlightPage.ts).
 */
import {fold, stem, WORD, words} from './text';

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
    const folded = fold(word);
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
