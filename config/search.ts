import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';

/** Local search over the docs (never standalone pages), in Russian and English. */
export const searchOptions = {
  hashed: true,
  language: ['ru', 'en'],
  indexDocs: true,
  indexBlog: false,
  indexPages: false,
  docsRouteBasePath: '/',
  highlightSearchTermsOnTargetPage: true,
  searchResultLimits: 10,
  searchResultContextMaxLength: 60,
  explicitSearchResultPath: true,
  searchBarShortcut: true,
  searchBarShortcutHint: true,
  searchBarShortcutKeymap: 'mod+k',
} satisfies Partial<PluginOptions>;

/**
 * Search contexts (plugins/search-index): one index per top-level section; a reader inside a
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

/** Options of plugins/search-index (also used by scripts/search-eval.ts). */
export const searchIndexOptions = {
  contexts: searchContexts,
  glossaryFile: 'data/search-glossary.yaml',
  apiSpecs: [
    {file: 'static/openapi/v4.yaml', routeBase: '/api/v4'},
    {file: 'static/openapi/v5.yaml', routeBase: '/api/v5'},
  ],
};
