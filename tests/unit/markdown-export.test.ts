import {describe, expect, it} from 'vitest';
import {llmsTxt, sidebarDocIds, type Options} from '../../plugins/markdown-export';
import {htmlToMarkdown} from '../../plugins/markdown-export/html-to-markdown';
import {operationToMarkdown, schemaList, typeOf} from '../../plugins/markdown-export/operation-to-markdown';
import {markdownPath} from '../../src/utils/markdownPath';

const ORIGIN = 'https://docs.example.ru';

/** A built doc page: chrome around the article, as Docusaurus writes it. */
const page = (body: string) =>
  `<!doctype html><html><head><title>T</title></head><body><nav class="navbar"><a href="/x">Меню</a></nav><main><article>` +
  `<nav class="theme-doc-breadcrumbs"><a href="/">Главная</a></nav><div class="md-actions"><button>Скопировать как Markdown</button></div>` +
  `<div class="theme-doc-markdown markdown"><header><h1>Заголовок страницы</h1></header>${body}</div>` +
  `<footer class="theme-doc-footer"><a class="theme-edit-this-page" href="https://git/edit">Редактировать страницу</a></footer></article></main></body></html>`;

const md = async (body: string, path = '/guide/page') => (await htmlToMarkdown(page(body), path, ORIGIN))!.markdown;

