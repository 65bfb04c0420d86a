/**
 * A mock of the Time server for the code samples: one loopback address that answers
 * - REST requests (`/api/v4/...` and the plugin routes) from Stoplight Prism, generated from our bundled v4 spec
 *   (static mode: the first example of each documented response; requests are validated, so an
 *   undocumented path gets 404 and a body the spec rejects gets 422);
 * - `/api/v4/websocket` with a scripted WebSocket session (authentication challenge, `hello`, one
 *   `posted` event), because Prism does not speak WebSocket;
 * - `POST /api/v4/posts` is first held to the rules real Time servers follow and a schema cannot
 *   express ({@link postRuleViolation}); a body that breaks them gets 400 without reaching Prism.
 * Used by the sample tests and by `npm run mock` for writers checking a sample by hand.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import {WebSocketServer, type WebSocket} from 'ws';
import {freePort} from './port';

const root = path.resolve(__dirname, '../..');
export const SPEC_V4 = path.join(root, 'static/openapi/v4.yaml');
/** The token the samples send in tests; the WebSocket mock accepts only this one. */
export const MOCK_TOKEN = 'xxxxxxxxxxxxxxxxxxxxxxxxxx';

const CHANNEL_ID = '4xp9bn1ctfgo8rjw6e3kd7hzsa';
const TEAM_ID = '8zc5rxh1ftg3bm9wk7pqnd2ye4';

/** The frames of the scripted WebSocket session, in order (see docs/api/cookbook/websockets.md). */
export const WS_SESSION = {
  challengeOk: {status: 'OK', seq_reply: 1},
  hello: {
    event: 'hello',
    data: {connection_id: 'c0nn3ct10n1d000000000000000', server_version: '7.8.0.7.8.0.9f3c1e7a2b4d6f8091a3c5e7f9b1d3e5.true'},
    broadcast: {omit_users: null, user_id: '9k3pqxh7zbfc1rtm4wne8dgy6a', channel_id: '', team_id: ''},
    seq: 0,
  },
  posted: {
    event: 'posted',
    data: {
      channel_display_name: 'Town Square',
      channel_name: 'town-square',
      channel_type: 'O',
      post: JSON.stringify({
        id: 'p0st1d0000000000000000000a',
        create_at: 1763712000000,
        user_id: 'u5er1d0000000000000000000a',
        channel_id: CHANNEL_ID,
        message: 'Сборка 1432 прошла',
        type: '',
      }),
      sender_name: '@ivan.petrov',
      team_id: TEAM_ID,
    },
    broadcast: {omit_users: null, user_id: '', channel_id: CHANNEL_ID, team_id: ''},
    seq: 1,
  },
} as const;

/** What `peer` accepts on Time: `@username`, `U:<user_id>` or a channel id. */
export const PEER = /^(?:@[a-z0-9._-]+|U:[a-z0-9]{26}|[a-z0-9]{26})$/;
/** The only idempotency key Time 7.8 deduplicates by: `<current user id>:<Unix time in ms>`. */
export const IDEMPOTENCY_KEY = /^([a-z0-9]{26}):(\d{13})$/;
const MAX_FILES_PER_POST = 5;
/** How far the key's timestamp may be from the mock's clock: it is taken when the message is sent. */
const KEY_CLOCK_SKEW_MS = 10 * 60_000;

/**
 * Why Time would not treat this CreatePost body as the sample intends, or undefined if it would.
 * `currentUserId` is the id of the user the request's token belongs to (what `/users/me` returns).
 */
export function postRuleViolation(body: unknown, currentUserId: string, now = Date.now()): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const post = body as Record<string, unknown>;
  if (post.peer !== undefined && (typeof post.peer !== 'string' || !PEER.test(post.peer))) {
    return `peer ${JSON.stringify(post.peer)} is none of @username, U:<user_id>, a channel id (Time has no ~channel form)`;
  }
  if (Array.isArray(post.file_ids) && post.file_ids.length > MAX_FILES_PER_POST) {
    return `${post.file_ids.length} file_ids: Time takes at most ${MAX_FILES_PER_POST} files per post`;
  }
  const key = post.idempotency_key;
  if (key === undefined || key === '') return undefined;
  const match = typeof key === 'string' ? IDEMPOTENCY_KEY.exec(key) : null;
  if (!match) return `idempotency_key ${JSON.stringify(key)} is not <current user id>:<ms timestamp>, so Time would not deduplicate with it`;
  if (match[1] !== currentUserId) return `idempotency_key ${key} starts with ${match[1]}, not the current user's id ${currentUserId}`;
  if (Math.abs(Number(match[2]) - now) > KEY_CLOCK_SKEW_MS) return `idempotency_key ${key}: the timestamp is not the time of sending`;
  if (typeof post.pending_post_id === 'string' && post.pending_post_id !== '') {
    return 'pending_post_id sent with idempotency_key: it can switch deduplication off';
  }
  return undefined;
}

export interface MockServer {
  /** `http://127.0.0.1:<port>`: what the samples get as SERVER_URL. */
  url: string;
  /** Requests answered with an error status (method, path, status, and why when the mock itself refused), for test messages. */
  rejected: {method: string; path: string; status: number; reason?: string}[];
  close(): Promise<void>;
}

