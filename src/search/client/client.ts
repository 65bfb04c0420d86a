/**
 * The page's side of the search worker: one worker for the whole visit, created on first use,
 * and a React hook that runs a query in a scope and reports the index state.
 */
import {useCallback, useEffect, useRef, useState} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {SEARCH_TIMEOUT_MS, TYPING_GAP_MS} from '../limits';
import type {IndexProblem, Reply, Request, Scope, SearchRequest, ShownHit, WarmRequest} from './protocol';

type Listener = (reply: Reply) => void;
type Outgoing = Omit<SearchRequest, 'id'> | Omit<WarmRequest, 'id'>;

let worker: Worker | undefined;
let nextId = 1;
/** Requests without their final reply: what they asked (to ask a new worker again) and who waits. */
const pending = new Map<number, {request: Request; listener: Listener; timer?: ReturnType<typeof setTimeout>}>();

function settle(id: number, reply: Reply) {
  const entry = pending.get(id);
  if (!entry) return;
  if (reply.type === 'searching') {
    // The worker searches synchronously and cannot stop itself: past the budget it is replaced.
    entry.timer = setTimeout(() => abandon(id), SEARCH_TIMEOUT_MS);
    return;
  }
  if (reply.type === 'excerpts') {
    // The worker is no longer busy: it waits for the network, and bounds that wait itself.
    clearTimeout(entry.timer);
    entry.timer = undefined;
    return;
  }
  if (reply.type !== 'loading' && !(reply.type === 'result' && reply.early)) {
    clearTimeout(entry.timer);
    pending.delete(id);
  }
  entry.listener(reply);
}

/** Ends a worker; requests still waiting are asked again of a new one (it reloads the index). */
function replaceWorker() {
  worker?.terminate();
  worker = undefined;
  for (const entry of pending.values()) {
    clearTimeout(entry.timer);
    entry.timer = undefined;
  }
  if (pending.size) {
    const next = getWorker();
    for (const {request} of pending.values()) next.postMessage(request);
  }
}

/** A search past its time budget: it is answered with `timeout`, the busy worker replaced. */
function abandon(id: number) {
  settle(id, {type: 'timeout', id});
  replaceWorker();
}

function getWorker(): Worker {
  if (!worker) {
    const created = new Worker(new URL('./worker.ts', import.meta.url));
    worker = created;
    created.onmessage = (event: MessageEvent<Reply>) => {
      if (created === worker) settle(event.data.id, event.data);
    };
    // The worker's script could not load or crashed: every pending request fails, and the next one
    // starts a new worker.
    created.onerror = (event) => {
      event.preventDefault();
      created.terminate();
      if (created !== worker) return;
      worker = undefined;
      for (const id of [...pending.keys()])
        settle(id, {type: 'failed', id, message: `search worker: ${event.message || 'failed to start'}`, problems: [{reason: 'network'}]});
    };
  }
  return worker;
}

/** Sends a request; `onReply` gets its replies until the final one. Returns a cancel function. */
export function send(outgoing: Outgoing, onReply: Listener): () => void {
  const id = nextId++;
  const request = {...outgoing, id} as Request;
  pending.set(id, {request, listener: onReply});
  try {
    getWorker().postMessage(request);
  } catch (error) {
    settle(id, {type: 'failed', id, message: String(error), problems: [{reason: 'network'}]});
  }
  return () => {
    const entry = pending.get(id);
    if (!entry) return;
    // A search running past its budget still ends the worker, even when no longer awaited.
    if (entry.timer) entry.listener = () => {};
    else pending.delete(id);
  };
}

/** The index state the reader sees: not loaded, loading, done, or failed (with a retry). */
export type IndexState = 'idle' | 'loading' | 'done' | 'failed';

export interface SearchState {
  index: IndexState;
  /** The query these results are for. */
  query: string;
  hits: ShownHit[];
  retyped?: string;
  /** A syntax error in the query. */
  error?: string;
  /** What of the query was left out (see SearchResult). */
  cut?: {chars?: number; terms?: number};
  /** Contexts of the scope left out of the results, or (failed) the parts of the index that failed. */
  problems?: IndexProblem[];
  /** The search ran past its time budget and was stopped. */
  timedOut?: boolean;
  /** Part of the body text's index could not be used: results may be missing pages. */
  incomplete?: boolean;
}

/**
 * Runs `query` in `scope` whenever either changes (the latest answer wins). `warm()` loads the
 * scope's index ahead of the first query; `retry()` runs the query again after a failure.
 */
export function useSearch(query: string, scope: Scope, limit: number) {
  const {siteConfig} = useDocusaurusContext();
  const baseUrl = siteConfig.baseUrl;
  const [state, setState] = useState<SearchState>({index: 'idle', query: '', hits: []});
  const [attempt, setAttempt] = useState(0);
  const scopeKey = `${scope.context ?? ''}|${scope.outside ? 1 : 0}`;
  const scopeRef = useRef(scope);
  scopeRef.current = scope;
  const lastSent = useRef(-Infinity);

  useEffect(() => {
    const text = query.trim();
    if (!text) {
      setState((s) => ({index: s.index === 'failed' ? 'idle' : s.index, query: '', hits: []}));
      return undefined;
    }
    // A query that follows the previous one this quickly is a keystroke of a query being typed.
    const typing = performance.now() - lastSent.current < TYPING_GAP_MS;
    lastSent.current = performance.now();
    return send({type: 'search', baseUrl, query: text, scope: scopeRef.current, limit, typing}, (reply) => {
      if (reply.type === 'loading') setState((s) => ({...s, index: 'loading'}));
      else if (reply.type === 'failed') {
        console.error(reply.message);
        setState({index: 'failed', query: text, hits: [], problems: reply.problems});
      } else if (reply.type === 'result') {
        setState({
          index: 'done',
          query: text,
          hits: reply.hits,
          retyped: reply.retyped,
          error: reply.error,
          cut: reply.cut,
          problems: reply.unavailable,
          incomplete: reply.incomplete,
        });
      } else if (reply.type === 'timeout') {
        setState({index: 'done', query: text, hits: [], timedOut: true});
      }
    });
  }, [query, scopeKey, limit, baseUrl, attempt]);

  const warm = useCallback(() => {
    send({type: 'warm', baseUrl, scope: scopeRef.current}, (reply) => {
      if (reply.type === 'loading') setState((s) => (s.index === 'idle' ? {...s, index: 'loading'} : s));
      else if (reply.type === 'ready') setState((s) => (s.index === 'loading' && !s.query ? {...s, index: 'done'} : s));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new scope gives a new warm(), so the search page warms it
  }, [baseUrl, scopeKey]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return {state, warm, retry};
}
