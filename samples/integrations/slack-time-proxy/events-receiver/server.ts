// Приёмник Events API для slack-time-proxy на Node.js 20 без зависимостей.
// Проверяет подпись X-Slack-Signature, отвечает на url_verification, отбрасывает повторы
// по event_id и отвечает на упоминание бота в обсуждении через chat.postMessage.
//
// Переменные окружения:
//   PORT                  порт HTTP-сервера, по умолчанию 8080;
//   SLACK_SIGNING_SECRET  то же значение, что PROXY_SIGNING_SECRET у прокси;
//   SLACK_BOT_TOKEN       токен бота Time для ответов;
//   SLACK_API_URL         адрес Web API прокси, например https://time.example.ru/slack/api/.
import {createHmac, timingSafeEqual} from 'node:crypto';
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';

const signingSecret = process.env.SLACK_SIGNING_SECRET ?? '';
const botToken = process.env.SLACK_BOT_TOKEN ?? '';
const apiUrl = (process.env.SLACK_API_URL ?? 'https://time.example.ru/slack/api/').replace(/\/?$/, '/');
const port = Number(process.env.PORT ?? '8080');
const maxSkewSeconds = 300;
const maxBodyBytes = 1024 * 1024;
const mentionRe = /<@[a-z0-9]{26}(\|[^>]*)?>\s*/g;

interface SlackEvent {
  type: string;
  user?: string;
  bot_id?: string;
  channel?: string;
  text?: string;
  ts?: string;
  thread_ts?: string;
}

interface EventPayload {
  type: 'url_verification' | 'event_callback' | string;
  challenge?: string;
  event_id?: string;
  event?: SlackEvent;
}

const seen = new Map<string, number>();

/** Сверяет подпись v0 = HMAC-SHA256(секрет, "v0:<timestamp>:<тело>"). */
function signatureOk(timestamp: string, signature: string, body: Buffer): boolean {
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > maxSkewSeconds) {
    return false;
  }
  const hmac = createHmac('sha256', signingSecret);
  hmac.update(`v0:${timestamp}:`);
  hmac.update(body);
  const expected = Buffer.from(`v0=${hmac.digest('hex')}`);
  const actual = Buffer.from(signature);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** true, если событие с таким event_id пришло впервые за последний час. */
function firstTime(eventId: string): boolean {
  const now = Date.now();
  for (const [id, at] of seen) {
    if (now - at > 3_600_000) seen.delete(id);
  }
  if (seen.has(eventId)) return false;
  seen.set(eventId, now);
  return true;
}

async function slackCall(method: string, args: Record<string, unknown>): Promise<void> {
  const response = await fetch(apiUrl + method, {
    method: 'POST',
    headers: {Authorization: `Bearer ${botToken}`, 'Content-Type': 'application/json; charset=utf-8'},
    body: JSON.stringify(args),
  });
  const data = (await response.json()) as {ok: boolean; error?: string};
  if (!data.ok) throw new Error(`${method}: ${data.error ?? `HTTP ${response.status}`}`);
}

/** Обработка после ответа прокси: здесь можно работать дольше 3 секунд. */
async function handleEvent(event: SlackEvent): Promise<void> {
  if (event.bot_id) return; // сообщения ботов не обрабатываем, чтобы не зациклиться
  if (event.type === 'app_mention' && event.channel && event.ts && event.user) {
    const request = (event.text ?? '').replace(mentionRe, '').trim() || '(пусто)';
    await slackCall('chat.postMessage', {
      channel: event.channel,
      thread_ts: event.thread_ts ?? event.ts,
      text: `<@${event.user}>, принято: ${request}`,
    });
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, data: unknown): void {
  const raw = JSON.stringify(data);
  res.writeHead(status, {'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(raw)});
  res.end(raw);
}

const server = createServer(async (req, res) => {
  if (req.method === 'GET' && req.url === '/healthz') {
    sendJson(res, 200, {status: 'ok'});
    return;
  }
  if (req.method !== 'POST' || req.url !== '/slack/events') {
    sendJson(res, 404, {error: 'not found'});
    return;
  }
  let body: Buffer;
  try {
    body = await readBody(req);
  } catch {
    sendJson(res, 413, {error: 'body too large'});
    return;
  }
  const timestamp = String(req.headers['x-slack-request-timestamp'] ?? '');
  const signature = String(req.headers['x-slack-signature'] ?? '');
  if (!signatureOk(timestamp, signature, body)) {
    sendJson(res, 401, {error: 'invalid signature'});
    return;
  }
  let payload: EventPayload;
  try {
    payload = JSON.parse(body.toString('utf8')) as EventPayload;
  } catch {
    sendJson(res, 400, {error: 'body is not JSON'});
    return;
  }

  if (payload.type === 'url_verification') {
    sendJson(res, 200, {challenge: payload.challenge ?? ''});
    return;
  }

  const retry = req.headers['x-slack-retry-num'];
  if (retry) {
    console.log(`повтор ${String(retry)} (${String(req.headers['x-slack-retry-reason'] ?? '')}) события ${payload.event_id ?? ''}`);
  }
  // Сначала отвечаем 200, затем обрабатываем: прокси ждёт ответа не дольше 3 секунд.
  sendJson(res, 200, {ok: true});
  if (payload.type === 'event_callback' && payload.event && firstTime(payload.event_id ?? '')) {
    handleEvent(payload.event).catch((error: unknown) => {
      console.error('не удалось ответить:', error instanceof Error ? error.message : error);
    });
  }
});

if (!signingSecret || !botToken) {
  console.error('Задайте переменные SLACK_SIGNING_SECRET и SLACK_BOT_TOKEN');
  process.exit(1);
}
server.listen(port, () => {
  console.log(`Приёмник событий слушает порт ${port}, путь /slack/events`);
});