describe('a built page as Markdown', () => {
  it('keeps the title and the text, and drops breadcrumbs, buttons, hash links and the footer', async () => {
    const out = await md('<h2 id="a">Раздел<a href="#a" class="hash-link">​</a></h2><p>Текст <strong>важный</strong> и <code>код</code>.</p>');
    expect(out).toBe('# Заголовок страницы\n\n## Раздел\n\nТекст **важный** и `код`.\n');
  });

  it('makes links and images absolute and keeps external ones', async () => {
    const out = await md(
      '<p><a href="/deployment/install/docker-compose#step">шаг</a>, <a href="#local">здесь</a>, <a href="https://example.com/">снаружи</a> <img src="/img/a.png" alt="схема"></p>',
    );
    expect(out).toContain(`[шаг](${ORIGIN}/deployment/install/docker-compose#step)`);
    expect(out).toContain(`[здесь](${ORIGIN}/guide/page#local)`);
    expect(out).toContain('[снаружи](https://example.com/)');
    expect(out).toContain(`![схема](${ORIGIN}/img/a.png)`);
  });

  it('writes code blocks with their language and title, from the tokenized lines', async () => {
    const block =
      '<div class="language-bash codeBlockContainer_x theme-code-block"><div class="codeBlockTitle_y">install.sh</div><div class="codeBlockContent_z">' +
      '<pre class="prism-code language-bash"><code><span class="token-line"><span class="token function">sudo</span> ls<br></span><span class="token-line">echo "a | b"<br></span></code></pre>' +
      '<div class="buttonGroup"><button>Копировать</button></div></div></div>';
    expect(await md(block)).toContain('```bash title="install.sh"\nsudo ls\necho "a | b"\n```');
  });

  it('shows every tab under its label, admonitions as quotes, details open, diagrams as their source', async () => {
    const out = await md(
      '<div class="tabs-container"><ul role="tablist"><li role="tab">Docker</li><li role="tab">Kubernetes</li></ul><div><div role="tabpanel"><p>Первый.</p></div><div role="tabpanel" hidden><p>Второй.</p></div></div></div>' +
        '<div class="theme-admonition theme-admonition-note"><div class="admonitionHeading_a"><span class="admonitionIcon_b"><svg></svg></span>примечание</div><div class="admonitionContent_c"><p>Важно знать.</p></div></div>' +
        '<details><summary>Подробнее</summary><p>Скрытый текст.</p></details>' +
        '<div class="mermaid-diagram" data-source="flowchart LR\n  A --> B"><div class="mermaid-diagram__light"><svg><text>A</text></svg></div></div>',
    );
    expect(out).toContain('**Docker**\n\nПервый.\n\n**Kubernetes**\n\nВторой.');
    expect(out).toContain('> **Примечание.** Важно знать.');
    expect(out).toContain('**Подробнее**\n\nСкрытый текст.');
    expect(out).toContain('```mermaid\nflowchart LR\n  A --> B\n```');
  });

  it('writes a setting card as «term: value» items and tables as GFM tables', async () => {
    const out = await md(
      '<dl class="setting-meta"><dt><p>Ключ в config.json</p></dt><dd><p><code>EmailSettings.SMTPServer</code></p></dd><dt><p>Тип</p></dt><dd><p>строка</p></dd></dl>' +
        '<table><thead><tr><th>Порт</th><th>Назначение</th></tr></thead><tbody><tr><td>8065</td><td>API</td></tr></tbody></table>',
    );
    expect(out).toContain('- **Ключ в config.json:** `EmailSettings.SMTPServer`\n- **Тип:** строка');
    expect(out).toContain('| Порт | Назначение |\n| - | - |\n| 8065 | API |');
  });

  it('leaves out form controls and live counters of interactive widgets', async () => {
    const out = await md(
      '<div role="search"><label><span>Ключ</span><input type="search" placeholder="например, SiteURL"></label><select><option>Все разделы</option></select></div>' +
        '<p aria-live="polite">Показано 710 из 710</p><p>Таблица ниже.</p>',
    );
    expect(out).toBe('# Заголовок страницы\n\nТаблица ниже.\n');
  });

  it('lists doc cards as links with their descriptions', async () => {
    const out = await md(
      '<section class="row"><article><a class="card theme-doc-card-container" href="/api/v4/login"><h2 title="Войти"><span>📄️</span><span class="theme-doc-card-title">Войти</span></h2>' +
        '<p class="theme-doc-card-description" title="Открывает сессию.">Открывает…</p></a></article>' +
        '<article><a class="card theme-doc-card-container" href="/api/v4/logout"><h2><span class="theme-doc-card-title">Выйти</span></h2>' +
        '<p class="theme-doc-card-description" title="Токен из `Authorization` перестаёт действовать">Токен…</p></a></article></section>',
    );
    expect(out).toContain(`- [Войти](${ORIGIN}/api/v4/login): Открывает сессию.\n`);
    expect(out).toContain(`- [Выйти](${ORIGIN}/api/v4/logout): Токен из \`Authorization\` перестаёт действовать`);
  });

  it('is undefined for a page without doc content (a redirect stub)', async () => {
    expect(await htmlToMarkdown('<html><head><meta http-equiv="refresh" content="0; url=/a"></head><body></body></html>', '/r', ORIGIN)).toBeUndefined();
  });
});

