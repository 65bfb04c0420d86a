// Сервис заявок на выкладку: slash-команда /deploy открывает диалог, сервис проверяет форму
// и публикует заявку в канале.
// POST /time/deploy — запрос slash-команды; POST /time/deploy/submit — отправка или отмена формы.
// Запуск: PORT=8080 SERVER_URL=... ACCESS_TOKEN=... COMMAND_TOKEN=... PUBLIC_URL=... npx tsx server.ts
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import {randomBytes, timingSafeEqual} from 'node:crypto';

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`Задайте переменную окружения ${name}`);
    process.exit(1);
  }
  return value;
}

const PORT = Number(process.env.PORT ?? '8080');
const SERVER_URL = required('SERVER_URL'); // https://time.example.ru
const ACCESS_TOKEN = required('ACCESS_TOKEN'); // токен бота, который открывает диалог и пишет в канал
const COMMAND_TOKEN = required('COMMAND_TOKEN'); // токен slash-команды /deploy
const PUBLIC_URL = required('PUBLIC_URL'); // внешний адрес этого сервиса, например https://ci.example.ru

const MAX_BODY = 1024 * 1024;
const STATE_TTL_MS = 15 * 60 * 1000;
const VERSION = /^\d+\.\d+\.\d+$/;
const USER_ID = /^[a-z0-9]{26}$/;

/** Отправленная или отменённая форма, как её получает сервис. */
interface DialogSubmission {
  type: string;
  callback_id: string;
  state: string;
  user_id: string;
  channel_id: string;
  team_id: string;
  submission?: Record<string, unknown>;
  cancelled: boolean;
}

interface DialogResponse {
  error?: string;
  errors?: Record<string, string>;
}

/** Открытые формы: state → кто открыл и где. Храните в Redis или БД, если экземпляров сервиса несколько. */
interface PendingForm {
  userId: string;
  userName: string;
  channelId: string;
  channelName: string;
  expires: number;
}

const pending = new Map<string, PendingForm>();

