// Клиент OAuth 2.0 для Time (поток с кодом авторизации): вход через Time, проверка state,
// обмен кода на токен, запрос GET /api/v4/users/me и обновление токена.
// Переменные окружения:
//   SERVER_URL    — адрес Time без завершающей косой черты, например https://time.example.ru;
//   CLIENT_ID     — идентификатор приложения (id из ответа POST /api/v4/oauth/apps);
//   CLIENT_SECRET — секрет приложения;
//   REDIRECT_URI  — адрес обработчика кода, в точности как в callback_urls приложения;
//   PORT          — порт HTTP, по умолчанию 8080.
// Запуск: npx tsx server.ts, затем откройте в браузере корень приложения.
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import {createHash, randomBytes, timingSafeEqual} from 'node:crypto';

function env(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`Задайте переменную окружения ${name}`);
    process.exit(1);
  }
  return value;
}

const SERVER_URL = env('SERVER_URL').replace(/\/+$/, '');
const CLIENT_ID = env('CLIENT_ID');
const CLIENT_SECRET = env('CLIENT_SECRET');
const REDIRECT_URI = env('REDIRECT_URI');
const PORT = Number(process.env.PORT ?? '8080');
const CALLBACK_PATH = new URL(REDIRECT_URI).pathname;
const SECURE_COOKIE = REDIRECT_URI.startsWith('https://') ? '; Secure' : '';
const STATE_TTL_SECONDS = 600;

/** Ответ POST /oauth/access_token. */
interface TokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
  scope?: string;
}

interface TimeUser {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
}

interface LocalSession {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
  user: TimeUser;
}

/** Сессии приложения в памяти процесса; в рабочем сервисе храните их в базе или Redis. */
const sessions = new Map<string, LocalSession>();

function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

function sameValue(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a, 'utf8').digest();
  const hb = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(ha, hb);
}

function readCookies(req: IncomingMessage): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0) cookies.set(part.slice(0, index).trim(), decodeURIComponent(part.slice(index + 1).trim()));
  }
  return cookies;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function sendHtml(res: ServerResponse, status: number, body: string, cookies: string[] = []): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    ...(cookies.length ? {'Set-Cookie': cookies} : {}),
  });
  res.end(`<!doctype html><html lang="ru"><meta charset="utf-8"><title>Портал задач</title><body>${body}</body></html>`);
}

/** 303 See Other: браузер переходит по адресу методом GET, даже если пришёл с формы POST. */
function redirect(res: ServerResponse, location: string, cookies: string[] = []): void {
  res.writeHead(303, {Location: location, 'Cache-Control': 'no-store', ...(cookies.length ? {'Set-Cookie': cookies} : {})});
  res.end();
}

