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
