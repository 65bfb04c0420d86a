// Первая интеграция с Time: проверяем сервер, токен и список своих команд.
// Запуск: npx tsx main.ts (Node.js 20+, без зависимостей — используется встроенный fetch).

interface Ping {
  status: string;
}

interface User {
  id: string;
  username: string;
  first_name?: string;
  last_name?: string;
  roles: string;
}

interface Team {
  id: string;
  name: string;
  display_name: string;
}

function env(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`Не задана переменная окружения ${name}`);
    process.exit(1);
  }
  return value;
}

const API = `${env('SERVER_URL').replace(/\/+$/, '')}/api/v4`;
const ACCESS_TOKEN = env('ACCESS_TOKEN');

// Выполняет запрос и возвращает разобранный JSON. При коде ответа не 2xx печатает тело ошибки
// (объект AppError) и завершает процесс с кодом 1.
async function api<T>(method: string, path: string, token: string | null = ACCESS_TOKEN): Promise<T> {
  const headers: Record<string, string> = {Accept: 'application/json'};
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${API}${path}`, {method, headers});
  const text = await response.text();
  if (!response.ok) {
    console.error(`Ошибка HTTP ${response.status} на ${method} ${path}: ${text}`);
    process.exit(1);
  }
  return JSON.parse(text) as T;
}

async function main(): Promise<void> {
  // 1. Сервер работает? Проверка доступности не требует токена.
  const ping = await api<Ping>('GET', '/system/ping', null);
  console.log(`Сервер отвечает: status=${ping.status}`);

  // 2. Кому принадлежит токен?
  const me = await api<User>('GET', '/users/me');
  console.log(`Токен принадлежит пользователю ${me.username} (${me.first_name ?? ''} ${me.last_name ?? ''}), id=${me.id}`);
  console.log(`Роли: ${me.roles}`);

  // 3. В каких командах состоит пользователь?
  const teams = await api<Team[]>('GET', '/users/me/teams');
  console.log(`Команд: ${teams.length}`);
  for (const team of teams) {
    console.log(`- ${team.name} «${team.display_name}», id=${team.id}`);
  }
}

main().catch((error: unknown) => {
  console.error(`Сервер недоступен: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
