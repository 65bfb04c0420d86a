// Отправка сообщений: в канал по имени, ответ в обсуждении и сообщение по peer с idempotency_key.
// Запуск: npx tsx main.ts (Node.js 20+, без зависимостей — используется встроенный fetch).
interface Channel {
  id: string;
}

interface Post {
  id: string;
}

interface User {
  id: string;
}

// Тело POST /api/v4/posts. Адресат — channel_id или peer; если переданы оба, действует channel_id.
interface NewPost {
  channel_id?: string;
  peer?: string;
  root_id?: string;
  message: string;
  idempotency_key?: string;
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
const PEER = env('PEER');

const ROOT_MESSAGE = [
  '**Сборка 1452 прошла** :white_check_mark:',
  '',
  '| Этап | Длительность |',
  '|---|---|',
  '| Тесты | 4 мин |',
  '| Выкладка на стенд | 2 мин |',
  '',
  'Подробности — в обсуждении.',
].join('\n');
const REPLY_MESSAGE = 'Журнал сборки: `/var/log/ci/1452.log`. Стенд обновлён до сборки 1452.';
const PEER_MESSAGE = 'Сборка 1452 готова к проверке на стенде.';

// Выполняет запрос и возвращает разобранный JSON. При коде ответа не 2xx печатает тело ошибки
// (объект AppError) и завершает процесс с кодом 1.
async function api<T>(method: string, path: string, body?: NewPost): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Authorization: `Bearer ${ACCESS_TOKEN}`,
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
  // 1. Находим канал по имени команды и имени канала — так же, как они записаны в ссылке на канал.
  const channel = await api<Channel>(
    'GET',
    `/teams/name/${encodeURIComponent(TEAM_NAME)}/channels/name/${encodeURIComponent(CHANNEL_NAME)}`,
  );
  console.log(`Канал ${TEAM_NAME}/${CHANNEL_NAME} найден: id=${channel.id}`);

  // 2. Публикуем сообщение с разметкой Markdown.
  const root = await api<Post>('POST', '/posts', {channel_id: channel.id, message: ROOT_MESSAGE});
  console.log(`Сообщение опубликовано: id=${root.id}`);

  // 3. Отвечаем в обсуждении: root_id — идентификатор корневого сообщения.
  const reply = await api<Post>('POST', '/posts', {channel_id: channel.id, root_id: root.id, message: REPLY_MESSAGE});
  console.log(`Ответ в обсуждении ${root.id} опубликован: id=${reply.id}`);

  // 4. Пишем адресату по имени (peer) с ключом идемпотентности. Time узнаёт повтор, только если ключ
  //    имеет вид <id владельца токена>:<время в мс>: время берётся один раз на логическое сообщение
  //    и повторяется во всех попытках его отправить.
  const me = await api<User>('GET', '/users/me');
  console.log(`Ключ идемпотентности составлен для пользователя id=${me.id}`);
  const body: NewPost = {
    peer: PEER,
    message: PEER_MESSAGE,
    idempotency_key: `${me.id}:${Date.now()}`,
  };
  const first = await api<Post>('POST', '/posts', body);
  console.log(`Сообщение для ${PEER} отправлено: id=${first.id}`);

  // Повторяем тот же запрос, как после обрыва связи. В течение 30 секунд сервер вернёт уже созданное
  // сообщение; повтор позже может создать второе.
  const second = await api<Post>('POST', '/posts', body);
  if (second.id !== first.id) {
    console.error(`Внимание: повтор создал новое сообщение id=${second.id}`);
    process.exit(1);
  }
  console.log(`Повтор с тем же idempotency_key вернул то же сообщение: id=${second.id}`);
}

main().catch((error: unknown) => {
  console.error(`Сервер недоступен: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
