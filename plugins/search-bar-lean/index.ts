import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Keeps lunr out of every page's main bundle.
 *
 * The search bar imports one number (`searchResultLimits`) from the search plugin's generated
 * constants module, but that module also `require`s lunr, its stemmer support and the Russian and
 * multi-language pipelines for the search worker. Being side effects, they cannot be tree-shaken,
 * so ~150 KB of lunr code (≈15 KB gzip) ended up in `main.js` although searching runs in a Web
 * Worker with its own copy. For imports made by the search bar only, the module is swapped for
 * `src/search/searchBarConstants.ts`; the worker keeps the real one.
 */
export const CONSTANTS_REQUEST = /utils[\\/]proxiedGeneratedConstants(\.js)?$/;
export const SEARCH_BAR_DIR = /@easyops-cn[\\/]docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]SearchBar$/;
export const replacement = path.resolve(__dirname, '../../src/search/searchBarConstants.ts');

/** True when `request`, made from `context` (a directory), is the search bar's constants import. */
export function isSearchBarConstants(request: string, context: string): boolean {
  return CONSTANTS_REQUEST.test(request) && SEARCH_BAR_DIR.test(context);
}

export default function searchBarLean(): Plugin {
  return {
    name: 'time-search-bar-lean',
    configureWebpack(_config, _isServer, utils) {
      const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(CONSTANTS_REQUEST, (resource: {request: string; context: string}) => {
            if (isSearchBarConstants(resource.request, resource.context)) resource.request = replacement;
          }),
        ],
      };
    },
  };
}
