/**
 * `npm run check:openapi [v4|v5]`: merges and checks the API specs without building the site —
 * our own checks (files, $refs, operations, examples) and Redocly's recommended lint.
 * Lists every problem with its file and JSON pointer; exits 1 if there is any.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import {bundleSpec, formatSpecProblems, lintBundle} from './lib/openapi';

async function main() {
  const versions = process.argv.slice(2).length ? process.argv.slice(2) : ['v4', 'v5'];
  let failed = false;
  for (const version of versions) {
    const bundle = bundleSpec(version);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-check-')), `${version}.yaml`);
    fs.writeFileSync(file, YAML.stringify(bundle.doc, {lineWidth: 0, aliasDuplicateObjects: false}));
    const {errors} = await lintBundle(file, bundle);
    const problems = [...bundle.problems, ...errors];
    console.log(`${version}: ${bundle.operations.length} operations`);
    if (problems.length) {
      failed = true;
      console.error(`${version}: ${problems.length} problem(s)\n${formatSpecProblems(problems)}`);
    }
  }
  process.exit(failed ? 1 : 0);
}

main();
