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

/** Notes that go with results: sections left out, the query cut, the search stopped. */
export function noticeTexts(state: SearchState): string[] {
  const texts: string[] = [];
  if (state.timedOut) texts.push(t.tooSlow);
  if (state.cut?.chars) texts.push(t.queryCut(state.cut.chars));
  if (state.cut?.terms) texts.push(t.termsCut(state.cut.terms));
  if (state.index === 'done' && state.problems?.length) texts.push(t.unavailable(...state.problems.map((p) => labelOfProblem(p) ?? t.otherPages)));
  return texts;
}
