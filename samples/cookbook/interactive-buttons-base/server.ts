// Приёмник нажатий кнопок и выбора в меню интерактивного сообщения Time.
// Запуск: ACTION_URL=https://bots.example.ru/actions ACTION_SECRET=... PORT=8080 npx tsx server.ts
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import {timingSafeEqual} from 'node:crypto';

const port = Number(process.env.PORT ?? '8080');
const actionUrl = process.env.ACTION_URL ?? '';
const actionSecret = process.env.ACTION_SECRET ?? '';
const environments = ['staging', 'production'];

// Запрос, который Time присылает на integration.url при нажатии кнопки или выборе пункта меню.
interface ActionRequest {
  user_id?: string;
  user_name?: string;
  channel_id?: string;
  post_id?: string;
  trigger_id?: string;
  type?: string;
  context?: Record<string, unknown>;
}

// Ответ интеграции: новое содержимое сообщения и/или временное сообщение нажавшему.
interface ActionResponse {
  update?: {message: string; props: Record<string, unknown>};
  ephemeral_text?: string;
  error?: string;
}

function context(action: string, release: string, env: string): Record<string, string> {
  return {action, release, env, secret: actionSecret};
}

// Вложение с меню и кнопками — такое же, как публикует main.ts, но с выбранным окружением.
function openAttachment(release: string, env: string): Record<string, unknown> {
  return {
    fallback: `Выкладка сборки ${release}: нужно решение`,
    color: '#2f81f7',
    title: `Выкладка сборки ${release}`,
    text: 'Выберите окружение, затем одобрите или отклоните выкладку.',
    fields: [{short: true, title: 'Окружение', value: env}],
    actions: [
      {
        id: 'env',
        name: 'Окружение',
        type: 'select',
        default_option: env,
        options: environments.map((e) => ({text: e, value: e})),
        integration: {url: actionUrl, context: context('env', release, env)},
      },
      {
        id: 'approve',
        name: 'Одобрить',
        type: 'button',
        style: 'success',
        integration: {url: actionUrl, context: context('approve', release, env)},
      },
      {
        id: 'reject',
        name: 'Отклонить',
        type: 'button',
        style: 'danger',
        integration: {url: actionUrl, context: context('reject', release, env)},
      },
    ],
  };
}

// Вложение без кнопок: решение принято, нажимать больше нечего.
function closedAttachment(release: string, env: string, color: string, text: string): Record<string, unknown> {
  return {
    fallback: `Выкладка сборки ${release}: ${text}`,
    color,
    title: `Выкладка сборки ${release}`,
    text,
    fields: [{short: true, title: 'Окружение', value: env}],
  };
}

function sameSecret(value: unknown): boolean {
  const got = Buffer.from(typeof value === 'string' ? value : '');
  const want = Buffer.from(actionSecret);
  return got.length === want.length && timingSafeEqual(got, want);
}

function handle(payload: ActionRequest): [number, ActionResponse] {
  const ctx = payload.context ?? {};
  if (!sameSecret(ctx.secret)) {
    return [403, {error: 'invalid secret'}];
  }
  const user = payload.user_name ?? payload.user_id ?? '';
  const release = String(ctx.release ?? '');
  const env = String(ctx.env ?? 'staging');

  switch (ctx.action) {
    case 'env': {
      // Выбранный пункт меню сервер кладёт в context.selected_option.
      const selected = String(ctx.selected_option ?? '');
      if (!environments.includes(selected)) {
        return [200, {ephemeral_text: `Неизвестное окружение: ${selected}`}];
      }
      return [
        200,
        {
          update: {
            message: `Сборка **${release}** готова к выкладке.`,
            props: {attachments: [openAttachment(release, selected)]},
          },
          ephemeral_text: `Окружение выкладки: ${selected}.`,
        },
      ];
    }
    case 'approve':
      return [
        200,
        {
          update: {
            message: `Сборка **${release}** одобрена к выкладке в ${env}: @${user}.`,
            props: {attachments: [closedAttachment(release, env, '#2da44e', 'Одобрено')]},
          },
          ephemeral_text: `Вы одобрили выкладку сборки ${release} в ${env}.`,
        },
      ];
    case 'reject':
      return [
        200,
        {
          update: {
            message: `Выкладка сборки **${release}** отклонена: @${user}.`,
            props: {attachments: [closedAttachment(release, env, '#cf222e', 'Отклонено')]},
          },
          ephemeral_text: `Вы отклонили выкладку сборки ${release}.`,
        },
      ];
    default:
      return [400, {error: `unknown action: ${String(ctx.action)}`}];
  }
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  const data = JSON.stringify(body);
  res.writeHead(status, {'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data)});
  res.end(data);
}

const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  if (req.method !== 'POST' || req.url !== '/actions') {
    reply(res, 404, {error: 'not found'});
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    let payload: ActionRequest;
    try {
      payload = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as ActionRequest;
    } catch {
      reply(res, 400, {error: 'invalid JSON'});
      return;
    }
    const [status, body] = handle(payload);
    console.log(`${payload.user_name ?? ''} ${payload.post_id ?? ''} ${String(payload.context?.action)} -> ${status}`);
    reply(res, status, body);
  });
});

if (!actionUrl || !actionSecret) {
  console.error('Задайте ACTION_URL и ACTION_SECRET');
  process.exit(1);
}
server.listen(port, () => console.log(`Приёмник действий слушает порт ${port}`));
