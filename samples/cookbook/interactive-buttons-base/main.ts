// Публикует в канал сообщение с меню и кнопками и печатает идентификатор сообщения.
// Запуск: npx tsx main.ts

const RELEASE = '1452';

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
const actionUrl = env('ACTION_URL');
const actionSecret = env('ACTION_SECRET');

interface Channel {
  id: string;
  name: string;
}

interface Post {
  id: string;
  channel_id: string;
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

// Контекст вернётся приёмнику при нажатии. Клиенты Time его не видят, поэтому в нём можно передать секрет.
function context(action: string): Record<string, string> {
  return {action, release: RELEASE, env: 'staging', secret: actionSecret};
}

async function main(): Promise<void> {
  // 1. Канал по имени команды и имени канала.
  const channel = await api<Channel>(
    'GET',
    `/teams/name/${encodeURIComponent(teamName)}/channels/name/${encodeURIComponent(channelName)}`,
  );
  console.log(`Канал ${channel.name}: id=${channel.id}`);

  // 2. Сообщение с вложением: меню выбора окружения и две кнопки.
  const post = await api<Post>('POST', '/posts', {
    channel_id: channel.id,
    message: `Сборка **${RELEASE}** готова к выкладке.`,
    props: {
      attachments: [
        {
          fallback: `Выкладка сборки ${RELEASE}: нужно решение`,
          color: '#2f81f7',
          title: `Выкладка сборки ${RELEASE}`,
          text: 'Выберите окружение, затем одобрите или отклоните выкладку.',
          fields: [{short: true, title: 'Окружение', value: 'staging'}],
          actions: [
            {
              id: 'env',
              name: 'Окружение',
              type: 'select',
              default_option: 'staging',
              options: [
                {text: 'staging', value: 'staging'},
                {text: 'production', value: 'production'},
              ],
              integration: {url: actionUrl, context: context('env')},
            },
            {
              id: 'approve',
              name: 'Одобрить',
              type: 'button',
              style: 'success',
              integration: {url: actionUrl, context: context('approve')},
            },
            {
              id: 'reject',
              name: 'Отклонить',
              type: 'button',
              style: 'danger',
              integration: {url: actionUrl, context: context('reject')},
            },
          ],
        },
      ],
    },
  });
  console.log(`Сообщение с кнопками опубликовано: id=${post.id}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

export {};
