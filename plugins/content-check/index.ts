import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {checkDocsDir, formatProblems} from '../../scripts/lib/content';

/**
 * Fails `docusaurus build` and `docusaurus start` on invalid front matter, headings without ids,
 * examples that do not parse and hand-typed environment variables, naming the file and line.
 */
export default function contentCheck(context: LoadContext): Plugin {
  const docsDir = path.join(context.siteDir, 'docs');
  return {
    name: 'time-content-check',
    getPathsToWatch() {
      return [path.join(docsDir, '**/*.{md,mdx}')];
    },
    async loadContent() {
      const problems = checkDocsDir(docsDir, context.siteDir);
      if (problems.length > 0) {
        throw new Error(`Content check failed (${problems.length} problem(s)):\n${formatProblems(problems)}`);
      }
    },
  };
}
