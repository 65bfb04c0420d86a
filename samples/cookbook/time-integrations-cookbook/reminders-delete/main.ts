// Отменяет запланированное сообщение плагина Reminder и выводит оставшиеся сообщения команды.
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
  const reminderId = env('REMINDER_ID');

  // 1. Команда канала: список запланированных сообщений читается по team_id.
  const channel = await channelByName();

  // 2. Отмена: сервер отвечает 200 без тела.
  await api<undefined>('POST', `${REMINDER}/new-post/delete`, {reminder_id: reminderId});
  console.log(`Отменено: reminder_id=${reminderId}`);

  // 3. Что осталось в команде.
  await printNewPosts(channel.team_id);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

export {};
