/**
 * The page's side of the search worker keeps search usable when one query runs away: past
 * SEARCH_TIMEOUT_MS from the start of its search the worker is terminated and replaced, the query
 * is answered `timeout`, and the next queries go to the new worker.
 */
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {SEARCH_TIMEOUT_MS} from '../../src/search/limits';
import type {Reply, Request} from '../../src/search/client/protocol';

vi.mock('@docusaurus/useDocusaurusContext', () => ({default: () => ({siteConfig: {baseUrl: '/'}})}));

/**
 * A stand-in worker: like the real one it handles one search at a time; `hang` starts searching
 * and never ends (so what comes after it is never handled), `slow excerpts` is searched at once
 * and answered after twice the time budget (its excerpts come over a slow network), anything else
 * is answered at once.
 */
class FakeWorker {
  static created: FakeWorker[] = [];
  onmessage: ((event: MessageEvent<Reply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  received: Request[] = [];
  constructor() {
    FakeWorker.created.push(this);
  }
  busy = false;
  postMessage(request: Request) {
    this.received.push(request);
    if (this.busy) return;
    const reply = (data: Reply) => queueMicrotask(() => !this.terminated && this.onmessage?.({data} as MessageEvent<Reply>));
    reply({type: 'searching', id: request.id});
    if (request.type === 'search' && request.query === 'hang') {
      this.busy = true;
      return;
    }
    if (request.type === 'search' && request.query === 'slow excerpts') {
      reply({type: 'excerpts', id: request.id});
      setTimeout(() => reply({type: 'result', id: request.id, hits: []}), SEARCH_TIMEOUT_MS * 2);
      return;
    }
    reply({type: 'result', id: request.id, hits: []});
  }
  terminate() {
    this.terminated = true;
  }
}

describe('search worker time budget', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', FakeWorker);
  });
  afterEach(() => vi.useRealTimers());

  it('answers a runaway search with timeout, replaces the worker, and serves the next query', async () => {
    const {send} = await import('../../src/search/client/client');
    const search = (query: string) => ({type: 'search' as const, baseUrl: '/', query, scope: {}, limit: 10});
    const hung: Reply[] = [];
    send(search('hang'), (reply) => hung.push(reply));
    // A query sent while the worker is stuck waits behind it, and is asked again of the new worker.
    const queued: Reply[] = [];
    send(search('docker'), (reply) => queued.push(reply));
    await vi.advanceTimersByTimeAsync(SEARCH_TIMEOUT_MS - 100);
    expect(hung).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(hung.map((r) => r.type)).toEqual(['timeout']);
    expect(FakeWorker.created).toHaveLength(2);
    expect(FakeWorker.created[0].terminated).toBe(true);
    expect(queued.map((r) => r.type)).toEqual(['result']);

    const next: Reply[] = [];
    send(search('kubernetes'), (reply) => next.push(reply));
    await vi.advanceTimersByTimeAsync(0);
    expect(next.map((r) => r.type)).toEqual(['result']);
    expect(FakeWorker.created).toHaveLength(2);
  });

  it('does not time out a search that is done and waits for its excerpts', async () => {
    const {send} = await import('../../src/search/client/client');
    const workers = FakeWorker.created.length;
    const replies: Reply[] = [];
    send({type: 'search', baseUrl: '/', query: 'slow excerpts', scope: {}, limit: 10}, (reply) => replies.push(reply));
    await vi.advanceTimersByTimeAsync(SEARCH_TIMEOUT_MS * 2 + 100);
    expect(replies.map((r) => r.type)).toEqual(['result']);
    expect(FakeWorker.created).toHaveLength(workers);
    expect(FakeWorker.created.at(-1)!.terminated).toBe(false);
  });
});