describe('an API operation as Markdown', () => {
  const api = {
    method: 'post',
    path: '/posts',
    servers: [{url: 'https://{host}/api/v4'}],
    description: 'Публикует сообщение.',
    security: [{bearerAuth: []}],
    securitySchemes: {bearerAuth: {type: 'http', scheme: 'bearer', description: 'Токен в заголовке.'}},
    parameters: [{name: 'set_online', in: 'query', required: false, description: 'Менять ли статус.', schema: {type: 'boolean', default: true}}],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['channel_id'],
            properties: {channel_id: {type: 'string', minLength: 26, maxLength: 26, description: 'Канал.'}, priority: {type: 'string', enum: ['', 'urgent']}},
          },
          example: {channel_id: 'c'.repeat(26)},
        },
      },
    },
    responses: {
      '201': {description: 'Создано.', content: {'application/json': {schema: {type: 'object', properties: {id: {type: 'string'}}}}}},
      '403': {description: 'Нет прав.'},
    },
  };
  const out = operationToMarkdown({title: 'Создать сообщение', api, curl: "curl -X POST 'https://time.example.ru/api/v4/posts'"});

  it('starts with the title, the method and the full path, then the description', () => {
    expect(out.startsWith('# Создать сообщение\n\n`POST /api/v4/posts`\n\nПубликует сообщение.\n')).toBe(true);
  });

  it('lists authorization, parameters, the body with its fields and example, and every response', () => {
    expect(out).toContain('## Авторизация\n\n- `bearerAuth` (HTTP bearer) — Токен в заголовке.');
    expect(out).toContain('| `set_online` | строка запроса | boolean | нет | Менять ли статус. (по умолчанию `true`) |');
    expect(out).toContain('- `channel_id` (string, обязательное) — Канал. (длина 26)');
    expect(out).toContain('- `priority` (string) (значения: пустая строка, `urgent`)');
    expect(out).toContain(`\`\`\`json\n{\n  "channel_id": "${'c'.repeat(26)}"\n}\n\`\`\``);
    expect(out).toContain('### 201 — Создано.');
    expect(out).toContain('### 403 — Нет прав.');
    expect(out).toMatch(/## Пример запроса\n\n```bash\ncurl -X POST/);
  });

  it('makes a response example from the schema when the spec has none', () => {
    expect(out).toContain('```json\n{\n  "id": "string"\n}\n```');
  });

  it('names types of arrays, formats and unions, and stops at circular schemas', () => {
    expect(typeOf({type: 'array', items: {type: 'integer', format: 'int64'}})).toBe('integer (int64)[]');
    expect(typeOf({type: ['string', 'null']})).toBe('string | null');
    const node: Record<string, unknown> = {type: 'object', properties: {}};
    (node.properties as Record<string, unknown>).child = node;
    expect(schemaList(node)).toEqual(['- `child` (object)']);
  });
});

describe('llms.txt', () => {
  const options: Options = {summary: 'Документация Time.', details: 'Каждая страница есть в Markdown.', sections: []};
  const section = {pluginId: 'default', sidebar: 'deployment', title: 'Развёртывание'};
  const doc = (id: string, permalink: string, title: string, description: string) => ({
    id,
    title,
    description,
    permalink,
    source: `@site/docs/${id}.md`,
    frontMatter: {},
  });

  it('has the title, the summary as a quote, the details, and a list of Markdown links per section', () => {
    const out = llmsTxt(
      'Time Docs',
      options,
      [{section, docs: [doc('deployment/index', '/deployment/', 'Развёртывание', 'Как выбрать\nвариант.'), doc('a', '/deployment/a', 'Страница', '')]}],
      ORIGIN,
    );
    expect(out).toBe(
      `# Time Docs\n\n> Документация Time.\n\nКаждая страница есть в Markdown.\n\n## Развёртывание\n\n- [Развёртывание](${ORIGIN}/deployment.md): Как выбрать вариант.\n- [Страница](${ORIGIN}/deployment/a.md)\n`,
    );
  });

  it('follows the sidebar: a category page before its items, links and HTML left out', () => {
    expect(
      sidebarDocIds([
        {type: 'doc', id: 'a'},
        {
          type: 'category',
          label: 'К',
          link: {type: 'doc', id: 'k'},
          items: [
            {type: 'doc', id: 'b'},
            {type: 'link', href: 'https://example.org', label: 'L'},
            {type: 'category', label: 'Г', link: {type: 'generated-index', permalink: '/g'}, items: [{type: 'ref', id: 'c'}]},
          ],
        },
        {type: 'html'},
      ]),
    ).toEqual(['a', 'k', 'b', 'c']);
  });
});

describe('the Markdown address of a page', () => {
  it('is the path with .md, the home page being /index.md', () => {
    expect(markdownPath('/deployment/install/docker-compose')).toBe('/deployment/install/docker-compose.md');
    expect(markdownPath('/deployment/')).toBe('/deployment.md');
    expect(markdownPath('/')).toBe('/index.md');
  });
});
