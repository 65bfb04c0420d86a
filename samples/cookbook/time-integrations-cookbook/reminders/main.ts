// Планирует новое сообщение в канал через API плагина Reminder и выводит запланированные сообщения команды.
// Запуск: npx tsx main.ts

// Маршруты плагина отсчитываются от корня сервера, а не от /api/v4.
const REMINDER = '/plugins/ru.tinkoff.time.reminder-plugin/v1/reminders';

function env(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`Задайте переменную окружения ${name}`);
    process.exit(1);
  }
  return value;
}

const serverUrl = env('SERVER_URL').replace(/\/+$/, '');
const accessToken = env('ACCESS_TOKEN');
const teamName = env('TEAM_NAME');
const channelName = env('CHANNEL_NAME');

interface Channel {
  id: string;
  team_id: string;
}

// Запрос к серверу; ответ без тела — undefined. При ответе не 2xx печатает ошибку сервера и завершает программу.
async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${serverUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${accessToken}`,
      'Content-Type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    console.error(`Ошибка ${method} ${path}: HTTP ${response.status}: ${text}`);
    process.exit(1);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

function channelByName(): Promise<Channel> {
  return api<Channel>(
    'GET',
    `/api/v4/teams/name/${encodeURIComponent(teamName)}/channels/name/${encodeURIComponent(channelName)}`,
  );
}

// Ответ ReminderListNewPost.
interface NewPostList {
  ok: boolean;
  data: {id: string; channel_id: string; message: string; scheduled_at: string}[];
}

async function printNewPosts(teamId: string): Promise<void> {
  const listed = await api<NewPostList>('GET', `${REMINDER}/new-post/list?team_id=${encodeURIComponent(teamId)}`);
  console.log(`Запланированных сообщений в команде: ${listed.data.length}`);
  for (const item of listed.data) {
    console.log(`- ${item.id}: ${item.scheduled_at}, канал ${item.channel_id}, «${item.message}»`);
  }
}

async function main(): Promise<void> {
  const remindAt = env('REMIND_AT');
  const message = env('REMIND_MESSAGE');
  // Повтор: все четыре поля обязательны в запросе; значения по умолчанию рассчитаны на одну отправку.
  const days = process.env.REMIND_DAY_OF_WEEK ?? '';
  const repeats = Number(process.env.REMIND_REPEATS || '0');
  if (!Number.isInteger(repeats)) {
    console.error(`REMIND_REPEATS должно быть целым числом: ${process.env.REMIND_REPEATS}`);
    process.exit(1);
  }

  // 1. Канал и его команда: плагину нужны оба идентификатора.
  const channel = await channelByName();
  console.log(`Канал ${channelName}: channel_id=${channel.id}, team_id=${channel.team_id}`);

  // 2. Новое сообщение, запланированное на REMIND_AT.
  const result = await api<{status: string}>('POST', `${REMINDER}/new-post/create`, {
    team_id: channel.team_id,
    channel_id: channel.id,
    message,
    file_ids: [],
    scheduled_at: remindAt,
    day_of_week: days ? days.split(',') : [],
    every: process.env.REMIND_EVERY ?? '',
    repeats,
    till: process.env.REMIND_TILL || remindAt,
    root_id: '',
  });
  console.log(`Запланировано: status=${result.status}`);

  // 3. Запланированные сообщения в команде; id нужен, чтобы отменить отправку.
  await printNewPosts(channel.team_id);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

export {};
