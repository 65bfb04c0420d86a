/**
 * A bounded load test with wrk (Debian's `wrk`), for `npm run bench`: loopback only, a few seconds
 * per URL, with the Accept-Encoding a browser sends.
 */
import {spawnSync} from 'node:child_process';

export interface LoadResult {
  url: string;
  requestsPerSecond: number;
  p99Ms: number;
  requests: number;
  /** Socket errors and non-2xx/3xx answers. */
  errors: number;
}

const UNIT_MS: Record<string, number> = {us: 0.001, ms: 1, s: 1000, m: 60_000};

/** Reads wrk's `--latency` report. */
export function parseWrk(url: string, output: string): LoadResult {
  const rps = output.match(/Requests\/sec:\s+([\d.]+)/);
  const p99 = output.match(/^\s*99%\s+([\d.]+)(us|ms|s|m)\b/m);
  const total = output.match(/(\d+) requests in/);
  if (!rps || !p99 || !total) throw new Error(`wrk: unexpected output for ${url}:\n${output}`);
  const socket = output.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const non2xx = output.match(/Non-2xx or 3xx responses: (\d+)/);
  const errors = (socket ? socket.slice(1).reduce((s, n) => s + Number(n), 0) : 0) + (non2xx ? Number(non2xx[1]) : 0);
  return {url, requestsPerSecond: Number(rps[1]), p99Ms: Number(p99[1]) * UNIT_MS[p99[2]], requests: Number(total[1]), errors};
}

/** Runs wrk against a loopback URL for `seconds` (2 threads, 32 connections). */
export function runWrk(url: string, seconds: number): LoadResult {
  if (!/^http:\/\/(localhost|127\.0\.0\.1)[:/]/.test(url)) throw new Error(`wrk: only loopback URLs are load-tested, not ${url}`);
  const result = spawnSync('wrk', ['-t2', '-c32', `-d${seconds}s`, '--latency', '-H', 'Accept-Encoding: gzip', url], {encoding: 'utf8'});
  if (result.error) throw new Error('wrk was not found: install it (Debian: apt-get install -y wrk)');
  if (result.status !== 0) throw new Error(`wrk failed for ${url}: ${result.stderr}`);
  return parseWrk(url, result.stdout);
}
