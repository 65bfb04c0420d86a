/**
 * A stand-in for a reader's Time server, for the try-it tests: https on 127.0.0.1 with a self-signed
 * certificate made for the run. Under /cors/ it allows the portal's origin the way a Time
 * server with ServiceSettings.AllowCorsFrom set does; under /nocors/ it sends no CORS headers.
 */
import fs from 'node:fs';
import https from 'node:https';
import type {AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {selfSignedCertificate} from '../support/checkers';

/** What the e2e nginx allows in TRY_IT_ORIGINS (playwright.config.ts): a stub on any port of 127.0.0.1. */
export const STUB_ORIGINS = 'https://127.0.0.1:*';
export const STUB_USER = {id: 'stubuser0000000000000000001', username: 'stub.reader'};

export interface TimeStub {
  /** A free port, chosen at start: each test worker has its own stub. */
  port: number;
  /** Request lines received (`GET /cors/api/v4/users/…`), preflights included. */
  requests: string[];
  close(): Promise<void>;
}

export async function startTimeStub(): Promise<TimeStub> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'time-stub-'));
  const {key, cert} = selfSignedCertificate(dir, '127.0.0.1');
  const requests: string[] = [];
  const server = https.createServer({key: fs.readFileSync(key), cert: fs.readFileSync(cert)}, (req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (req.url?.startsWith('/cors/')) {
      res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    res.writeHead(200, {'Content-Type': 'application/json'}).end(JSON.stringify(STUB_USER));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(dir, {recursive: true, force: true});
      }),
  };
}
