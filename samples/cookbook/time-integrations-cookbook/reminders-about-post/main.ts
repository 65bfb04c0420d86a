// Создаёт напоминание о существующем сообщении через API плагина Reminder и выводит напоминания команды.
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

// Ответ ReminderListExistsPost.
interface ExistsPostList {
  ok: boolean;
  data: {id: string; post_id: string; note?: string; scheduled_at: string}[];
}

async function main(): Promise<void> {
  const postId = env('POST_ID');
  const remindAt = env('REMIND_AT');
  const note = process.env.REMIND_NOTE ?? '';
  const rootId = process.env.ROOT_ID ?? '';

  // 1. Канал сообщения и его команда.
  const channel = await channelByName();

  // 2. Напоминание о сообщении POST_ID; note и root_id необязательны.
  const result = await api<{status: string}>('POST', `${REMINDER}/exists-post/create`, {
    team_id: channel.team_id,
    channel_id: channel.id,
    post_id: postId,
    scheduled_at: remindAt,
    ...(note ? {note} : {}),
    ...(rootId ? {root_id: rootId} : {}),
  });
  console.log(`Напоминание о сообщении ${postId} на ${remindAt}: status=${result.status}`);

  // 3. Напоминания о сообщениях в команде.
  const listed = await api<ExistsPostList>(
    'GET',
    `${REMINDER}/exists-post/list?team_id=${encodeURIComponent(channel.team_id)}`,
  );
  console.log(`Напоминаний о сообщениях в команде: ${listed.data.length}`);
  for (const item of listed.data) {
    console.log(`- ${item.id}: ${item.scheduled_at}, сообщение ${item.post_id}, «${item.note ?? ''}»`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

export {};
