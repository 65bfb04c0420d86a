// Нажимает кнопку интерактивного сообщения от имени владельца токена:
// POST /api/v4/posts/{post_id}/actions/{action_id}. Удобно, чтобы проверить обработчик без клиента.

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
const POST_ID = env('POST_ID');
const ACTION_ID = env('ACTION_ID');
const SELECTED_OPTION = process.env.SELECTED_OPTION ?? '';

const body = SELECTED_OPTION ? {selected_option: SELECTED_OPTION} : {};
const url = `${SERVER_URL}/api/v4/posts/${encodeURIComponent(POST_ID)}/actions/${encodeURIComponent(ACTION_ID)}`;
const response = await fetch(url, {
  method: 'POST',
  headers: {Authorization: `Bearer ${ACCESS_TOKEN}`, 'Content-Type': 'application/json'},
  body: JSON.stringify(body),
});
const text = await response.text();
if (!response.ok) {
  console.error(`Действие не выполнено: HTTP ${response.status} ${text}`);
  process.exit(1);
}
const result = JSON.parse(text) as {status: string; trigger_id?: string};

console.log(`Действие ${ACTION_ID} выполнено: status=${result.status}`);
if (SELECTED_OPTION) {
  console.log(`Выбранное значение: ${SELECTED_OPTION}`);
}
console.log(`trigger_id: ${result.trigger_id || '(пусто)'}`);
