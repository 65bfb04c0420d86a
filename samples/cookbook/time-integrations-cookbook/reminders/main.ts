// Планирует повторяющееся сообщение в канал через API плагина Reminder и выводит свои напоминания.
// Запуск: npx tsx main.ts

const RM = '/plugins/reminder/api/v1';

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
const remindAt = env('REMIND_AT');
const remindMessage = env('REMIND_MESSAGE');
const remindDays = process.env.REMIND_DAYS ?? '';

interface Channel {
  id: string;
  name: string;
}

interface Reminder {
  id: string;
  number: number;
  status: string;
  next_at: number | null;
  schedule: {at: number; timezone?: string; days?: string[] | null};
}

// Запрос к REST API v4. При ответе не 2xx печатает ошибку сервера и завершает программу.
async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${serverUrl}/api/v4${path}`, {
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
  return JSON.parse(text) as T;
}

function isoUtc(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

async function main(): Promise<void> {
  // 1. Канал, в который будет публиковаться сообщение.
  const channel = await api<Channel>(
    'GET',
    `/teams/name/${encodeURIComponent(teamName)}/channels/name/${encodeURIComponent(channelName)}`,
  );
  console.log(`Канал ${channel.name}: id=${channel.id}`);

  // 2. Запланированное сообщение: первая отправка в REMIND_AT, затем по дням недели в то же время.
  if (!/(Z|[+-]\d{2}:\d{2})$/.test(remindAt) || Number.isNaN(Date.parse(remindAt))) {
    console.error('REMIND_AT должен быть в формате ISO 8601 с часовым поясом, например 2026-12-07T09:50:00+03:00');
    process.exit(1);
  }
  const schedule: {at: number; days?: string[]} = {at: Math.floor(Date.parse(remindAt) / 1000) * 1000};
  if (remindDays) {
    schedule.days = remindDays.split(',');
  }
  const reminder = await api<Reminder>('POST', `${RM}/reminders`, {
    target: 'channel',
    target_channel_id: channel.id,
    message: remindMessage,
    schedule,
  });
  const days = reminder.schedule.days ?? [];
  console.log(`Напоминание №${reminder.number} создано: id=${reminder.id}, статус ${reminder.status}`);
  console.log(
    `Расписание: дни ${days.length > 0 ? days.join(',') : 'однократно'}, часовой пояс ${reminder.schedule.timezone ?? ''}`,
  );
  console.log(`Ближайшая отправка: ${reminder.next_at === null ? 'нет' : isoUtc(reminder.next_at)}`);

  // 3. Свои действующие напоминания и запланированные сообщения.
  const active = await api<Reminder[]>('GET', `${RM}/reminders?status=active`);
  console.log(`Действующих напоминаний: ${active.length}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

export {};
