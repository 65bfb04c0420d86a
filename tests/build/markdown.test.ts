/**
 * Docs where readers are, as built: the Markdown copy of every doc page, llms.txt and
 * llms-full.txt (plugins/markdown-export), and the edit link and update date of each page.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {site} from '../../config/site';
import {llms as llmsOptions} from '../../config/llms';
import {fileOfRoute, readSidebars, type SidebarItem} from '../../plugins/shared/built-site';
import {listFiles} from '../../plugins/shared/files';
import {markdownPath} from '../../src/utils/markdownPath';

const root = path.resolve(__dirname, '../..');
const build = path.join(root, 'build');
const read = (file: string) => fs.readFileSync(path.join(build, file), 'utf8');
const htmlOf = (route: string) => read(path.join(route, 'index.html'));
const mdOf = (route: string) => read(decodeURIComponent(markdownPath(route)));

/** Doc pages: every built page that shows the Markdown actions, by its path on the site. */
const docRoutes = listFiles(build, (file) => file.endsWith('index.html'))
  .filter((file) => fs.readFileSync(file, 'utf8').includes('md-actions'))
  .map((file) => `/${path.relative(build, path.dirname(file))}`.replace(/\/$/, '') || '/');

/** Markdown outside code blocks and code spans: what a reader or a model takes as the page's syntax. */
const prose = (markdown: string) => markdown.replace(/^(```+|~~~+)[^\n]*\n[\s\S]*?^\1\s*$/gm, '').replace(/(`+)[^`\n][\s\S]*?\1/g, '');
/** Non-breaking spaces (set by the typography plugin) as plain ones, for comparing text. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('the Markdown copy of every doc page', () => {
  it('exists for each of the ~620 doc pages, guides and API reference alike', () => {
    expect(docRoutes.length).toBeGreaterThan(600);
    expect(docRoutes).toEqual(
      expect.arrayContaining([
        '/',
        '/deployment/install/docker-compose',
        '/administration/settings/environment/smtp',
        '/api/v4/create-post',
        '/api/v4/introduction',
        '/api/v5/auth-service/login',
      ]),
    );
    const missing = docRoutes.filter((route) => !fs.existsSync(path.join(build, decodeURIComponent(markdownPath(route)))));
    expect(missing).toEqual([]);
  });

  it('starts with the page title, has no front matter, no MDX and only absolute links', () => {
    const problems: string[] = [];
    for (const route of docRoutes) {
      const markdown = mdOf(route);
      const text = prose(markdown);
      const title = /<h1[^>]*>(.*?)<\/h1>/
        .exec(htmlOf(route))?.[1]
        ?.replace(/<[^>]+>/g, '')
        .replace(/&nbsp;|\u00a0/g, ' ');
      if (!markdown.startsWith('# ')) problems.push(`${route}: does not start with a title`);
      if (title && markdown.split('\n')[0].replace(/\u00a0/g, ' ') !== `# ${title}`) problems.push(`${route}: title «${markdown.split('\n')[0]}» ≠ «${title}»`);
      if (/^---\n/.test(markdown)) problems.push(`${route}: front matter`);
      if (/^(import|export) /m.test(text) || /<\/?(Tabs|TabItem|SettingsCatalogue|SettingsIndex|TaskCards|details|div|span)\b/.test(text))
        problems.push(`${route}: MDX or HTML left`);
      if (/\]\((?!https?:|mailto:)[^)]*\)/.test(text)) problems.push(`${route}: relative link ${/\]\((?!https?:|mailto:)[^)]*\)/.exec(text)![0]}`);
    }
    expect(problems).toEqual([]);
  });

  it('renders what components drew: tabs, admonitions, diagrams, setting cards and the operation’s schemas', () => {
    const guide = mdOf('/deployment/install/docker-compose');
    expect(guide).toContain('```mermaid\n');
    expect(guide).toMatch(/^> \*\*(Предупреждение|Примечание|Подсказка|Внимание)\.\*\* /m);
    expect(guide).toContain(`](${site.url}/deployment/install/gossip)`);
    expect(mdOf('/integrations/slack-time-proxy/examples')).toMatch(/^\*\*Python\*\*\n\n```python title="main\.py"/m);
    expect(plain(mdOf('/administration/settings/environment/smtp'))).toContain(
      '- **Ключ в config.json:** `EmailSettings.SMTPServer`\n- **Переменная окружения:** `TIME_EMAILSETTINGS_SMTPSERVER`',
    );
    const operation = mdOf('/api/v4/create-post');
    expect(operation).toMatch(/^# Создать сообщение\n\n`POST \/api\/v4\/posts`\n/);
    expect(operation).toContain('## Тело запроса');
    expect(operation).toMatch(/- `channel_id` \(string\) — /);
    expect(operation).toMatch(/### 201 — /);
    expect(operation).toMatch(/## Пример запроса\n\n```bash\ncurl /);
  });
});

