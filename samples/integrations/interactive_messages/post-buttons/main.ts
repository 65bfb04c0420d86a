// Публикует сообщение с кнопками и меню (props.attachments) через POST /api/v4/posts.

function env(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`Задайте переменную окружения ${name}`);
    process.exit(1);
  }
  return value;
}

const SERVER_URL = env('SERVER_URL');
const ACCESS_TOKEN = env('ACCESS_TOKEN');
const CHANNEL_ID = env('CHANNEL_ID');
const ACTION_URL = env('ACTION_URL');
const ACTION_SECRET = env('ACTION_SECRET');

interface Integration {
  url: string;
  context: Record<string, string>;
}

interface PostAction {
  id: string;
  name: string;
  type: 'button' | 'select';
  style?: string;
  data_source?: 'users' | 'channels';
  options?: {text: string; value: string}[];
  default_option?: string;
  integration: Integration;
}

// Адрес обработчика и контекст, который Time вернёт ему при нажатии.
function integration(action: string): Integration {
  return {url: ACTION_URL, context: {action, release: '1452', secret: ACTION_SECRET}};
}

const actions: PostAction[] = [
  {id: 'approve', name: 'Согласовать', type: 'button', style: 'good', integration: integration('approve')},
  {id: 'reject', name: 'Отклонить', type: 'button', style: 'danger', integration: integration('reject')},
  {id: 'comment', name: 'Комментарий', type: 'button', style: 'default', integration: integration('comment')},
  {
    id: 'environment',
    name: 'Окружение',
    type: 'select',
    default_option: 'production',
    options: [
      {text: 'Тестовое', value: 'staging'},
      {text: 'Рабочее', value: 'production'},
    ],
    integration: integration('environment'),
  },
  {id: 'assignee', name: 'Дежурный', type: 'select', data_source: 'users', integration: integration('assignee')},
];

const post = {
  channel_id: CHANNEL_ID,
  message: 'Сборка **1452** готова к выкладке в рабочее окружение.',
  props: {
    attachments: [
      {
        fallback: 'Сборка 1452 ждёт согласования',
        color: '#1E88E5',
        title: 'Выкладка сборки 1452',
        title_link: 'https://ci.example.ru/pipelines/5812',
        text: 'Все тесты пройдены. Согласуйте выкладку или отклоните её.',
        fields: [
          {title: 'Ветка', value: '`release-2025-12`', short: true},
          {title: 'Тесты', value: '1284 из 1284', short: true},
        ],
        footer: 'CI, конвейер 5812',
        actions,
      },
    ],
  },
};

const response = await fetch(`${SERVER_URL}/api/v4/posts`, {
  method: 'POST',
  headers: {Authorization: `Bearer ${ACCESS_TOKEN}`, 'Content-Type': 'application/json'},
  body: JSON.stringify(post),
});
const text = await response.text();
if (!response.ok) {
  console.error(`Сообщение не опубликовано: HTTP ${response.status} ${text}`);
  process.exit(1);
}
const created = JSON.parse(text) as {id: string; channel_id: string};

console.log(`Сообщение с кнопками опубликовано: id=${created.id}`);
console.log(`Канал: ${created.channel_id}`);
console.log(`Кнопок и меню: ${actions.length}`);
