// Регистрирует slash-команду в команде Time и печатает её токен.
// Переменные окружения: SERVER_URL, ACCESS_TOKEN, TEAM_NAME, COMMAND_TRIGGER, COMMAND_URL.

interface Team {
  id: string;
  name: string;
  display_name: string;
}

interface Command {
  id: string;
  token: string;
  trigger: string;
  method: 'P' | 'G';
  url: string;
  auto_complete: boolean;
}

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
const commandTrigger = env('COMMAND_TRIGGER');
const commandUrl = env('COMMAND_URL');

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${accessToken}`,
    Accept: 'application/json',
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${serverUrl}/api/v4${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    console.error(`${method} ${path}: HTTP ${response.status}: ${text}`);
    process.exit(1);
  }
  return JSON.parse(text) as T;
}

async function main(): Promise<void> {
  // 1. Идентификатор команды Time по её имени из адреса.
  const team = await api<Team>('GET', `/teams/name/${encodeURIComponent(teamName)}`);
  console.log(`Команда Time «${team.display_name}» (${team.name}): id=${team.id}`);

  // 2. Регистрация: обязательные team_id, trigger, method, url и поля подсказки.
  const command = await api<Command>('POST', '/commands', {
    team_id: team.id,
    trigger: commandTrigger,
    method: 'P',
    url: commandUrl,
    auto_complete: true,
    auto_complete_desc: 'Выложить сборку',
    auto_complete_hint: '[staging|prod] [версия]',
    display_name: 'Деплой',
    description: 'Запускает выкладку через CI.',
  });
  const autocomplete = command.auto_complete ? 'да' : 'нет';
  console.log(`Slash-команда /${command.trigger} создана: id=${command.id}`);
  console.log(`Адрес обработчика: ${command.url}, метод ${command.method}, подсказки: ${autocomplete}`);
  console.log(`Токен для COMMAND_TOKEN: ${command.token}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
