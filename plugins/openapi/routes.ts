import fs from 'node:fs';
import path from 'node:path';
import {isObject, OPENAPI_DIR, readYaml, type SpecProblem} from './spec';
import {pageSlug} from './slug';

/**
 * The routes of the generated reference pages, as docusaurus-plugin-openapi-docs names them: a page
 * per operation (`/api/v4/create-post`) and per tag (`/api/v4/posts`). With `byTag` (v5: one spec
 * per service, plugins/openapi/index.ts) both live in the tag's folder: `/api/v5/auth-service/login`.
 * Only reads the files: their problems are bundleSpec's to report.
 */
export function apiPageRoutes(version: string, byTag: boolean, dir = path.join(OPENAPI_DIR, version)): string[] {
  const ignored: SpecProblem[] = [];
  const base = `/api/${version}/`;
  const folder = (tag: string) => (byTag ? `${pageSlug(tag)}/` : '');
  const root = readYaml(path.join(dir, 'openapi.yaml'), 'openapi.yaml', ignored) ?? {};
  const tags = (Array.isArray(root.tags) ? root.tags : []).filter(isObject).map((t) => String(t.name));
  const routes = tags.map((tag) => `${base}${folder(tag)}${pageSlug(tag)}`);
  const partDir = path.join(dir, 'paths');
  for (const name of fs.existsSync(partDir) ? fs.readdirSync(partDir).filter((f) => /\.ya?ml$/.test(f)) : []) {
    const data = readYaml(path.join(partDir, name), name, ignored);
    for (const item of Object.values(isObject(data?.paths) ? data.paths : {})) {
      for (const op of Object.values(isObject(item) ? item : {})) {
        if (!isObject(op) || typeof op.operationId !== 'string') continue;
        const tag = Array.isArray(op.tags) ? String(op.tags[0]) : '';
        routes.push(`${base}${folder(tag)}${pageSlug(op.operationId)}`);
      }
    }
  }
  return routes;
}
