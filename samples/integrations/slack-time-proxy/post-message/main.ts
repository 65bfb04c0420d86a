// Бот на Node.js вызывает методы Slack Web API через slack-time-proxy обычным fetch.
// Нужны переменные окружения SLACK_API_URL, SLACK_BOT_TOKEN (токен бота Time) и SLACK_CHANNEL.
import {setTimeout as sleep} from 'node:timers/promises';

interface SlackResponse {
  ok: boolean;
  error?: string;
  response_metadata?: {next_cursor?: string; messages?: string[]; warnings?: string[]};
}

interface AuthTestResponse extends SlackResponse {
  user: string;
  user_id: string;
  team: string;
  team_id: string;
}

interface PostMessageResponse extends SlackResponse {
  channel: string;
  ts: string;
}

interface PermalinkResponse extends SlackResponse {
  permalink: string;
}

const apiUrl = (process.env.SLACK_API_URL ?? 'https://time.example.ru/slack/api/').replace(/\/?$/, '/');
const token = process.env.SLACK_BOT_TOKEN ?? '';
const channel = process.env.SLACK_CHANNEL ?? '';

/** Вызывает метод Slack Web API; при 429 ждёт Retry-After секунд, не больше трёх повторов. */
async function call<T extends SlackResponse>(method: string, args: Record<string, unknown>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(apiUrl + method, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json; charset=utf-8',
      },
      body: JSON.stringify(args),
    });
    if (response.status === 429 && attempt < 3) {
      const wait = Number(response.headers.get('Retry-After') ?? '1');
      await sleep(Math.max(wait, 1) * 1000);
      continue;
    }
    const text = await response.text();
    let data: T;
    try {
      data = JSON.parse(text) as T;
    } catch {
      throw new Error(`${method}: HTTP ${response.status}, ответ не JSON: ${text.slice(0, 200)}`);
    }
    if (!data.ok) {
      const details = JSON.stringify(data.response_metadata ?? {});
      throw new Error(`${method}: ${data.error ?? 'unknown_error'} ${details}`);
    }
    return data;
  }
}

async function main(): Promise<void> {
  if (!token || !channel) {
    throw new Error('Задайте переменные SLACK_BOT_TOKEN и SLACK_CHANNEL');
  }

  const auth = await call<AuthTestResponse>('auth.test', {});
  console.log(`Бот: ${auth.user} (id=${auth.user_id}), команда: ${auth.team}`);

  const root = await call<PostMessageResponse>('chat.postMessage', {
    channel,
    text: 'Сборка *1452* прошла успешно, ветка `main`',
  });
  console.log(`Сообщение отправлено: ts=${root.ts}, канал=${root.channel}`);

  const reply = await call<PostMessageResponse>('chat.postMessage', {
    channel,
    thread_ts: root.ts,
    text: 'Тесты: 412 из 412, длительность 4 мин 12 с',
  });
  console.log(`Ответ в обсуждении: ts=${reply.ts}`);

  await call<SlackResponse>('reactions.add', {channel, timestamp: root.ts, name: 'white_check_mark'});
  console.log('Реакция поставлена: white_check_mark');

  const link = await call<PermalinkResponse>('chat.getPermalink', {channel, message_ts: root.ts});
  console.log(`Ссылка на сообщение: ${link.permalink}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
