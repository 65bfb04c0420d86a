import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {contractRoutes} from '../../data/routes';
import {bundleSpec} from '../../plugins/openapi/spec';
import {pageSlug} from '../../plugins/openapi/slug';

const docs = path.resolve(__dirname, '../../docs');

const apiSlugs = new Set(['v4', 'v5'].flatMap((v) => bundleSpec(v).operations.map((o) => `/api/${v}/${pageSlug(o.operationId)}`)));

/** The source of a route: a doc file (docs served from "/"), an API chapter, or a spec operation. */
function sourceFor(route: string): string | undefined {
  const api = /^\/api\/(v[45])\/(.+)$/.exec(route);
  if (api) {
    const chapter = path.resolve(__dirname, '../../api-reference', api[1], `${api[2]}.md`);
    if (fs.existsSync(chapter)) return chapter;
    const service = api[2].split('/');
    const operation = `/api/${api[1]}/${service[service.length - 1]}`;
    return apiSlugs.has(operation) ? `operation ${operation}` : undefined;
  }
  const stem = route.replace(/^\//, '').replace(/\/$/, '');
  const candidates = route === '/' ? ['index.mdx', 'index.md'] : [`${stem}.md`, `${stem}.mdx`, `${stem}/index.md`, `${stem}/index.mdx`];
  return candidates.find((c) => fs.existsSync(path.join(docs, c)));
}

describe('route contract data', () => {
  it('has no duplicate paths', () => {
    const paths = contractRoutes.map((r) => r.path);
    expect(paths.length).toBe(new Set(paths).size);
  });

  it('keeps Latin slugs, with the historical data-managment spelling that old links use', () => {
    for (const {path: p} of contractRoutes) expect(p).toMatch(/^\/[a-z0-9_/-]*$/);
    expect(contractRoutes.some((r) => r.path.includes('data-management'))).toBe(false);
    expect(contractRoutes.filter((r) => r.path.startsWith('/administration/data-managment/'))).toHaveLength(9);
  });

  it('has a source page for every route', () => {
    const missing = contractRoutes
      .filter((r) => r.path !== '/search')
      .filter((r) => !sourceFor(r.path))
      .map((r) => r.path);
    expect(missing).toEqual([]);
  });
});