/**
 * Plays the scripted session on one connection. A challenge the server cannot accept gets no reply at
 * all: Time 7.8 drops the TCP connection without a close frame (gorilla's Conn.Close), so the client
 * sees an abnormal closure (1006) and never an error frame or code 1008. A frame that is not JSON ends
 * the connection the same way on the real server; other first frames are outside the script and are
 * treated alike.
 */
export function handleSocket(socket: WebSocket): void {
  const timer = setTimeout(() => socket.close(1000), 5000);
  socket.on('close', () => clearTimeout(timer));
  socket.once('message', (raw) => {
    let frame: {seq?: unknown; action?: unknown; data?: {token?: unknown}} = {};
    try {
      frame = JSON.parse(String(raw));
    } catch {
      // handled as a failed challenge below
    }
    if (frame.seq !== 1 || frame.action !== 'authentication_challenge' || frame.data?.token !== MOCK_TOKEN) {
      socket.terminate();
      return;
    }
    for (const message of [WS_SESSION.challengeOk, WS_SESSION.hello, WS_SESSION.posted]) socket.send(JSON.stringify(message));
  });
}

function startPrism(spec: string, port: number): Promise<ChildProcess> {
  const bin = path.join(root, 'node_modules/.bin/prism');
  const child = spawn(bin, ['mock', '--host', '127.0.0.1', '--port', String(port), '--errors', spec], {
    cwd: root,
    env: {...process.env, SCARF_ANALYTICS: 'false'},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`Prism did not start within 60 s:\n${log}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (/Prism is listening/.test(log)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited with code ${code}:\n${log}`));
    });
  });
}

/** Starts the mock; `port` 0 picks a free one. */
export async function startMockServer(port = 0, spec = SPEC_V4): Promise<MockServer> {
  if (!fs.existsSync(spec)) throw new Error(`${path.relative(root, spec)} is missing: run \`npm run build\` (or \`npx tsx scripts/prepare-api.ts\`) first`);
  const prismPort = await freePort();
  const prism = await startPrism(spec, prismPort);
  const rejected: MockServer['rejected'] = [];

  /** Forwards a request to Prism; `body` replaces the request stream when it has been read already. */
  const forward = (req: http.IncomingMessage, res: http.ServerResponse, body?: Buffer) => {
    // The spec's paths are the server's own (/api/v4/…, /plugins/…, /hooks/…), so Prism gets the URL as it came.
    const url = req.url ?? '/';
    const upstream = http.request({host: '127.0.0.1', port: prismPort, path: url, method: req.method, headers: req.headers}, (answer) => {
      const status = answer.statusCode ?? 502;
      if (status >= 400) rejected.push({method: req.method ?? '', path: url, status});
      res.writeHead(status, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', (error) => {
      res.writeHead(502, {'content-type': 'text/plain'});
      res.end(`mock: ${error.message}`);
    });
    if (body) upstream.end(body);
    else req.pipe(upstream);
  };

  /** The id of the user a token belongs to, as Prism's `/users/me` answers it. */
  const currentUserId = (authorization: string | undefined) =>
    new Promise<string>((resolve) => {
      const headers = authorization ? {authorization} : {};
      http
        .get({host: '127.0.0.1', port: prismPort, path: '/api/v4/users/me', headers}, (answer) => {
          let text = '';
          answer.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          answer.on('end', () => {
            try {
              resolve(String((JSON.parse(text) as {id?: unknown}).id ?? ''));
            } catch {
              resolve('');
            }
          });
        })
        .on('error', () => resolve(''));
    });

  const checkPost = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      // Not JSON: Prism's request validation answers it.
      forward(req, res, body);
      return;
    }
    const reason = postRuleViolation(parsed, await currentUserId(req.headers.authorization));
    if (!reason) {
      forward(req, res, body);
      return;
    }
    rejected.push({method: 'POST', path: req.url ?? '', status: 400, reason});
    res.writeHead(400, {'content-type': 'application/json'});
    res.end(JSON.stringify({id: 'api.context.invalid_body_param.app_error', message: `mock: ${reason}`, status_code: 400}));
  };

  const server = http.createServer((req, res) => {
    if (req.method === 'POST' && new URL(req.url ?? '/', 'http://mock').pathname === '/api/v4/posts') {
      checkPost(req, res).catch((error: unknown) => {
        res.writeHead(502, {'content-type': 'text/plain'});
        res.end(`mock: ${error instanceof Error ? error.message : String(error)}`);
      });
      return;
    }
    forward(req, res);
  });
  const sockets = new WebSocketServer({noServer: true});
  sockets.on('connection', handleSocket);
  server.on('upgrade', (req, socket, head) => {
    if (new URL(req.url ?? '/', 'http://mock').pathname !== '/api/v4/websocket') {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => sockets.emit('connection', ws, req));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const {port: actual} = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${actual}`,
    rejected,
    async close() {
      for (const client of sockets.clients) client.terminate();
      await new Promise((resolve) => sockets.close(resolve));
      await new Promise((resolve) => server.close(resolve));
      prism.kill();
    },
  };
}

if (require.main === module) {
  const port = Number(process.env.PORT ?? 4010);
  startMockServer(port).then(
    (mock) => console.log(`Mock Time server at ${mock.url} (REST from static/openapi/v4.yaml, WebSocket at /api/v4/websocket); token ${MOCK_TOKEN}`),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
