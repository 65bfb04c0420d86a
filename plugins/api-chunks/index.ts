import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/**
 * Keeps the API reference's JavaScript off the guide pages.
 *
 * Docusaurus puts every module used by more than half of all routes into one `common` chunk that
 * every page loads. With ~440 operation pages, the OpenAPI theme (Redux store, request builder,
 * schema renderers, code-sample generators) passes that bar, so guide pages would download it.
 * Here `common` only counts the routes outside the reference, and the modules the reference's
 * routes share go to their own `api-common` chunk, loaded by API pages only.
 *
 * A route chunk belongs to the reference when the module it loads is generated from an OpenAPI
 * spec, is an API docs instance's data, or is one of the OpenAPI theme's components. The chunk
 * names come from the route registry Docusaurus writes before bundling.
 */
export const API_MODULE = /^@site\/api-reference\/|^@generated\/docusaurus-plugin-content-docs\/api-v\d+\/|^@theme\/Api|docusaurus-theme-openapi-docs/;

/** Chunk names of the registry (`name → module path`) split into API and other route chunks. */
export function classifyRegistry(registrySource: string): {api: Set<string>; other: Set<string>} {
  const api = new Set<string>();
  const other = new Set<string>();
  const entry = /webpackChunkName: "([^"]+)" \*\/ "([^"]+)"/g;
  for (const [, name, modulePath] of registrySource.matchAll(entry)) {
    (API_MODULE.test(modulePath) ? api : other).add(name);
  }
  if (api.size === 0 || other.size === 0) {
    throw new Error(`api-chunks: the route registry lists ${api.size} API and ${other.size} other chunks; expected both (has the registry format changed?)`);
  }
  return {api, other};
}

export default function apiChunks(context: LoadContext): Plugin {
  return {
    name: 'time-api-chunks',
    configureWebpack(_config, isServer, _utils, _content) {
      if (isServer) return {};
      const registry = path.join(context.generatedFilesDir, 'registry.js');
      const {api, other} = classifyRegistry(fs.readFileSync(registry, 'utf8'));
      const isApi = (chunk: {name?: string | null}) => Boolean(chunk.name && api.has(chunk.name));
      return {
        optimization: {
          splitChunks: {
            cacheGroups: {
              // Docusaurus' own rule (used by half of the pages), counted over the non-API chunks only.
              common: {
                name: 'common',
                chunks: (chunk: {name?: string | null}) => !isApi(chunk),
                minChunks: Math.max(2, Math.ceil(other.size * 0.5)),
                priority: 40,
              },
              apiCommon: {name: 'api-common', chunks: isApi, minChunks: 2, priority: 45},
            },
          },
        },
      };
    },
  };
}
