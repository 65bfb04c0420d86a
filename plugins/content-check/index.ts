import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {checkSite, CONTENT_DIRS, formatProblems} from './rules';

/**
 * Fails `docusaurus build` and `docusaurus start` on invalid front matter, headings without ids,
 * examples that do not parse, hand-typed environment variables and links to a missing file, page or
 * anchor, naming the file and line.
 */
export default function contentCheck(context: LoadContext): Plugin {
  // Hand-written pages: the guides and the API reference chapters (generated pages are skipped).
  const dirs = CONTENT_DIRS.map((dir) => path.join(context.siteDir, dir));
  return {
    name: 'time-content-check',
    getPathsToWatch() {
      // Links are checked against the catalogue's anchors and the specs' pages too.
      return [...dirs.map((dir) => path.join(dir, '**/*.{md,mdx}')), path.join(context.siteDir, '{data/settings,openapi}/**/*.yaml')];
    },
    async loadContent() {
      const problems = checkSite(context.siteDir);
      if (problems.length > 0) {
        throw new Error(`Content check failed (${problems.length} problem(s)):\n${formatProblems(problems)}`);
      }
    },
  };
}
