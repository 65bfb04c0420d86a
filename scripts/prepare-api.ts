/**
 * Runs before `docusaurus build` and `docusaurus start`: bundles and checks the API specs, publishes
 * them and regenerates the reference pages (plugins/openapi/prepare.ts). A spec problem stops here
 * with the file and JSON pointer named.
 */
import {prepareApi} from '../plugins/openapi/prepare';

prepareApi().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
