// Слушатель событий Time по WebSocket: аутентификация, hello, события posted, переподключение
// с экспоненциальной задержкой и догрузка пропущенных сообщений через REST API.
// Запуск: npm install ws && npx tsx main.ts (Node.js 20+).
import WebSocket from 'ws';
import type {IncomingMessage} from 'node:http';

interface ServerFrame {
  // Событие сервера
  event?: string;
  data?: Record<string, unknown>;
  seq?: number;
  // Ответ на действие клиента
  status?: string;
  seq_reply?: number;
  error?: {id: string; message: string};
}

interface Post {
  id: string;
  create_at: number;
  channel_id: string;
  message: string;
}

interface PostList {
  order: string[];
  posts: Record<string, Post>;
}

type SessionResult = 'done' | 'lost' | 'lost-after-hello';

class FatalError extends Error {}

function env(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`Не задана переменная окружения ${name}`);
    process.exit(1);
  }
  return value;
}

const SERVER_URL = env('SERVER_URL').replace(/\/+$/, '');
const ACCESS_TOKEN = env('ACCESS_TOKEN');
// Сколько событий posted обработать до выхода; 0 — слушать, пока программу не остановят.
const MAX_POSTS = Number(process.env.MAX_POSTS ?? '1');
const WS_URL = `${SERVER_URL.replace(/^http/, 'ws')}/api/v4/websocket`;
const READ_TIMEOUT_MS = 120_000; // ни данных, ни ping за это время — соединение считаем потерянным
const MAX_BACKOFF_S = 60;
const NOT_AUTHENTICATED =
  'Сервер закрыл соединение, не подтвердив аутентификацию: токен неверен, отозван или принадлежит отключённому пользователю';

let handled = 0;
// Канал → время create_at последнего полученного сообщения: с него догружаем пропущенное.
const lastSeen = new Map<string, number>();

