import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';

/**
 * The local search plugin in its plain configuration (Russian and English, docs only, hashed
 * index): not used by the site, which has its own search (plugins/search). `npm run bench:search`
 * builds a copy of the site with it (`TIME_SEARCH=plugin`) to measure both side by side.
 */
export const plainPluginOptions = {
  hashed: true,
  language: ['ru', 'en'],
  indexBlog: false,
  docsRouteBasePath: '/',
} satisfies Partial<PluginOptions>;

/**
 * Search contexts (plugins/search): one index per top-level section; a reader inside a
 * section searches it first and can widen to the whole site. Pages outside them (home, FAQ) are
 * searched with the whole site.
 */
export const searchContexts = [
  {path: 'administration', label: 'Администрирование'},
  {path: 'deployment', label: 'Развёртывание'},
  {path: 'integrations', label: 'Интеграции'},
  {path: 'api', label: 'API'},
  {path: 'license', label: 'Лицензии'},
];

/** Options of plugins/search (also used by scripts/search-eval.ts). */
export const searchIndexOptions = {
  contexts: searchContexts,
  glossaryFile: 'data/search-glossary.yaml',
  apiSpecs: [
    {file: 'static/openapi/v4.yaml', routeBase: '/api/v4'},
    {file: 'static/openapi/v5.yaml', routeBase: '/api/v5'},
  ],
};
