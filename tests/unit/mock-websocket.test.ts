/**
 * The mock's scripted WebSocket session must behave like Time 7.8 on the authentication challenge:
 * a good token gets `OK` with `seq_reply` 1, `hello` and `posted`; a bad one gets no frame at all and the
 * connection is dropped without a close frame (code 1006 on the client), never an error reply or 1008.
 */
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import WebSocket, {WebSocketServer} from 'ws';
import {handleSocket, MOCK_TOKEN, WS_SESSION} from '../../scripts/lib/mock-server';

let server: WebSocketServer;
let url: string;

beforeAll(async () => {
  server = new WebSocketServer({host: '127.0.0.1', port: 0});
  server.on('connection', handleSocket);
  await new Promise((resolve) => server.once('listening', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Sends one frame and collects what comes back until `count` frames arrived or the connection closed. */
function exchange(first: string, count: number) {
  return new Promise<{frames: unknown[]; code: number | undefined}>((resolve, reject) => {
    const ws = new WebSocket(url);
    const frames: unknown[] = [];
    ws.on('open', () => ws.send(first));
    ws.on('message', (data) => {
      frames.push(JSON.parse(String(data)));
      if (frames.length === count) {
        ws.close(1000);
        resolve({frames, code: undefined});
      }
    });
    ws.on('close', (code) => resolve({frames, code}));
    ws.on('error', reject);
  });
}

const challenge = (token: string) => JSON.stringify({seq: 1, action: 'authentication_challenge', data: {token}});

describe('mock WebSocket session', () => {
  it('answers a valid challenge with OK, hello and posted', async () => {
    const {frames} = await exchange(challenge(MOCK_TOKEN), 3);
    expect(frames).toEqual([WS_SESSION.challengeOk, WS_SESSION.hello, WS_SESSION.posted]);
  });

  it.each([
    ['a wrong token', challenge('wrongtoken0000000000000000')],
    ['no token', JSON.stringify({seq: 1, action: 'authentication_challenge', data: {}})],
    ['a frame that is not JSON', 'not json'],
  ])('drops the connection without any reply or close frame on %s', async (_name, first) => {
    const {frames, code} = await exchange(first, 1);
    expect(frames).toEqual([]);
    expect(code).toBe(1006);
  });
});
