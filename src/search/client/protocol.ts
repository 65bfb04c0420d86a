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
}

/** Loads and builds a scope ahead of the first query (when the reader focuses the search box). */
export interface WarmRequest {
  type: 'warm';
  id: number;
  baseUrl: string;
  scope: Scope;
}

export type Request = SearchRequest | WarmRequest;

/** A hit as shown: where the query's terms fall in its title, heading and excerpt. */
export interface ShownHit extends Omit<Hit, 'score'> {
  /** The hit's URL with its terms as `_highlight` parameters and its anchor. */
  href: string;
  marks: {title: Range[]; heading: Range[]; excerpt: Range[]};
}

export type Reply =
  /** The index for the request's scope is being fetched and built. */
  | {type: 'loading'; id: number}
  /** The scope is ready (answer to `warm`). */
  | {type: 'ready'; id: number}
  | {type: 'result'; id: number; hits: ShownHit[]; retyped?: string; error?: string}
  /** The index could not be loaded (network, bad file): `message` is for the console. */
  | {type: 'failed'; id: number; message: string};
