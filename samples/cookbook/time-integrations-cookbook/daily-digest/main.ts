// Собирает сообщения канала за последние сутки и отправляет сводку личным сообщением или в другой канал.
// Запуск: npx tsx main.ts

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
const digestTo = env('DIGEST_TO');
// Начало периода в миллисекундах Unix; по умолчанию — сутки назад.
const digestSince = Number(process.env.DIGEST_SINCE || (Math.floor(Date.now() / 1000) - 86400) * 1000);

interface Channel {
  id: string;
  name: string;
}

interface Post {
  id: string;
  create_at: number;
  delete_at: number;
  root_id: string;
  message: string;
}

interface PostList {
  order: string[];
  posts: Record<string, Post>;
}

// Запрос к REST API v4. При ответе не 2xx печатает ошибку сервера и завершает программу.
async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${serverUrl}/api/v4${path}`, {
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
  return JSON.parse(text) as T;
}

async function main(): Promise<void> {
  // 1. Канал по имени.
  const channel = await api<Channel>(
    'GET',
    `/teams/name/${encodeURIComponent(teamName)}/channels/name/${encodeURIComponent(channelName)}`,
  );

  // 2. Всё, что изменилось в канале после DIGEST_SINCE (не больше 1000 сообщений).
  const list = await api<PostList>('GET', `/channels/${channel.id}/posts?since=${digestSince}`);

  // 3. Только новые и не удалённые сообщения, по возрастанию времени; ответы считаются по обсуждениям.
  const fresh = Object.values(list.posts)
    .filter((p) => p.delete_at === 0 && p.create_at >= digestSince)
    .sort((a, b) => a.create_at - b.create_at);
  const roots = fresh.filter((p) => p.root_id === '');
  const replies = fresh.filter((p) => p.root_id !== '');
  const items = roots.map((r) => ({
    id: r.id,
    title: r.message.split('\n')[0],
    replies: replies.filter((p) => p.root_id === r.id).length,
  }));
  console.log(
    `Канал ${channel.name}: новых сообщений: ${fresh.length} (корневых: ${roots.length}, ответов: ${replies.length})`,
  );
  for (const item of items) {
    console.log(`- ${item.title} (ответов: ${item.replies})`);
  }

  // 4. Текст сводки со ссылками на сообщения и отправка адресату.
  const base = `${serverUrl}/${teamName}/pl/`;
  const lines = [
    `**Сводка канала ~${channelName} за сутки** — сообщений: ${fresh.length}, обсуждений: ${roots.length}.`,
    ...items.map((i) => `- [${i.title}](${base}${i.id}) — ответов: ${i.replies}`),
  ];
  const post = await api<{id: string}>('POST', '/posts', {peer: digestTo, message: lines.join('\n')});
  console.log(`Сводка отправлена ${digestTo}: id=${post.id}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

export {};
