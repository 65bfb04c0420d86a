/**
 * The page's side of the search worker: one worker for the whole visit, created on first use,
 * and a React hook that runs a query in a scope and reports the index state.
 */
import {useCallback, useEffect, useRef, useState} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {Reply, Request, Scope, SearchRequest, ShownHit, WarmRequest} from './protocol';

type Listener = (reply: Reply) => void;
type Outgoing = Omit<SearchRequest, 'id'> | Omit<WarmRequest, 'id'>;

let worker: Worker | undefined;
let nextId = 1;
const listeners = new Map<number, Listener>();

function failAll(message: string) {
  for (const [id, listener] of [...listeners]) listener({type: 'failed', id, message});
}

function getWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./worker.ts', import.meta.url));
    worker.onmessage = (event: MessageEvent<Reply>) => listeners.get(event.data.id)?.(event.data);
    // The worker's script could not load or crashed: every pending request fails, and the next one
    // starts a new worker.
    worker.onerror = (event) => {
      event.preventDefault();
      worker?.terminate();
      worker = undefined;
      failAll(`search worker: ${event.message || 'failed to start'}`);
    };
  }
  return worker;
}

/** Sends a request; `onReply` gets its replies until the final one. Returns a cancel function. */
export function send(request: Outgoing, onReply: Listener): () => void {
  const id = nextId++;
  listeners.set(id, (reply) => {
    if (reply.type !== 'loading') listeners.delete(id);
    onReply(reply);
  });
  try {
    getWorker().postMessage({...request, id} as Request);
  } catch (error) {
    listeners.get(id)?.({type: 'failed', id, message: String(error)});
  }
  return () => listeners.delete(id);
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

  useEffect(() => {
    const text = query.trim();
    if (!text) {
      setState((s) => ({index: s.index === 'failed' ? 'idle' : s.index, query: '', hits: []}));
      return undefined;
    }
    return send({type: 'search', baseUrl, query: text, scope: scopeRef.current, limit}, (reply) => {
      if (reply.type === 'loading') setState((s) => ({...s, index: 'loading'}));
      else if (reply.type === 'failed') {
        console.error(reply.message);
        setState({index: 'failed', query: text, hits: []});
      } else if (reply.type === 'result') {
        setState({index: 'done', query: text, hits: reply.hits, retyped: reply.retyped, error: reply.error});
      }
    });
  }, [query, scopeKey, limit, baseUrl, attempt]);

  const warm = useCallback(() => {
    send({type: 'warm', baseUrl, scope: scopeRef.current}, (reply) => {
      if (reply.type === 'loading') setState((s) => (s.index === 'idle' ? {...s, index: 'loading'} : s));
      else if (reply.type === 'ready') setState((s) => (s.index === 'loading' && !s.query ? {...s, index: 'done'} : s));
    });
  }, [baseUrl, scopeKey]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return {state, warm, retry};
}
