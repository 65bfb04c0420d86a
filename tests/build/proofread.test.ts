/**
 * Spelling, typography and glossary of every built page (scripts/lib/proofread.ts says what is
 * checked and why). A failure lists every problem grouped by page, with the fix; writers run the
 * same check with `npm run check:proofread`.
 */
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {checkGlossary, checkSpelling, checkTypography, formatProblems, loadPages, type PageText} from '../../scripts/lib/proofread';

const build = path.resolve(__dirname, '../../build');

describe('proofreading of every page', () => {
  let pages: PageText[] = [];

  beforeAll(() => {
    pages = loadPages(build);
  }, 120_000);

  it('reads the prose of the pages (so that the checks below cannot pass on empty text)', () => {
    const guide = pages.find((p) => p.page === '/deployment/install/docker-compose/');
    expect(guide?.blocks.map((block) => block.replace(/\u00A0/g, ' '))).toContain('Установка с Docker Compose');
    expect(guide?.blocks.length).toBeGreaterThan(50);
    expect(pages.filter((p) => p.page.startsWith('/api/v4/')).length).toBeGreaterThan(400);
  });

  it('has no unknown words (Russian and English dictionaries, config/cspell-words.txt)', async () => {
    const problems = await checkSpelling(pages);
    expect(problems.length, formatProblems(problems, 'spelling')).toBe(0);
  }, 300_000);

  it('follows the typography of CONTRIBUTING.md (quotes, dashes, ranges, units, thousands)', () => {
    const problems = checkTypography(pages);
    expect(problems.length, formatProblems(problems, 'typography')).toBe(0);
  }, 300_000);

  it('uses the glossary terms of CONTRIBUTING.md (команда, сообщение, эмодзи, вебхук, учётная запись…)', () => {
    const problems = checkGlossary(pages);
    expect(problems.length, formatProblems(problems, 'glossary')).toBe(0);
  });
});
