// Автоматизации Workflow: список в канале, определение в файл, задание на экспорт и копия в другом канале.
// Запуск: npx tsx main.ts
import {writeFileSync} from 'node:fs';

// Маршруты плагина отсчитываются от корня сервера, а не от /api/v4.
const WORKFLOW = '/plugins/ru.tinkoff.mm.workflow';

function env(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`Задайте переменную окружения ${name}`);
    process.exit(1);
  }
  return value;
}

const serverUrl = env('SERVER_URL').replace(/\/+$/, '');
const accessToken = env('ACCESS_TOKEN');
const teamName = env('TEAM_NAME');
const channelName = env('CHANNEL_NAME');
const workflowTitle = env('WORKFLOW_TITLE');
const targetChannelName = env('TARGET_CHANNEL_NAME');
const workflowFile = process.env.WORKFLOW_FILE || 'workflow.json';

interface WorkflowStep {
  id: string;
  type: string;
  channel_id?: string;
  [field: string]: unknown;
}

// Поля схемы Workflow, которые читает программа; остальные копируются как есть.
interface Workflow {
  id: string;
  title: string;
  trigger: string;
  channel_id: string;
  author: string;
  steps: WorkflowStep[];
  [field: string]: unknown;
}

// Запрос к серверу; возвращает тело ответа. При ответе не 2xx печатает ошибку и завершает программу.
async function request(method: string, path: string, body?: unknown): Promise<string> {
  const response = await fetch(`${serverUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${accessToken}`,
      'Content-Type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    console.error(`Ошибка ${method} ${path}: HTTP ${response.status}: ${text}`);
    process.exit(1);
  }
  return text;
}

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  return JSON.parse(await request(method, path, body)) as T;
}

async function channelId(name: string): Promise<string> {
  const channel = await api<{id: string}>(
    'GET',
    `/api/v4/teams/name/${encodeURIComponent(teamName)}/channels/name/${encodeURIComponent(name)}`,
  );
  return channel.id;
}

function describe(w: Workflow): string {
  return `${w.title} (id=${w.id}, триггер ${w.trigger}, шагов: ${w.steps.length})`;
}

async function main(): Promise<void> {
  const me = await api<{id: string}>('GET', '/api/v4/users/me');

  // 1. Автоматизации исходного канала: объект «идентификатор → автоматизация», по названиям.
  const sourceId = await channelId(channelName);
  const byId = await api<Record<string, Workflow>>('GET', `${WORKFLOW}/list/channel/${sourceId}`);
  const workflows = Object.values(byId).sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
  console.log(`Автоматизаций в канале ${channelName}: ${workflows.length}`);
  for (const w of workflows) {
    console.log(`- ${describe(w)}`);
  }
  const found = workflows.find((w) => w.title === workflowTitle);
  if (!found) {
    console.error(`Автоматизация «${workflowTitle}» не найдена в канале ${channelName}`);
    process.exit(1);
  }

  // 2. Полное определение автоматизации; ответ сохраняется в файл как есть.
  const raw = await request('GET', `${WORKFLOW}/${sourceId}/${found.id}`);
  writeFileSync(workflowFile, raw);
  const workflow = JSON.parse(raw) as Workflow;
  console.log(`Определение сохранено в ${workflowFile}: ${describe(workflow)}`);

  // 3. Задание на экспорт: сервер отвечает 201 без тела.
  await request('POST', `${WORKFLOW}/workflows/export/task`, {workflow_id: workflow.id});
  console.log(`Задание на экспорт принято: workflow_id=${workflow.id}`);

  // 4. Копия в целевом канале: шаги, которые писали в исходный канал, пишут в целевой.
  const targetId = await channelId(targetChannelName);
  const copy: Workflow = {
    ...workflow,
    id: '',
    channel_id: targetId,
    author: me.id,
    steps: workflow.steps.map((step) => (step.channel_id === sourceId ? {...step, channel_id: targetId} : step)),
  };
  const created = await api<Workflow[]>('POST', `${WORKFLOW}/${targetId}`, {
    user_id: me.id,
    channel_id: targetId,
    workflow: copy,
  });
  console.log(`Копия создана в канале ${targetChannelName}, автоматизаций в ответе: ${created.length}`);
  for (const w of created) {
    console.log(`- ${describe(w)}, канал ${w.channel_id}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
