/**
 * Marks the words of the page's content that stand for search terms: every form of a word whose
 * stem was matched («настройки», «настройкам» for `настройк`), with mark.js doing the DOM work.
 */
import Mark from 'mark.js';
import {formsMatcher, wordPattern} from '../engine/marks';

export const MARK_CLASS = 'search-highlight';
/** The marking library waits at most this long for iframes, so a page with a slow iframe still gets its marks. */
const IFRAMES_TIMEOUT = 5000;
/** At most this many terms are taken from the address (it is reader-controlled). */
const MAX_TERMS = 20;

/** The page's own content: the doc article, or the main area of other pages. */
function contentRoot(): HTMLElement | null {
  return document.querySelector<HTMLElement>('article .markdown, article') ?? document.querySelector<HTMLElement>('main');
}

export function markPage(terms: string[], root: HTMLElement | null = contentRoot()): Promise<number> {
  return new Promise((resolve) => {
    if (!root) {
      resolve(0);
      return;
    }
    const matches = formsMatcher(terms.slice(0, MAX_TERMS).map((term) => term.slice(0, 100)));
    const marker = new Mark(root);
    marker.unmark({
      className: MARK_CLASS,
      done: () =>
        marker.markRegExp(wordPattern(), {
          element: 'mark',
          className: MARK_CLASS,
          iframesTimeout: IFRAMES_TIMEOUT,
          // The page title and the breadcrumbs name the page; only its text shows where the words are.
          // mark.js tests a text node's parent against these selectors, hence the descendant forms.
          exclude: ['.hash-link', 'mark', 'h1', 'h1 *', 'nav', 'nav *'],
          filter: (_node, match) => matches(match),
          done: resolve,
        }),
    });
  });
}
