// Обработчик slash-команды /deploy для Time: проверяет токен, отвечает сразу
// и через response_url присылает отложенный ответ.
// Переменные окружения:
//   COMMAND_TOKEN — токен slash-команды (обязательно);
//   SERVER_URL    — адрес Time, например https://time.example.ru (для проверки response_url);
//   PORT          — порт HTTP, по умолчанию 8080.
// Запуск: npx tsx server.ts
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import {createHash, timingSafeEqual} from 'node:crypto';

const PORT = Number(process.env.PORT ?? '8080');
const COMMAND_TOKEN = process.env.COMMAND_TOKEN ?? '';
const SERVER_URL = (process.env.SERVER_URL ?? '').replace(/\/+$/, '');
const MAX_BODY_BYTES = 64 * 1024;
const ENVIRONMENTS = ['staging', 'prod'];

if (!COMMAND_TOKEN) {
  console.error('Задайте COMMAND_TOKEN — токен slash-команды из Time');
  process.exit(1);
}

/** Ответ slash-команды в формате CommandResponse. */
interface CommandResponse {
  response_type: 'ephemeral' | 'in_channel';
  text: string;
  username?: string;
  icon_url?: string;
  goto_location?: string;
  props?: Record<string, unknown>;
  attachments?: Record<string, unknown>[];
  extra_responses?: CommandResponse[];
  skip_slack_parsing?: boolean;
}

/** Поля запроса, которые Time передаёт обработчику. */
interface CommandRequest {
  token: string;
  teamId: string;
  teamDomain: string;
  channelId: string;
  channelName: string;
  userId: string;
  userName: string;
  command: string;
  text: string;
  responseUrl: string;
  triggerId: string;
}

/** Сравнение за постоянное время: хеши выравнивают длину строк. */
function sameToken(received: string, expected: string): boolean {
  const a = createHash('sha256').update(received, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('тело запроса слишком большое'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseRequest(params: URLSearchParams, authorization: string | undefined): CommandRequest {
  // Токен приходит в поле формы token и дублируется в заголовке Authorization: Token <токен>.
  const headerToken = authorization?.startsWith('Token ') ? authorization.slice('Token '.length).trim() : '';
  return {
    token: params.get('token') ?? headerToken,
    teamId: params.get('team_id') ?? '',
    teamDomain: params.get('team_domain') ?? '',
    channelId: params.get('channel_id') ?? '',
    channelName: params.get('channel_name') ?? '',
    userId: params.get('user_id') ?? '',
    userName: params.get('user_name') ?? '',
    command: params.get('command') ?? '',
    text: (params.get('text') ?? '').trim(),
    responseUrl: params.get('response_url') ?? '',
    triggerId: params.get('trigger_id') ?? '',
  };
}

function sendJson(res: ServerResponse, status: number, body: CommandResponse): void {
  res.writeHead(status, {'Content-Type': 'application/json; charset=utf-8'});
  res.end(JSON.stringify(body));
}

function ephemeral(text: string): CommandResponse {
  return {response_type: 'ephemeral', text};
}

/** Отложенный ответ: не больше 5 запросов на один response_url в течение 30 минут. */
async function postDelayed(responseUrl: string, body: CommandResponse): Promise<void> {
  const response = await fetch(responseUrl, {
    method: 'POST',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    console.error(`response_url ответил HTTP ${response.status}: ${await response.text()}`);
  }
}

/** Не отправляем отложенный ответ на чужой адрес: только на /hooks/commands/ своего Time. */
function trustedResponseUrl(responseUrl: string): boolean {
  if (SERVER_URL) return responseUrl.startsWith(`${SERVER_URL}/hooks/commands/`);
  try {
    return new URL(responseUrl).pathname.startsWith('/hooks/commands/');
  } catch {
    return false;
  }
}

function handleDeploy(cmd: CommandRequest): CommandResponse {
  const [environment = '', version = ''] = cmd.text.split(/\s+/);
  if (!environment || environment === 'help') {
    return ephemeral(`Использование: \`${cmd.command} staging|prod версия\`, например \`${cmd.command} staging 1.4.2\`.`);
  }
  if (!ENVIRONMENTS.includes(environment)) {
    return ephemeral('Неизвестная среда. Укажите `staging` или `prod`.');
  }
  if (!/^\d+\.\d+\.\d+$/.test(version)) {
    return ephemeral('Укажите версию в формате X.Y.Z, например `1.4.2`.');
  }

  // Здесь сервис ставит задание в CI. Долгая работа идёт после ответа, а результат
  // приходит в канал через response_url.
  if (trustedResponseUrl(cmd.responseUrl)) {
    setTimeout(() => {
      postDelayed(cmd.responseUrl, {
        response_type: 'in_channel',
        text: `Выкладка **${version}** в \`${environment}\` завершена успешно.`,
      }).catch((error: unknown) => console.error('Ошибка отложенного ответа:', error));
    }, 10_000);
  } else {
    console.error(`Отложенный ответ не отправлен: недоверенный response_url ${cmd.responseUrl}`);
  }

  return {
    response_type: 'in_channel',
    text: `@${cmd.userName} запустил выкладку **${version}** в \`${environment}\`. Результат появится здесь.`,
    props: {deploy_version: version, deploy_environment: environment},
  };
}

const server = createServer((req, res) => {
  const handle = async (): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let params: URLSearchParams;
    if (req.method === 'POST') {
      // Метод P: тело application/x-www-form-urlencoded.
      params = new URLSearchParams(await readBody(req));
    } else if (req.method === 'GET') {
      // Метод G: те же поля в строке запроса.
      params = url.searchParams;
    } else {
      res.writeHead(405, {Allow: 'GET, POST'});
      res.end();
      return;
    }

    const cmd = parseRequest(params, req.headers.authorization);
    if (!sameToken(cmd.token, COMMAND_TOKEN)) {
      console.error(`Отклонён запрос с неверным токеном от ${req.socket.remoteAddress ?? 'неизвестного адреса'}`);
      sendJson(res, 401, ephemeral('Неверный токен slash-команды.'));
      return;
    }
    console.log(`${cmd.teamDomain}/${cmd.channelName} @${cmd.userName}: ${cmd.command} ${cmd.text}`);
    sendJson(res, 200, handleDeploy(cmd));
  };
  handle().catch((error: unknown) => {
    console.error('Ошибка обработки запроса:', error);
    if (!res.headersSent) sendJson(res, 500, ephemeral('Сервис выкладки не смог обработать команду.'));
  });
});

server.listen(PORT, () => {
  console.log(`Обработчик slash-команды слушает порт ${PORT}`);
});
