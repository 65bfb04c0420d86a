/** The texts of the index and query states that the search bar and the search page both show. */
import type {SearchState} from '../client/client';
import type {IndexProblem} from '../client/protocol';
import {labelOf} from '../contexts';
import {searchStrings as t} from '../strings';

const labelOfProblem = (problem: IndexProblem) => (problem.context === undefined ? undefined : problem.context ? labelOf(problem.context) : t.otherPages);

/** Why the index could not be used at all, one sentence per distinct cause. */
export function failureTexts(problems: IndexProblem[] = []): string[] {
  const texts = problems.map((problem) => {
    if (problem.reason === 'missing') return t.missing(labelOfProblem(problem));
    if (problem.reason === 'damaged') return t.damaged(labelOfProblem(problem));
    return t.failed;
  });
  return texts.length ? [...new Set(texts)] : [t.failed];
}

/** True when the search is answered and found nothing, with no error or time-out to say why. */
const foundNothing = (state: SearchState) => state.index === 'done' && Boolean(state.query) && state.hits.length === 0 && !state.error && !state.timedOut;

const labelsOf = (problems: IndexProblem[]) => problems.map((p) => labelOfProblem(p) ?? t.otherPages);

/** Notes that go with results: sections left out, the query cut, the search stopped. */
export function noticeTexts(state: SearchState): string[] {
  const texts: string[] = [];
  if (state.timedOut) texts.push(t.tooSlow);
  if (state.cut?.chars) texts.push(t.queryCut(state.cut.chars));
  if (state.cut?.terms) texts.push(t.termsCut(state.cut.terms));
  if (state.index === 'done' && state.incomplete) texts.push(t.incomplete);
  // With no results, nothingFoundText says it together with what was left out.
  if (state.index === 'done' && state.problems?.length && !foundNothing(state)) texts.push(t.unavailable(...labelsOf(state.problems)));
  return texts;
}

/**
 * The one sentence for a search that found nothing (undefined otherwise): it names the sections
 * that could not be searched, or the reader's section (`section`) when the rest of the
 * documentation was searched too, so that no second line repeats or contradicts it.
 */
export function nothingFoundText(state: SearchState, section?: string): string | undefined {
  if (!foundNothing(state)) return undefined;
  if (state.problems?.length) return t.unavailableNothingFound(...labelsOf(state.problems));
  return section ? t.noResultsAnywhere(section) : t.noResults;
}
