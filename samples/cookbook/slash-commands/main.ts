// Регистрирует пользовательскую slash-команду в команде Time и выводит список slash-команд команды.
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
const commandTrigger = env('COMMAND_TRIGGER');
const commandUrl = env('COMMAND_URL');

interface Team {
  id: string;
  name: string;
}

interface Command {
  id: string;
  token: string;
  trigger: string;
  method: 'P' | 'G';
  url: string;
  display_name: string;
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
  // 1. Идентификатор команды Time по её имени.
  const team = await api<Team>('GET', `/teams/name/${encodeURIComponent(teamName)}`);
  console.log(`Команда ${team.name}: id=${team.id}`);

  // 2. Новая slash-команда: запросы POST на COMMAND_URL, подсказка при вводе «/».
  const command = await api<Command>('POST', '/commands', {
    team_id: team.id,
    trigger: commandTrigger,
    method: 'P',
    url: commandUrl,
    display_name: 'Деплой',
    description: 'Запускает выкладку через CI.',
    auto_complete: true,
    auto_complete_desc: 'Выложить сборку',
    auto_complete_hint: '[staging|prod] [версия]',
  });
  console.log(`Slash-команда /${command.trigger} создана: id=${command.id}`);
  console.log(`Токен для проверки запросов: ${command.token}`);

  // 3. Пользовательские slash-команды команды (custom_only=true).
  const query = new URLSearchParams({team_id: team.id, custom_only: 'true'});
  const commands = await api<Command[]>('GET', `/commands?${query.toString()}`);
  console.log(`Пользовательских slash-команд в команде ${teamName}: ${commands.length}`);
  for (const c of commands) {
    const method = c.method === 'G' ? 'GET' : 'POST';
    console.log(`/${c.trigger} — ${c.display_name} (${method} ${c.url})`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

export {};