function text(data: WebSocket.RawData | string): string {
  if (typeof data === 'string') return data;
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

// Догружает через REST сообщения, пришедшие, пока соединения не было: GET /channels/{id}/posts?since=…
async function catchUp(): Promise<void> {
  for (const [channelId, since] of lastSeen) {
    const response = await fetch(`${SERVER_URL}/api/v4/channels/${channelId}/posts?since=${since}`, {
      headers: {Authorization: `Bearer ${ACCESS_TOKEN}`, Accept: 'application/json'},
    });
    if (!response.ok) {
      console.error(`Не удалось догрузить канал ${channelId}: HTTP ${response.status} ${await response.text()}`);
      continue;
    }
    const list = (await response.json()) as PostList;
    for (const id of [...list.order].reverse()) {
      const post = list.posts[id];
      if (!post || post.create_at <= since) continue;
      console.log(`Пропущенное сообщение в канале ${channelId}: ${post.message} (id=${post.id})`);
      lastSeen.set(channelId, Math.max(lastSeen.get(channelId) ?? 0, post.create_at));
    }
  }
}

function session(reconnect: boolean): Promise<SessionResult> {
  return new Promise<SessionResult>((resolve, reject) => {
    const ws = new WebSocket(WS_URL, {handshakeTimeout: 15_000});
    let helloReceived = false;
    let authenticated = false;
    let opened = false;
    let expectedSeq = 0;
    let finished = false;
    let timer: NodeJS.Timeout | undefined;

    const finish = (result: SessionResult | FatalError) => {
      if (finished) return;
      finished = true;
      if (timer) clearTimeout(timer);
      if (result instanceof FatalError) reject(result);
      else resolve(result);
    };
    const armTimer = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        console.error('Нет данных от сервера слишком долго, переподключаемся');
        ws.terminate();
      }, READ_TIMEOUT_MS);
    };

    ws.on('upgrade', (response: IncomingMessage) => {
      console.log(`Рукопожатие WebSocket: HTTP ${response.statusCode}`);
    });
    ws.on('unexpected-response', (_request, response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => {
        const message = `Сервер отклонил подключение: HTTP ${status} ${body}`;
        // 4xx (кроме 429) не исправится повтором — выходим; 5xx и 429 — переподключаемся.
        if (status >= 400 && status < 500 && status !== 429) finish(new FatalError(message));
        else {
          console.error(message);
          finish('lost');
        }
      });
    });
    ws.on('open', () => {
      opened = true;
      armTimer();
      // Первый кадр — запрос аутентификации с токеном; seq растёт с каждым действием клиента.
      ws.send(JSON.stringify({seq: 1, action: 'authentication_challenge', data: {token: ACCESS_TOKEN}}));
    });
    ws.on('ping', armTimer);
    ws.on('message', (data: WebSocket.RawData) => {
      armTimer();
      const frame = JSON.parse(text(data)) as ServerFrame;

      if (frame.seq_reply !== undefined) {
        if (frame.seq_reply === 1 && frame.status === 'OK') {
          authenticated = true;
          console.log(`Аутентификация пройдена: seq_reply=${frame.seq_reply}`);
        } else if (frame.status !== 'OK') {
          finish(new FatalError(`Ошибка в ответе на seq=${frame.seq_reply}: ${frame.error?.id} ${frame.error?.message}`));
          ws.close();
        }
        return;
      }

      // События нумеруются с нуля (hello) и идут подряд; пропуск номера — потерянные события.
      if (frame.seq !== undefined) {
        if (frame.seq !== expectedSeq) {
          console.error(`Пропущены события: ожидался seq=${expectedSeq}, пришёл ${frame.seq}`);
          void catchUp();
        }
        expectedSeq = frame.seq + 1;
      }

      if (frame.event === 'hello') {
        helloReceived = true;
        // server_version reads "<release>.<build number>.<client config hash>.<enterprise build>": the first three parts are the release.
        const release = String(frame.data?.server_version ?? '').split('.').slice(0, 3).join('.');
        console.log(`Подключено к Time ${release}, соединение ${String(frame.data?.connection_id)}`);
        if (reconnect) void catchUp();
        return;
      }

      if (frame.event === 'posted' && frame.data) {
        // data.post — это строка JSON, её нужно разобрать ещё раз.
        const post = JSON.parse(String(frame.data.post)) as Post;
        lastSeen.set(post.channel_id, Math.max(lastSeen.get(post.channel_id) ?? 0, post.create_at));
        console.log(`Новое сообщение в ${String(frame.data.channel_name)} от ${String(frame.data.sender_name)}: ${post.message} (id=${post.id})`);
        handled += 1;
        if (MAX_POSTS > 0 && handled >= MAX_POSTS) {
          console.log(`Обработано сообщений: ${handled}, соединение закрыто`);
          finished = true;
          if (timer) clearTimeout(timer);
          ws.close(1000);
          // Если сервер не ответит на закрытие, разорвать соединение через 2 секунды.
          setTimeout(() => ws.terminate(), 2_000).unref();
          resolve('done');
        }
      }
    });
    ws.on('close', () => {
      // На неверный токен сервер не отвечает ошибкой, а молча разрывает соединение.
      // Разрыв до ответа OK на seq=1 означает отказ, и повтор его не исправит.
      if (opened && !authenticated) finish(new FatalError(NOT_AUTHENTICATED));
      else finish(helloReceived ? 'lost-after-hello' : 'lost');
    });
    ws.on('error', (error: Error) => {
      console.error(`Ошибка соединения: ${error.message}`);
    });
  });
}

async function main(): Promise<void> {
  let attempt = 0;
  for (let number = 0; ; number++) {
    const result = await session(number > 0);
    if (result === 'done') return;
    // После удачного подключения задержка начинается заново.
    attempt = result === 'lost-after-hello' ? 0 : attempt + 1;
    // Экспоненциальная задержка 1, 2, 4 … 60 секунд со случайной добавкой до 1 секунды.
    const delay = Math.min(MAX_BACKOFF_S, 2 ** attempt) * 1000 + Math.floor(Math.random() * 1000);
    console.error(`Соединение потеряно, переподключение через ${(delay / 1000).toFixed(1)} с`);
    await new Promise((resume) => setTimeout(resume, delay));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
