/**
 * Messages between the page and the search worker (worker.ts). The worker loads the index for the
 * contexts a search needs, builds the lunr index once per set of contexts and answers queries.
 */
import type {Hit} from '../engine/searcher';
import type {Range} from '../engine/marks';

/**
 * Which part of the docs to search: the whole site (no context), one context, or everything
 * outside one context.
 */
export interface Scope {
  context?: string;
  outside?: boolean;
}

export interface SearchRequest {
  type: 'search';
  id: number;
  /** The site's base URL (`/`): the index lives under it. */
  baseUrl: string;
  query: string;
  scope: Scope;
  limit: number;
  /** Sent while the reader types: its excerpts may wait for the next keystroke (searchService.ts). */
  typing?: boolean;
}

/** Loads and builds a scope ahead of the first query (when the reader focuses the search box). */
export interface WarmRequest {
  type: 'warm';
  id: number;
  baseUrl: string;
  scope: Scope;
}

export type Request = SearchRequest | WarmRequest;

/** A hit as shown: its excerpt, and where the query's terms fall in its title, heading and excerpt. */
export interface ShownHit extends Omit<Hit, 'score' | 'fragment'> {
  /** The part of the section's text around the reader's words ('' when its fragment could not be fetched). */
  excerpt: string;
  /** The hit's URL with its terms as `_highlight` parameters and its anchor. */
  href: string;
  marks: {title: Range[]; heading: Range[]; excerpt: Range[]};
}

/**
 * Why part of the index could not be used: the network or server failed (`network`, worth a
 * retry), the file is not on the server (`missing`), or its content is not a valid index (`damaged`).
 */
export type IndexFailure = 'network' | 'missing' | 'damaged';

/** A part of the index that could not be used: a context's shard, or the manifest (no context). */
export interface IndexProblem {
  /** The context path ('' for the pages outside every context); absent for the manifest. */
  context?: string;
  reason: IndexFailure;
}

export type Reply =
  /** The index for the request's scope is being fetched and built. */
  | {type: 'loading'; id: number}
  /** The scope is ready (answer to `warm`). */
  | {type: 'ready'; id: number}
  /** The index is ready and the search starts: the page's time budget for the answer runs from here. */
  | {type: 'searching'; id: number}
  /** The search is done and the excerpts of its hits are being fetched: the time budget no longer runs. */
  | {type: 'excerpts'; id: number}
  /**
   * The hits; `unavailable` lists the contexts of the scope whose shard could not be used (the
   * hits come from the others), `cut` what of the query was left out. An `early` result is not the
   * last: the same hits follow with the excerpts still being fetched.
   */
  | {
      type: 'result';
      id: number;
      hits: ShownHit[];
      early?: boolean;
      retyped?: string;
      error?: string;
      cut?: {chars?: number; terms?: number};
      unavailable?: IndexProblem[];
      /** Some content chunks the query needed could not be used: pages matching only in their body text may be missing. */
      incomplete?: boolean;
    }
  /** Nothing of the scope's index could be used: `problems` says why, `message` is for the console. */
  | {type: 'failed'; id: number; message: string; problems: IndexProblem[]}
  /** The search took longer than its budget and the worker was replaced (sent by the page's side). */
  | {type: 'timeout'; id: number};
