/**
 * `npm run check:content`: the content checks of the build without building — front matter,
 * heading ids, parseable examples, derived environment variables, links and the settings catalogue.
 * Exits 1 and lists every problem with its file; quick enough to run on every save.
 */
import path from 'node:path';
import {checkSite, formatProblems} from '../plugins/content-check/rules';
import {CatalogueError, loadCatalogue, SETTINGS_DIR} from '../plugins/settings/catalogue';

const root = path.resolve(__dirname, '..');
const problems = formatProblems(checkSite(root));
let catalogue = '';
try {
  const {settings, pages} = loadCatalogue(SETTINGS_DIR, root);
  console.log(`settings catalogue: ${settings.length} settings on ${pages.size} pages`);
} catch (error) {
  if (!(error instanceof CatalogueError)) throw error;
  catalogue = error.message;
}
if (problems) console.error(`Content check failed:\n${problems}`);
if (catalogue) console.error(catalogue);
if (problems || catalogue) process.exit(1);
console.log('content check: OK');