describe('llms.txt', () => {
  const llms = read('llms.txt');
  const links = [...llms.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)(?:: (.+))?$/gm)];

  it('has the site title, a summary quote and the sections in the llms.txt format', () => {
    expect(llms.startsWith(`# ${site.title}\n\n> `)).toBe(true);
    const sections = [...llms.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(sections).toEqual([
      'Общее',
      'Развёртывание',
      'Администрирование',
      'Интеграции',
      'API: обзор и рецепты',
      'Лицензии',
      'Справочник API v4',
      'Справочник API v5',
    ]);
    // Every line of a section is a link item: nothing else in between.
    const body = llms.slice(llms.indexOf('\n## '));
    expect(body.split('\n').filter((line) => line !== '' && !line.startsWith('## ') && !line.startsWith('- ['))).toEqual([]);
  });

  it('links the Markdown copy of every doc page in the sidebars, once, with its description', () => {
    const urls = links.map((match) => match[2]);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.every((url) => url.startsWith(`${site.url}/`) && url.endsWith('.md'))).toBe(true);
    const local = urls.map((url) => url.slice(site.url.length));
    expect(local.filter((file) => !fs.existsSync(path.join(build, decodeURIComponent(file))))).toEqual([]);
    expect(local.length).toBeGreaterThan(600);
    expect(local).toEqual(
      expect.arrayContaining(['/deployment/install/docker-compose.md', '/administration/settings/environment/smtp.md', '/api/v4/create-post.md']),
    );
    const described = links.filter((match) => match[3]);
    expect(described.length / links.length).toBeGreaterThan(0.95);
  });
});

describe('the sidebars written for the tooling that reads the build (the PDF guides)', () => {
  const links = (items: SidebarItem[]): SidebarItem[] => items.flatMap((item) => (item.type === 'category' ? [item, ...links(item.items)] : [item]));

  it('lead to built pages, in the order llms.txt lists each section', () => {
    const llms = read('llms.txt');
    for (const {pluginId, sidebar, title} of llmsOptions.sections) {
      const items = readSidebars(build, pluginId)[sidebar];
      expect(items, `${pluginId}/${sidebar}`).toBeDefined();
      const hrefs = links(items).flatMap((item) => (item.href && !/^[a-z]+:/.test(item.href) ? [item.href] : []));
      expect(
        hrefs.filter((href) => !fileOfRoute(build, href)),
        `${sidebar}: no page in the build`,
      ).toEqual([]);
      const section = llms.slice(llms.indexOf(`## ${title}\n`)).split('\n## ')[0];
      const listed = [...section.matchAll(/^- \[[^\]]+\]\(([^)]+)\)/gm)].map((match) => match[1].slice(site.url.length));
      const sidebarDocs = hrefs.map((href) => markdownPath(href)).filter((file) => listed.includes(file));
      expect([...new Set(sidebarDocs)], sidebar).toEqual(listed);
    }
  });
});

describe('llms-full.txt', () => {
  const full = read('llms-full.txt');

  it('holds every guide page with its source address, and not the generated API operations', () => {
    for (const route of [
      '/',
      '/deployment/install/docker-compose',
      '/administration/settings/environment/smtp',
      '/integrations/slash_commands',
      '/api/cookbook/websockets',
      '/license/licences',
      '/faq',
      '/api/v4/introduction',
    ]) {
      const title = mdOf(route).split('\n')[0];
      expect(full, route).toContain(`${title}\n\nИсточник: ${site.url}${route}\n`);
    }
    expect(full).not.toContain('# Создать сообщение\n');
    expect(full).not.toContain('`POST /api/v4/posts`\n');
  });
});

describe('edit link and update date', () => {
  const footer = (route: string) => /<footer class="theme-doc-footer[\s\S]*?<\/footer>/.exec(htmlOf(route))?.[0] ?? '';

  it('a guide page links to its source in the repository and shows when it last changed', () => {
    for (const [route, source] of [
      ['/deployment/install/docker-compose', 'docs/deployment/install/docker-compose.md'],
      ['/api/v4/introduction', 'api-reference/v4/introduction.md'],
    ]) {
      const html = footer(route);
      expect(fs.existsSync(path.join(root, source)), source).toBe(true);
      expect(html).toContain(`href=${site.editUrl}${source} `);
      expect(html).toContain('Редактировать страницу');
      expect(html).toMatch(/Обновлено <time datetime=\d{4}-\d\d-\d\dT[\d:.]+Z>\d{1,2} [а-я]+ \d{4}\u00a0г\.<\/time>/);
    }
  });

  it('a generated API page shows neither', () => {
    for (const route of ['/api/v4/create-post', '/api/v5/auth-service/login']) {
      const html = htmlOf(route);
      expect(html).not.toContain('theme-edit-this-page');
      expect(html).not.toContain('theme-last-updated');
    }
  });
});
