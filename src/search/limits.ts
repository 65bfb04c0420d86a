/** At most 10 results on the search page and 10 suggestions in the dropdown. */
export const RESULT_LIMIT = 10;
export const SUGGESTION_LIMIT = 10;
/**
 * How long a query must find nothing in the reader's section before the navbar box searches the
 * whole site instead: longer than the gap between keystrokes of a reader typing steadily (an
 * estimate: 100–300 ms), so a word in progress does not load the index of every section.
 */
export const FALLBACK_DELAY_MS = 400;
/** A query sent within this time of the one before is taken as a keystroke of a query being typed. */
export const TYPING_GAP_MS = 400;

/*
 * Bounds on the work one query may cause. The query comes from the address bar as well as from
 * the box, so without them a crafted link could hang or crash the reader's tab: lunr's fuzzy
 * matching builds an automaton whose size grows with the word length to the power of the edit
 * distance, and every term it matches is then looked up.
 */

/** Characters of a query that are searched; the rest is dropped and the reader told so. */
export const MAX_QUERY_CHARS = 200;
/** Words of a query that are searched (the longest benchmark query has 6). */
export const MAX_QUERY_TERMS = 16;
/** Longest word still looked up with typos forgiven: longer unknown words are IDs, hashes, noise. */
export const MAX_FUZZY_TERM_CHARS = 20;
/** Largest edit distance, whether typed (`слово~5`) or chosen by the engine. */
export const MAX_EDIT_DISTANCE = 2;
/** Words per query looked up fuzzily (the others only as typed). */
export const MAX_FUZZY_TERMS = 4;
/** Index terms one query may expand to through typos, over all its words. */
export const MAX_EXPANDED_TERMS = 2000;
/**
 * Time the search worker has for one query once its index is ready; a worker still busy then is
 * terminated and replaced, and the reader asked to simplify the query.
 */
export const SEARCH_TIMEOUT_MS = 3000;
