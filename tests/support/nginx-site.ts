/**
 * The files a build writes for nginx (build/.nginx/): the server block includes them, so nginx
 * does not start on a site folder without them. Tests that serve a small hand-made site write them
 * with this, so that a new build-written include needs one change here.
 */
import fs from 'node:fs';
import path from 'node:path';
import {movedOperationPages} from '../../plugins/openapi/moved-pages';
import {REDIRECTS_SNIPPET, nginxSnippet} from '../../plugins/nginx-redirects';
import {scriptSourceSnippet, SNIPPET} from '../../scripts/lib/csp';

export function writeNginxIncludes(docroot: string, scriptHashes: string[] = []): void {
  fs.mkdirSync(path.join(docroot, path.dirname(SNIPPET)), {recursive: true});
  fs.writeFileSync(path.join(docroot, SNIPPET), scriptSourceSnippet(scriptHashes));
  fs.writeFileSync(path.join(docroot, REDIRECTS_SNIPPET), nginxSnippet([{from: '/api/v4', to: '/api/v4/introduction'}, ...movedOperationPages]));
}
