// Сервис slash-команды /deploy: проверяет токен, сразу отвечает и позже присылает итог через response_url.
// Запуск: COMMAND_TOKEN=... PORT=8080 npx tsx server.ts
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import {timingSafeEqual} from 'node:crypto';

const port = Number(process.env.PORT ?? '8080');
const commandToken = process.env.COMMAND_TOKEN ?? '';
const deploySeconds = Number(process.env.DEPLOY_SECONDS ?? '15');
const environments = ['staging', 'prod'];
let nextPipeline = 5812;

// Ответ сервиса slash-команды (CommandResponse).
interface CommandResponse {
  response_type?: 'ephemeral' | 'in_channel';
  text: string;
}

function ephemeral(text: string): CommandResponse {
  return {response_type: 'ephemeral', text};
}

function sameToken(value: string): boolean {
  const got = Buffer.from(value);
  const want = Buffer.from(commandToken);
  return commandToken !== '' && got.length === want.length && timingSafeEqual(got, want);
}

// Имитирует выкладку и публикует итог отложенным ответом на response_url.
function finishLater(responseUrl: string, env: string, version: string, pipeline: number, user: string): void {
  setTimeout(() => {
    const body: CommandResponse = {
      response_type: 'in_channel',
      text: `Выкладка **${version}** в ${env} завершена (конвейер ${pipeline}). @${user}, проверьте результат.`,
    };
    fetch(responseUrl, {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)})
      .then((res) => console.log(`Отложенный ответ отправлен: HTTP ${res.status}`))
      .catch((err: unknown) => console.error(`Отложенный ответ не доставлен: ${String(err)}`));
  }, deploySeconds * 1000);
}

function handle(form: URLSearchParams, authorization: string): [number, CommandResponse] {
  const token = authorization.startsWith('Token ') ? authorization.slice('Token '.length) : form.get('token') ?? '';
  if (!sameToken(token)) {
    return [401, {text: 'invalid token'}];
  }
  const args = (form.get('text') ?? '').split(/\s+/).filter((a) => a !== '');
  if (args.length !== 2 || !environments.includes(args[0])) {
    return [200, ephemeral('Неизвестная среда. Укажите `staging` или `prod`: `/deploy staging 1.4.2`.')];
  }
  const [env, version] = args;
  const pipeline = nextPipeline++;
  finishLater(form.get('response_url') ?? '', env, version, pipeline, form.get('user_name') ?? '');
  return [
    200,
    {
      response_type: 'in_channel',
      text: `Выкладка **${version}** в ${env} запущена: https://ci.example.ru/pipelines/${pipeline}`,
    },
  ];
}

function reply(res: ServerResponse, status: number, body: CommandResponse): void {
  const data = JSON.stringify(body);
  res.writeHead(status, {'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data)});
  res.end(data);
}

const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  if (req.method !== 'POST' || req.url !== '/command') {
    reply(res, 404, {text: 'not found'});
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    // Time присылает поля формой application/x-www-form-urlencoded.
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const [status, body] = handle(form, req.headers.authorization ?? '');
    console.log(`${form.get('user_name') ?? ''} ${form.get('command') ?? ''} ${form.get('text') ?? ''} -> ${status}`);
    reply(res, status, body);
  });
});

if (!commandToken) {
  console.error('Задайте COMMAND_TOKEN — токен slash-команды из ответа POST /api/v4/commands');
  process.exit(1);
}
server.listen(port, () => console.log(`Сервис slash-команды слушает порт ${port}`));
