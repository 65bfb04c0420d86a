/**
 * `npm run check:proofread [folder]`: spelling, typography and glossary of the built pages (default `build/`),
 * the same check as tests/build/proofread.test.ts, for a writer to run after `npm run build`.
 * Prints every problem grouped by page and exits 1 if there is any.
 */
import path from 'node:path';
import {formatProblems, proofread} from './lib/proofread';

async function main(): Promise<void> {
  const dir = path.resolve(process.argv[2] ?? path.resolve(__dirname, '../build'));
  const problems = await proofread(dir);
  const report = (['spelling', 'typography', 'glossary'] as const).map((kind) => formatProblems(problems, kind)).filter(Boolean);
  if (report.length) {
    console.error(report.join('\n\n'));
    process.exit(1);
  }
  console.log(`proofread ${dir}: OK`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
