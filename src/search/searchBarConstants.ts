// What the search bar needs from the search plugin's generated constants, without the side effects
// of that module (it sets up lunr and its Russian stemmer, which only the search worker uses).
import {searchOptions} from '../../config/search';

export const searchResultLimits: number = searchOptions.searchResultLimits;
