// Регистрирует приложение OAuth 2.0 и печатает CLIENT_ID и CLIENT_SECRET.
// Переменные окружения: SERVER_URL, ACCESS_TOKEN, APP_NAME, APP_DESCRIPTION, APP_HOMEPAGE, REDIRECT_URI.

interface OAuthApp {
  id: string;
  client_secret: string;
  name: string;
  callback_urls: string[];
  is_trusted: boolean;
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
  const response = await fetch(`${serverUrl}/api/v4/oauth/apps`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${env('ACCESS_TOKEN')}`,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    body: JSON.stringify({
      name: env('APP_NAME'),
      description: env('APP_DESCRIPTION'),
      homepage: env('APP_HOMEPAGE'),
      callback_urls: [env('REDIRECT_URI')],
      is_trusted: false,
    }),
  });
  const text = await response.text();
  if (!response.ok) {
    console.error(`POST /oauth/apps: HTTP ${response.status}: ${text}`);
    process.exit(1);
  }
  const app = JSON.parse(text) as OAuthApp;
  console.log(`Приложение OAuth 2.0 «${app.name}» зарегистрировано`);
  console.log(`CLIENT_ID=${app.id}`);
  console.log(`CLIENT_SECRET=${app.client_secret}`);
  console.log(`Адреса перенаправления: ${app.callback_urls.join(', ')}`);
  console.log(`Доверенное: ${app.is_trusted ? 'да' : 'нет'}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
