// Обработчик кнопок и меню сообщения «Выкладка сборки 1452» (см. post-buttons).
// POST /time/actions — нажатия кнопок и выбор в меню; POST /time/comment — форма комментария.
// Запуск: PORT=8080 SERVER_URL=... ACCESS_TOKEN=... ACTION_SECRET=... PUBLIC_URL=... npx tsx server.ts
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
const ACCESS_TOKEN = required('ACCESS_TOKEN'); // токен бота, автора сообщения
const ACTION_SECRET = required('ACTION_SECRET'); // тот же секрет, что в integration.context
const PUBLIC_URL = required('PUBLIC_URL'); // внешний адрес этого сервиса, например https://ci.example.ru

const MAX_BODY = 1024 * 1024;
const STATE_TTL_MS = 10 * 60 * 1000;

/** Запрос, который Time отправляет на integration.url при нажатии. */
interface ActionRequest {
  user_id: string;
  user_name: string;
  channel_id: string;
  channel_name: string;
  team_id: string;
  team_domain: string;
  post_id: string;
  trigger_id: string;
  type: string;
  data_source: string;
  context?: Record<string, unknown>;
}

/** Ответ обработчика: все поля необязательны, пустой объект ничего не меняет. */
interface ActionResponse {
  update?: {message: string; props?: Record<string, unknown>};
  ephemeral_text?: string;
  skip_slack_parsing?: boolean;
}

/** Отправленная или отменённая форма диалога. */
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

/** Открытые формы комментария: state → кто и к какому сообщению пишет. */
interface PendingComment {
  userId: string;
  userName: string;
  postId: string;
  channelId: string;
  expires: number;
}

const pending = new Map<string, PendingComment>();

setInterval(() => {
  const now = Date.now();
  for (const [state, item] of pending) {
    if (item.expires < now) pending.delete(state);
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

function sameSecret(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const got = Buffer.from(value);
  const expected = Buffer.from(ACTION_SECRET);
  return got.length === expected.length && timingSafeEqual(got, expected);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

async function openCommentDialog(request: ActionRequest, release: string): Promise<void> {
  const state = randomBytes(16).toString('hex');
  pending.set(state, {
    userId: request.user_id,
    userName: request.user_name,
    postId: request.post_id,
    channelId: request.channel_id,
    expires: Date.now() + STATE_TTL_MS,
  });
  await api('POST', '/api/v4/actions/dialogs/open', {
    trigger_id: request.trigger_id,
    url: `${PUBLIC_URL}/time/comment`,
    dialog: {
      callback_id: 'release-comment',
      title: 'Комментарий к выкладке',
      introduction_text: `Комментарий появится в обсуждении сообщения о сборке **${release}**.`,
      submit_label: 'Отправить',
      state,
      elements: [
        {
          display_name: 'Комментарий',
          name: 'comment',
          type: 'textarea',
          min_length: 10,
          max_length: 1000,
          placeholder: 'Что проверить перед выкладкой',
        },
      ],
    },
  });
}

async function handleAction(request: ActionRequest): Promise<ActionResponse> {
  const context = request.context ?? {};
  const release = text(context.release) || 'без номера';

  switch (context.action) {
    case 'approve':
      // Новые props без actions: кнопки исчезают, остаётся зелёная плашка.
      return {
        update: {
          message: `Выкладка сборки **${release}** согласована: @${request.user_name}.`,
          props: {attachments: [{color: '#2E7D32', text: 'Конвейер продолжит работу автоматически.'}]},
        },
        ephemeral_text: 'Готово: вы согласовали выкладку.',
      };
    case 'reject':
      // Пустые props убирают вложение целиком.
      return {update: {message: `Выкладка сборки **${release}** отклонена: @${request.user_name}.`, props: {}}};
    case 'environment': {
      const value = text(context.selected_option);
      if (value !== 'staging' && value !== 'production') {
        return {ephemeral_text: 'Такого окружения нет. Выберите значение из списка.'};
      }
      // update не передан — сообщение и кнопки остаются как были.
      return {ephemeral_text: `Окружение для сборки ${release}: \`${value}\`.`};
    }
    case 'assignee': {
      const userId = text(context.selected_option);
      const user = await api<{username: string}>('GET', `/api/v4/users/${encodeURIComponent(userId)}`);
      return {
        ephemeral_text: `Дежурным назначен @${user.username}. [График дежурств](https://ci.example.ru/duty)`,
        skip_slack_parsing: true,
      };
    }
    case 'comment':
      // trigger_id живёт 3 секунды: открываем диалог до ответа на запрос.
      await openCommentDialog(request, release);
      return {};
    default:
      return {ephemeral_text: 'Неизвестное действие. Обновите страницу и попробуйте ещё раз.'};
  }
}

async function handleComment(submission: DialogSubmission): Promise<DialogResponse> {
  const item = pending.get(submission.state);
  if (submission.cancelled) {
    pending.delete(submission.state);
    return {};
  }
  if (!item || item.expires < Date.now() || item.userId !== submission.user_id) {
    return {error: 'Форма устарела. Нажмите «Комментарий» в сообщении ещё раз.'};
  }
  const comment = text(submission.submission?.comment).trim();
  if (comment.length < 10) {
    return {errors: {comment: 'Напишите хотя бы 10 символов.'}};
  }
  if (comment.length > 1000) {
    return {errors: {comment: 'Не больше 1000 символов.'}};
  }
  await api('POST', '/api/v4/posts', {
    channel_id: item.channelId,
    root_id: item.postId,
    message: `Комментарий от @${item.userName}:\n> ${comment.replace(/\n/g, '\n> ')}`,
  });
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
  let payload: unknown;
  try {
    payload = JSON.parse(await readBody(req));
  } catch {
    sendJson(res, 400, {error: 'ожидался JSON'});
    return;
  }

  if (req.url === '/time/actions') {
    const request = payload as ActionRequest;
    if (!sameSecret(request.context?.secret)) {
      console.warn(`отклонён запрос с неверным секретом от ${req.socket.remoteAddress}`);
      sendJson(res, 403, {error: 'forbidden'});
      return;
    }
    try {
      sendJson(res, 200, await handleAction(request));
    } catch (error) {
      console.error('действие не выполнено:', error);
      sendJson(res, 200, {ephemeral_text: 'Не получилось выполнить действие. Попробуйте ещё раз через минуту.'});
    }
    return;
  }

  if (req.url === '/time/comment') {
    const submission = payload as DialogSubmission;
    if (submission.type !== 'dialog_submission') {
      sendJson(res, 400, {error: 'ожидалась форма диалога'});
      return;
    }
    try {
      sendJson(res, 200, await handleComment(submission));
    } catch (error) {
      console.error('комментарий не сохранён:', error);
      sendJson(res, 200, {error: 'Комментарий не сохранён: Time не ответил. Попробуйте ещё раз.'});
    }
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
  console.log(`Обработчик кнопок слушает порт ${PORT}`);
});
