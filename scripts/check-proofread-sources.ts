/**
 * `npm run check:proofread:sources [file…]`: spelling, typography and glossary of the hand-written
 * pages (docs/, api-reference/; or the files given) without a build, each problem with its file and
 * line. The rules are those of `npm run check:proofread`, which reads the built site and so also
 * covers the text that pages get from the settings catalogue, the API specs and the UI.
 */
import path from 'node:path';
import {CONTENT_DIRS, listDocFiles} from '../plugins/content-check/rules';
import {formatSourceProblems, proofreadSources, readSources} from './lib/proofread-sources';

const root = path.resolve(__dirname, '..');

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const files = args.length ? args.map((f) => path.resolve(f)) : CONTENT_DIRS.flatMap((dir) => listDocFiles(path.join(root, dir)));
  const problems = await proofreadSources(readSources(root, files));
  if (problems.length) {
    console.error(`Proofreading found ${problems.length} problem(s):\n${formatSourceProblems(problems)}`);
    process.exit(1);
  }
  console.log(`proofread ${files.length} source files: OK`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
