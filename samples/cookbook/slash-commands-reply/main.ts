// Выполняет slash-команду в канале так, как если бы пользователь ввёл её сам, и печатает ответ сервиса.
// Запуск: npx tsx main.ts

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
const commandLine = env('COMMAND_LINE');

interface Channel {
  id: string;
  name: string;
  team_id: string;
}

interface CommandResponse {
  response_type?: 'ephemeral' | 'in_channel' | '';
  text?: string;
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

async function main(): Promise<void> {
  // 1. Канал, в котором выполняется slash-команда.
  const channel = await api<Channel>(
    'GET',
    `/teams/name/${encodeURIComponent(teamName)}/channels/name/${encodeURIComponent(channelName)}`,
  );
  console.log(`Канал ${channel.name}: id=${channel.id}`);

  // 2. Выполнение: сервер Time вызывает сервис slash-команды и возвращает его ответ.
  const result = await api<CommandResponse>('POST', '/commands/execute', {
    channel_id: channel.id,
    team_id: channel.team_id,
    command: commandLine,
  });
  console.log(`Выполнена slash-команда: ${commandLine}`);
  console.log(`Тип ответа: ${result.response_type || 'ephemeral'}`);
  console.log(`Текст ответа: ${result.text ?? ''}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

export {};
