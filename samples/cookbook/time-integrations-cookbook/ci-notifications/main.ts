// Публикует от имени бота уведомление о сборке CI с вложением; повтор запроса не создаёт дубль.
// Запуск: npx tsx main.ts

const statuses: Record<string, [string, string]> = {
  success: ['успешно', '#2da44e'],
  failure: ['с ошибкой', '#cf222e'],
};
const retryCodes = new Set([408, 429, 500, 502, 503, 504]);

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
const buildNumber = env('BUILD_NUMBER');
const buildStatus = env('BUILD_STATUS');
const buildBranch = env('BUILD_BRANCH');
const buildUrl = env('BUILD_URL');

interface Post {
  id: string;
  channel_id: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// GET /api/v4/users/me — идентификатор пользователя (здесь бота), которому принадлежит токен.
async function botId(): Promise<string> {
  const response = await fetch(`${serverUrl}/api/v4/users/me`, {headers: {Authorization: `Bearer ${accessToken}`}});
  const text = await response.text();
  if (!response.ok) {
    console.error(`Ошибка GET /users/me: HTTP ${response.status}: ${text}`);
    process.exit(1);
  }
  return (JSON.parse(text) as {id: string}).id;
}

// POST /api/v4/posts с повторами при сбоях сети и ответах 408, 429 и 5xx.
async function createPost(body: unknown, attempts = 4): Promise<Post> {
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(`${serverUrl}/api/v4/posts`, {
        method: 'POST',
        headers: {Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json'},
        body: JSON.stringify(body),
        // 5 с на попытку: четыре попытки с паузами укладываются в 30 секунд, пока сервер узнаёт повтор.
        signal: AbortSignal.timeout(5000),
      });
    } catch (err) {
      if (attempt >= attempts) {
        console.error(`Ошибка POST /posts: ${String(err)}`);
        process.exit(1);
      }
      await sleep(2000);
      continue;
    }
    const text = await response.text();
    if (response.ok) {
      return JSON.parse(text) as Post;
    }
    if (!retryCodes.has(response.status) || attempt >= attempts) {
      console.error(`Ошибка POST /posts: HTTP ${response.status}: ${text}`);
      process.exit(1);
    }
    await sleep(2000);
  }
}

async function main(): Promise<void> {
  const status = statuses[buildStatus];
  if (!status) {
    console.error('BUILD_STATUS должен быть success или failure');
    process.exit(1);
  }
  const [statusText, color] = status;
  // Ключ вида <id бота>:<время в мс> берётся один раз и повторяется во всех попытках:
  // в течение 30 секунд повтор вернёт уже созданное сообщение, а не создаст второе.
  const bot = await botId();
  const idempotencyKey = `${bot}:${Date.now()}`;

  const post = await createPost({
    channel_id: channelId,
    message: `Сборка **${buildNumber}** (\`${buildBranch}\`): ${statusText}`,
    idempotency_key: idempotencyKey,
    props: {
      attachments: [
        {
          fallback: `Сборка ${buildNumber}: ${statusText}`,
          color,
          title: `Сборка ${buildNumber}`,
          title_link: buildUrl,
          fields: [
            {short: true, title: 'Ветка', value: buildBranch},
            {short: true, title: 'Результат', value: statusText},
          ],
        },
      ],
    },
  });
  console.log(`Уведомление о сборке ${buildNumber} опубликовано: id=${post.id}, канал ${post.channel_id}`);
  console.log(`Ключ идемпотентности составлен для бота id=${bot}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

export {};
