// Проверяет токен доступа OAuth 2.0: запрашивает учётную запись, от имени которой он выдан.
// Переменные окружения: SERVER_URL и ACCESS_TOKEN (access_token из ответа /oauth/access_token).

interface User {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  roles: string;
}

function env(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`Задайте переменную окружения ${name}`);
    process.exit(1);
  }
  return value;
}

async function main(): Promise<void> {
  const serverUrl = env('SERVER_URL').replace(/\/+$/, '');
  const response = await fetch(`${serverUrl}/api/v4/users/me`, {
    headers: {Authorization: `Bearer ${env('ACCESS_TOKEN')}`, Accept: 'application/json'},
  });
  const text = await response.text();
  if (!response.ok) {
    console.error(`GET /users/me: HTTP ${response.status}: ${text}`);
    process.exit(1);
  }
  const me = JSON.parse(text) as User;
  console.log(`Токен принадлежит пользователю @${me.username} (${me.first_name} ${me.last_name})`);
  console.log(`id=${me.id}, email=${me.email}`);
  console.log(`Роли: ${me.roles}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
