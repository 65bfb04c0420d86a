// Создание бота: учётная запись, токен, членство в команде и канале, первое сообщение от имени бота.
// Нужен токен системного администратора (или пользователя с правами create_bot и manage_bots).
// Запуск: npx tsx main.ts (Node.js 20+, без зависимостей — используется встроенный fetch).

interface IdObject {
  id: string;
}

interface Bot {
  user_id: string;
  username: string;
  display_name: string;
}

interface AccessToken {
  id: string;
  token: string;
}

interface TeamMember {
  roles: string;
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
const TEAM_NAME = env('TEAM_NAME');
const CHANNEL_NAME = env('CHANNEL_NAME');
const BOT_USERNAME = env('BOT_USERNAME');

// Выполняет запрос с токеном token и возвращает разобранный JSON. При коде ответа не 2xx печатает
// тело ошибки (объект AppError) и завершает процесс с кодом 1.
async function api<T>(token: string, method: string, path: string, body?: Record<string, string>): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Authorization: `Bearer ${token}`,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${API}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    console.error(`Ошибка HTTP ${response.status} на ${method} ${path}: ${text}`);
    process.exit(1);
  }
  return JSON.parse(text) as T;
}

async function main(): Promise<void> {
  // 1. Идентификаторы команды и канала, куда добавим бота.
  const team = await api<IdObject>(ACCESS_TOKEN, 'GET', `/teams/name/${encodeURIComponent(TEAM_NAME)}`);
  console.log(`Команда ${TEAM_NAME}: id=${team.id}`);
  const channel = await api<IdObject>(
    ACCESS_TOKEN,
    'GET',
    `/teams/name/${encodeURIComponent(TEAM_NAME)}/channels/name/${encodeURIComponent(CHANNEL_NAME)}`,
  );
  console.log(`Канал ${CHANNEL_NAME}: id=${channel.id}`);

  // 2. Учётная запись бота. Владельцем станет пользователь, которому принадлежит ACCESS_TOKEN.
  const bot = await api<Bot>(ACCESS_TOKEN, 'POST', '/bots', {
    username: BOT_USERNAME,
    display_name: 'Деплой',
    description: 'Сообщает о выкладках на стенд и в продуктив.',
  });
  console.log(`Бот создан: @${bot.username} «${bot.display_name}», user_id=${bot.user_id}`);

  // 3. Токен бота. Значение token приходит только в этом ответе.
  const token = await api<AccessToken>(ACCESS_TOKEN, 'POST', `/users/${bot.user_id}/tokens`, {
    description: 'CI: уведомления о выкладках',
  });
  console.log(`Токен бота выпущен: id=${token.id}`);
  console.log(`Сохраните токен бота, он показывается один раз: ${token.token}`);

  // 4. Бот вступает в команду, затем в канал (в канал можно добавить только участника команды).
  const member = await api<TeamMember>(ACCESS_TOKEN, 'POST', `/teams/${team.id}/members`, {
    team_id: team.id,
    user_id: bot.user_id,
  });
  console.log(`Бот добавлен в команду ${TEAM_NAME}: роли ${member.roles}`);
  await api<unknown>(ACCESS_TOKEN, 'POST', `/channels/${channel.id}/members`, {user_id: bot.user_id});
  console.log(`Бот добавлен в канал ${CHANNEL_NAME}`);

  // 5. Первое сообщение — уже с токеном бота.
  const post = await api<IdObject>(token.token, 'POST', '/posts', {
    channel_id: channel.id,
    message: 'Привет! Теперь я буду сообщать в этот канал о выкладках.',
  });
  console.log(`Сообщение от имени бота опубликовано: id=${post.id}`);
}

main().catch((error: unknown) => {
  console.error(`Сервер недоступен: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
