/**
 * Client module: when a page is opened from a search hit (`?_highlight=term&_highlight=…`), the
 * words standing for those terms are marked in the page's content. The marking code (mark.js and
 * the stemmers) loads only then.
 */
import type {ClientModule} from '@docusaurus/types';

const clientModule: ClientModule = {
  onRouteDidUpdate({location}) {
    const terms = new URLSearchParams(location.search).getAll('_highlight').filter((term) => term.trim() !== '');
    if (terms.length === 0) return;
    void import('./markPage').then(({markPage}) => markPage(terms));
  },
};

export default clientModule;