/** POST {SERVER_URL}/oauth/access_token с полями формы; ошибки Time приходят в формате AppError. */
async function requestToken(fields: Record<string, string>): Promise<TokenResponse> {
  const response = await fetch(`${SERVER_URL}/oauth/access_token`, {
    method: 'POST',
    headers: {'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json'},
    body: new URLSearchParams({...fields, client_id: CLIENT_ID, client_secret: CLIENT_SECRET}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`/oauth/access_token: HTTP ${response.status}: ${text}`);
  return JSON.parse(text) as TokenResponse;
}

async function getMe(accessToken: string): Promise<TimeUser> {
  const response = await fetch(`${SERVER_URL}/api/v4/users/me`, {
    headers: {Authorization: `Bearer ${accessToken}`, Accept: 'application/json'},
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`/api/v4/users/me: HTTP ${response.status}: ${text}`);
  return JSON.parse(text) as TimeUser;
}

function currentSession(req: IncomingMessage): [string, LocalSession] | undefined {
  const sid = readCookies(req).get('sid');
  const session = sid ? sessions.get(sid) : undefined;
  return sid && session ? [sid, session] : undefined;
}

async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', REDIRECT_URI);

  // 1. Начало входа: новый state в cookie браузера и переход на страницу согласия Time.
  if (req.method === 'GET' && url.pathname === '/login') {
    const state = randomToken();
    const authorize = new URL(`${SERVER_URL}/oauth/authorize`);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      state,
    }).toString();
    redirect(res, authorize.toString(), [
      `oauth_state=${state}; HttpOnly; SameSite=Lax; Path=/; Max-Age=${STATE_TTL_SECONDS}${SECURE_COOKIE}`,
    ]);
    return;
  }

  // 2. Возврат из Time: проверка state, обмен кода на токен, запрос профиля.
  if (req.method === 'GET' && url.pathname === CALLBACK_PATH) {
    const clearState = `oauth_state=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0${SECURE_COOKIE}`;
    // Отказ пользователя или ошибка сервера: error=access_denied, server_error и другие.
    const error = url.searchParams.get('error');
    if (error) {
      sendHtml(res, 403, `<p>Доступ не выдан: ${escapeHtml(error)}. <a href="/">На главную</a></p>`, [clearState]);
      return;
    }
    // state из адреса должен совпасть со значением в cookie этого браузера.
    const expected = readCookies(req).get('oauth_state') ?? '';
    const state = url.searchParams.get('state') ?? '';
    if (!expected || !state || !sameValue(state, expected)) {
      sendHtml(res, 400, '<p>Неверный или просроченный параметр state. <a href="/login">Войти заново</a></p>', [clearState]);
      return;
    }
    const code = url.searchParams.get('code');
    if (!code) {
      sendHtml(res, 400, '<p>В ответе Time нет кода авторизации.</p>', [clearState]);
      return;
    }
    const token = await requestToken({grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI});
    const user = await getMe(token.access_token);
    const sid = randomToken();
    sessions.set(sid, {
      accessToken: token.access_token,
      refreshToken: token.refresh_token,
      expiresAt: Date.now() + token.expires_in * 1000,
      user,
    });
    console.log(`Вход выполнен: @${user.username}, токен действует ${token.expires_in} с`);
    redirect(res, '/', [clearState, `sid=${sid}; HttpOnly; SameSite=Lax; Path=/${SECURE_COOKIE}`]);
    return;
  }

  // 3. Обновление токена: grant_type=refresh_token, Time выдаёт новую пару токенов.
  if (req.method === 'POST' && url.pathname === '/refresh') {
    const current = currentSession(req);
    if (!current) {
      redirect(res, '/login');
      return;
    }
    const [sid, session] = current;
    const token = await requestToken({grant_type: 'refresh_token', refresh_token: session.refreshToken});
    sessions.set(sid, {
      ...session,
      accessToken: token.access_token,
      refreshToken: token.refresh_token,
      expiresAt: Date.now() + token.expires_in * 1000,
    });
    redirect(res, '/');
    return;
  }

  if (req.method === 'POST' && url.pathname === '/logout') {
    const current = currentSession(req);
    if (current) sessions.delete(current[0]);
    redirect(res, '/', [`sid=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0${SECURE_COOKIE}`]);
    return;
  }

  if (req.method === 'GET' && url.pathname === '/') {
    const current = currentSession(req);
    if (!current) {
      sendHtml(res, 200, '<p><a href="/login">Войти через Time</a></p>');
      return;
    }
    const {user, expiresAt} = current[1];
    const name = escapeHtml(`${user.first_name} ${user.last_name}`.trim() || user.username);
    sendHtml(
      res,
      200,
      `<p>Вы вошли как <b>@${escapeHtml(user.username)}</b> (${name}).</p>` +
        `<p>Токен доступа действует до ${new Date(expiresAt).toISOString()}.</p>` +
        '<form method="post" action="/refresh"><button>Обновить токен</button></form>' +
        '<form method="post" action="/logout"><button>Выйти</button></form>',
    );
    return;
  }

  sendHtml(res, 404, '<p>Страница не найдена.</p>');
}

const server = createServer((req, res) => {
  route(req, res).catch((error: unknown) => {
    console.error('Ошибка обработки запроса:', error);
    if (!res.headersSent) sendHtml(res, 502, '<p>Не удалось получить токен у Time. Подробности — в журнале приложения.</p>');
  });
});

server.listen(PORT, () => {
  console.log(`Клиент OAuth 2.0 слушает порт ${PORT}, адрес возврата ${REDIRECT_URI}`);
});
