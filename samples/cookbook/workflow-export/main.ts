// Экспортирует автоматизацию Workflow из канала в файл JSON и импортирует её в другой канал.
// Запуск: npx tsx main.ts
import {readFileSync, writeFileSync} from 'node:fs';

const WF = '/plugins/workflow/api/v1';

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
const workflowName = env('WORKFLOW_NAME');
const targetChannelName = env('TARGET_CHANNEL_NAME');
const exportFile = process.env.EXPORT_FILE || 'workflow.json';

interface Channel {
  id: string;
  name: string;
}

interface Workflow {
  id: string;
  name: string;
  enabled: boolean;
  trigger: {type: string};
}

interface WorkflowExport {
  format: string;
  format_version: number;
}

// Запрос к REST API v4; возвращает тело ответа. При ответе не 2xx печатает ошибку и завершает программу.
async function request(method: string, path: string, body?: string): Promise<string> {
  const response = await fetch(`${serverUrl}/api/v4${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${accessToken}`,
      'Content-Type': 'application/json',
    },
    body,
  });
  const text = await response.text();
  if (!response.ok) {
    console.error(`Ошибка ${method} ${path}: HTTP ${response.status}: ${text}`);
    process.exit(1);
  }
  return text;
}

async function api<T>(method: string, path: string): Promise<T> {
  return JSON.parse(await request(method, path)) as T;
}

function channelByName(name: string): Promise<Channel> {
  return api<Channel>('GET', `/teams/name/${encodeURIComponent(teamName)}/channels/name/${encodeURIComponent(name)}`);
}

function state(workflow: Workflow): string {
  return workflow.enabled ? 'включена' : 'выключена';
}

async function main(): Promise<void> {
  // 1. Исходный канал и его автоматизации.
  const source = await channelByName(channelName);
  const workflows = await api<Workflow[]>('GET', `${WF}/channels/${source.id}/workflows`);
  console.log(`Автоматизаций в канале ${source.name}: ${workflows.length}`);
  for (const w of workflows) {
    console.log(`- ${w.name} (id=${w.id}, триггер ${w.trigger.type}, ${state(w)})`);
  }

  // 2. Нужная автоматизация по названию.
  const found = workflows.find((w) => w.name === workflowName);
  if (!found) {
    console.error(`Автоматизация «${workflowName}» не найдена в канале ${channelName}`);
    process.exit(1);
  }

  // 3. Экспорт в файл — тело ответа сохраняется как есть.
  const exported = await request('GET', `${WF}/workflows/${found.id}/export`);
  writeFileSync(exportFile, exported);
  const file = JSON.parse(exported) as WorkflowExport;
  console.log(`Экспорт сохранён в ${exportFile}: формат ${file.format}, версия формата ${file.format_version}`);

  // 4. Импорт файла в другой канал той же команды.
  const target = await channelByName(targetChannelName);
  const imported = JSON.parse(
    await request('POST', `${WF}/channels/${target.id}/workflows/import`, readFileSync(exportFile, 'utf8')),
  ) as Workflow;
  console.log(`Импортировано в канал ${targetChannelName}: id=${imported.id}, ${state(imported)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