setInterval(() => {
  const now = Date.now();
  for (const [state, form] of pending) {
    if (form.expires < now) pending.delete(state);
  }
}, 60 * 1000).unref();

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${SERVER_URL}${path}`, {
    method,
    headers: {Authorization: `Bearer ${ACCESS_TOKEN}`, 'Content-Type': 'application/json'},
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(2500),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
  }
  return JSON.parse(text) as T;
}

function sameToken(value: string): boolean {
  const got = Buffer.from(value);
  const expected = Buffer.from(COMMAND_TOKEN);
  return got.length === expected.length && timingSafeEqual(got, expected);
}

function str(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

function deployDialog(state: string, version: string) {
  return {
    callback_id: 'deploy-request',
    title: 'Заявка на выкладку',
    introduction_text: 'Заявку получит согласующий, а канал увидит её после отправки.',
    submit_label: 'Отправить',
    notify_on_cancel: true,
    state,
    elements: [
      {
        display_name: 'Окружение',
        name: 'environment',
        type: 'radio',
        default: 'staging',
        options: [
          {text: 'Тестовое (staging)', value: 'staging'},
          {text: 'Рабочее (production)', value: 'production'},
        ],
      },
      {
        display_name: 'Версия',
        name: 'version',
        type: 'text',
        subtype: 'text',
        default: version,
        placeholder: '2.14.0',
        help_text: 'Номер сборки в формате X.Y.Z.',
        min_length: 5,
        max_length: 20,
      },
      {
        display_name: 'Согласующий',
        name: 'approver',
        type: 'select',
        data_source: 'users',
        placeholder: 'Начните вводить имя',
      },
      {
        display_name: 'Комментарий',
        name: 'comment',
        type: 'textarea',
        optional: true,
        max_length: 1000,
        placeholder: 'Что меняется и как откатить',
      },
      {
        display_name: 'Уведомление',
        name: 'notify_approver',
        type: 'bool',
        optional: true,
        default: 'true',
        placeholder: 'Написать согласующему в личные сообщения',
      },
    ],
  };
}

/** Запрос slash-команды: форма application/x-www-form-urlencoded. */
async function handleCommand(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
  const form = new URLSearchParams(body);
  const header = req.headers.authorization ?? '';
  const token = header.startsWith('Token ') ? header.slice('Token '.length) : form.get('token') ?? '';
  if (!sameToken(token)) {
    sendJson(res, 401, {error: 'неверный токен slash-команды'});
    return;
  }

  const state = randomBytes(16).toString('hex');
  pending.set(state, {
    userId: form.get('user_id') ?? '',
    userName: form.get('user_name') ?? '',
    channelId: form.get('channel_id') ?? '',
    channelName: form.get('channel_name') ?? '',
    expires: Date.now() + STATE_TTL_MS,
  });
  const argument = (form.get('text') ?? '').trim().split(/\s+/)[0] ?? '';

  try {
    // trigger_id действует 3 секунды: открываем диалог сразу, до ответа на команду.
    await api('POST', '/api/v4/actions/dialogs/open', {
      trigger_id: form.get('trigger_id') ?? '',
      url: `${PUBLIC_URL}/time/deploy/submit`,
      dialog: deployDialog(state, VERSION.test(argument) ? argument : ''),
    });
  } catch (error) {
    pending.delete(state);
    console.error('диалог не открыт:', error);
    sendJson(res, 200, {response_type: 'ephemeral', text: 'Не удалось открыть форму. Повторите `/deploy` через минуту.'});
    return;
  }
  // Пустой ответ: в канале ничего не появляется, пользователь видит только форму.
  res.writeHead(200, {'Content-Length': 0});
  res.end();
}

function validate(values: Record<string, unknown>, authorId: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const environment = str(values.environment);
  if (environment !== 'staging' && environment !== 'production') {
    errors.environment = 'Выберите окружение.';
  }
  if (!VERSION.test(str(values.version).trim())) {
    errors.version = 'Укажите версию в формате 2.14.0.';
  }
  const approver = str(values.approver);
  if (!USER_ID.test(approver)) {
    errors.approver = 'Выберите согласующего.';
  } else if (approver === authorId) {
    errors.approver = 'Нельзя согласовать собственную заявку.';
  }
  const comment = str(values.comment).trim();
  if (comment.length > 1000) {
    errors.comment = 'Не больше 1000 символов.';
  } else if (environment === 'production' && comment === '') {
    errors.comment = 'Для рабочего окружения опишите, как откатить изменения.';
  }
  return errors;
}

async function handleSubmit(submission: DialogSubmission): Promise<DialogResponse> {
  const form = pending.get(submission.state);
  if (submission.cancelled) {
    pending.delete(submission.state);
    console.log(`форма ${submission.state} закрыта без отправки пользователем ${submission.user_id}`);
    return {};
  }
  if (!form || form.expires < Date.now() || form.userId !== submission.user_id) {
    return {error: 'Форма устарела. Вызовите /deploy ещё раз.'};
  }

  const values = submission.submission ?? {};
  const errors = validate(values, submission.user_id);
  if (Object.keys(errors).length > 0) {
    return {errors};
  }

  const environment = str(values.environment);
  const version = str(values.version).trim();
  const comment = str(values.comment).trim();
  const notify = values.notify_approver === true || values.notify_approver === 'true';

  try {
    const approver = await api<{username: string}>('GET', `/api/v4/users/${str(values.approver)}`);
    let message = `@${form.userName} просит выложить **${version}** в \`${environment}\`. Согласующий: @${approver.username}.`;
    if (comment) message += `\n> ${comment.replace(/\n/g, '\n> ')}`;
    await api('POST', '/api/v4/posts', {channel_id: form.channelId, message});
    if (notify) {
      await api('POST', '/api/v4/posts', {
        peer: `@${approver.username}`,
        message: `Вас назначили согласующим выкладки **${version}** в \`${environment}\`. Заявка — в канале ~${form.channelName}.`,
      });
    }
  } catch (error) {
    console.error('заявка не опубликована:', error);
    return {error: 'Заявка не отправлена: Time не ответил. Нажмите «Отправить» ещё раз.'};
  }
  pending.delete(submission.state);
  return {};
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('тело запроса больше 1 МиБ'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const data = JSON.stringify(body);
  res.writeHead(status, {'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data)});
  res.end(data);
}

async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST') {
    sendJson(res, 405, {error: 'только POST'});
    return;
  }
  const body = await readBody(req);

  if (req.url === '/time/deploy') {
    await handleCommand(req, res, body);
    return;
  }

  if (req.url === '/time/deploy/submit') {
    let submission: DialogSubmission;
    try {
      submission = JSON.parse(body) as DialogSubmission;
    } catch {
      sendJson(res, 400, {error: 'ожидался JSON'});
      return;
    }
    if (submission.type !== 'dialog_submission' || submission.callback_id !== 'deploy-request') {
      sendJson(res, 400, {error: 'ожидалась форма deploy-request'});
      return;
    }
    sendJson(res, 200, await handleSubmit(submission));
    return;
  }

  sendJson(res, 404, {error: 'нет такого адреса'});
}

createServer((req, res) => {
  route(req, res).catch((error: unknown) => {
    console.error(error);
    if (!res.headersSent) sendJson(res, 500, {error: 'внутренняя ошибка'});
  });
}).listen(PORT, () => {
  console.log(`Сервис заявок слушает порт ${PORT}`);
});
