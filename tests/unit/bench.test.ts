import {describe, expect, it} from 'vitest';
import {parseWrk, runWrk} from '../../scripts/lib/wrk';

const report = `Running 8s test @ http://localhost:4180/x
  2 threads and 32 connections
  Latency Distribution
     50%    1.10ms
     75%    1.40ms
     90%    1.80ms
     99%  812.00us
  215000 requests in 8.00s, 3.10GB read
Requests/sec:  26875.50
Transfer/sec:    396.00MB
`;

describe('load test report (wrk)', () => {
  it('reads requests per second, p99 in milliseconds and the request count', () => {
    expect(parseWrk('u', report)).toEqual({url: 'u', requestsPerSecond: 26875.5, p99Ms: 0.812, requests: 215000, errors: 0});
  });

  it('counts socket errors and error statuses', () => {
    const failing = report.replace('Requests/sec', '  Socket errors: connect 1, read 2, write 0, timeout 3\n  Non-2xx or 3xx responses: 4\nRequests/sec');
    expect(parseWrk('u', failing).errors).toBe(10);
  });

  it('refuses output it does not understand, and URLs off this machine', () => {
    expect(() => parseWrk('u', 'unable to connect')).toThrow(/unexpected output/);
    expect(() => runWrk('http://example.com/', 1)).toThrow(/only loopback/);
  });
});
