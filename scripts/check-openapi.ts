/**
 * `npm run check:openapi [v4|v5]`: merges and checks the API specs without building the site
 * (plugins/openapi/check.ts). Lists every problem with its file and JSON pointer; exits 1 if there is any.
 */
import {checkVersion} from '../plugins/openapi/check';
import {formatSpecProblems} from '../plugins/openapi/spec';

async function main() {
  const versions = process.argv.slice(2).length ? process.argv.slice(2) : ['v4', 'v5'];
  let failed = false;
  for (const version of versions) {
    const {operations, problems} = await checkVersion(version);
    console.log(`${version}: ${operations} operations`);
    if (problems.length) {
      failed = true;
      console.error(`${version}: ${problems.length} problem(s)\n${formatSpecProblems(problems)}`);
    }
  }
  process.exit(failed ? 1 : 0);
}

main();
