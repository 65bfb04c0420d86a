// Публикует алерт, ставит под ним реакцию-подсказку и проверяет, кто подтвердил алерт такой же реакцией.
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
const channelId = env('CHANNEL_ID');
const alertId = env('ALERT_ID');
const alertText = env('ALERT_TEXT');
const ackEmoji = process.env.ACK_EMOJI || 'white_check_mark';

interface User {
  id: string;
}

interface Post {
  id: string;
}

interface Reaction {
  user_id: string;
  post_id: string;
  emoji_name: string;
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
  // 1. Идентификатор бота — реакция ставится от его имени.
  const bot = await api<User>('GET', '/users/me');

  // 2. Алерт. Каждый запуск публикует новое сообщение, поэтому запускайте программу один раз на срабатывание.
  const post = await api<Post>('POST', '/posts', {
    channel_id: channelId,
    message: `:rotating_light: **Алерт:** ${alertText}\nПоставьте :${ackEmoji}:, если взяли алерт в работу.`,
  });
  console.log(`Алерт ${alertId} опубликован: id=${post.id}`);

  // 3. Реакция-подсказка: дежурному достаточно нажать на неё. Повторная такая же реакция ничего не меняет.
  await api<Reaction>('POST', '/reactions', {user_id: bot.id, post_id: post.id, emoji_name: ackEmoji});
  console.log(`Реакция для подтверждения: :${ackEmoji}:`);

  // 4. Кто подтвердил: все, кроме самого бота, поставившие ту же реакцию.
  const reactions = await api<Reaction[]>('GET', `/posts/${post.id}/reactions`);
  const acked = reactions.filter((r) => r.emoji_name === ackEmoji && r.user_id !== bot.id).map((r) => r.user_id);
  console.log(acked.length > 0 ? `Подтвердили: ${acked.join(', ')}` : 'Подтверждений пока нет');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

export {};
