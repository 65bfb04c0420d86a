import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {checkSite, formatProblems} from '../../plugins/content-check/rules';
import {linksOn, SiteIndex} from '../../plugins/content-check/links';
import contentCheck from '../../plugins/content-check';
import type {LoadContext} from '@docusaurus/types';

const root = path.resolve(__dirname, '../..');
const front = (title: string) => `---\ntitle: ${title}\ndescription: Страница для проверки ссылок между страницами сайта.\nkeywords: [ссылки, links]\n---\n`;

/** A small site: two guides, a settings page from the catalogue, an API chapter and a spec. */
function fixture(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'time-docs-links-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    fs.writeFileSync(path.join(dir, file), text);
  }
  made.push(dir);
  return dir;
}
const made: string[] = [];
afterAll(() => made.forEach((dir) => fs.rmSync(dir, {recursive: true, force: true})));

const site = (guide: string) =>
  fixture({
    'docs/install/guide.md': guide,
    'docs/install/index.md': `${front('Установка')}\n## Требования {#requirements}\n\nТекст.\n\n<a id="legacy"></a>\n`,
    'docs/administration/settings/environment/smtp.md': `${front('SMTP')}\n<SettingsCatalogue />\n`,
    'data/settings/environment/smtp.yaml': fs.readFileSync(path.join(root, 'data/settings/environment/smtp.yaml'), 'utf8'),
    'api-reference/v4/errors.md': `${front('Ошибки')}\n## Формат ошибки {#format}\n`,
    'openapi/v4/openapi.yaml': 'openapi: 3.1.0\ntags:\n  - name: posts\n',
    'openapi/v4/paths/posts.yaml': 'paths:\n  /posts:\n    post:\n      operationId: CreatePost\n      tags: [posts]\n',
  });

const guide = (...lines: string[]) => `${front('Руководство')}\n## Начало {#start}\n\n${lines.join('\n\n')}\n`;
/** The line a text sits on in the guide above. */
const lineOf = (source: string, text: string) => source.split('\n').findIndex((l) => l.includes(text)) + 1;

describe('links in Markdown pages', () => {
  it('accepts links to files, routes, headings, ids, catalogue settings, API pages and outside the site', () => {
    const source = guide(
      '[установка](./index.md#requirements), [старый якорь](index.md#legacy), [здесь](#start)',
      '[SMTP](../administration/settings/environment/smtp.md#emailsettings-smtpserver), [раздел](/administration/settings/environment/smtp#connection)',
      '[публикация](/api/v4/create-post), [тег](/api/v4/posts), [ошибки](/api/v4/errors#format), [поиск](/search)',
      '[сайт](https://example.ru/x.md#nope), [файл](pathname:///openapi/v4.yaml), [почта](mailto:a@example.ru)',
      'Пример ссылки в коде: `[текст](nope.md)`.',
      '```md\n[в примере](missing.md)\n```',
    );
    expect(checkSite(site(source))).toEqual([]);
  });

  it('names the file and line of a link to a missing Markdown file', () => {
    const source = guide('Текст.', 'См. [удалённую страницу](../install/removed.md).');
    expect(checkSite(site(source))).toEqual([
      {file: 'docs/install/guide.md', line: lineOf(source, 'removed.md'), message: 'links to docs/install/removed.md, which does not exist'},
    ]);
  });

  it('names the file and line of a link to a URL path that is no page of the site', () => {
    const source = guide('См. [настройки](/administration/nope).');
    const problems = checkSite(site(source));
    expect(formatProblems(problems)).toBe(
      `  docs/install/guide.md:${lineOf(source, '/administration/nope')} — links to /administration/nope, which is not a page of the site`,
    );
  });

  it('names every form of a link to a missing Markdown file: relative, bare, absolute, @site', () => {
    const source = guide('[a](./gone-a.md)', '[b](gone-b.mdx)', '[c](/install/gone-c.md)', '[d](@site/docs/gone-d.md)');
    expect(checkSite(site(source)).map((p) => `${p.file}:${p.line} ${p.message}`)).toEqual([
      `docs/install/guide.md:${lineOf(source, 'gone-a')} links to docs/install/gone-a.md, which does not exist`,
      `docs/install/guide.md:${lineOf(source, 'gone-b')} links to docs/install/gone-b.mdx, which does not exist`,
      `docs/install/guide.md:${lineOf(source, 'gone-c')} links to docs/install/gone-c.md, which does not exist`,
      `docs/install/guide.md:${lineOf(source, 'gone-d')} links to docs/gone-d.md, which does not exist`,
    ]);
  });

  it('names every form of a link to a missing URL path: absolute, relative, with a slash or an anchor', () => {
    const source = guide(
      '[a](/administration/no-such-page)',
      '[b](../no-such-section/)',
      '[c](no-such-sibling#part)',
      '<Link to="/install/no-such">карточка</Link>',
    );
    expect(checkSite(site(source)).map((p) => `${p.line} ${p.message}`)).toEqual([
      `${lineOf(source, '/administration/no-such-page')} links to /administration/no-such-page, which is not a page of the site`,
      `${lineOf(source, 'no-such-section')} links to ../no-such-section/, which is not a page of the site`,
      `${lineOf(source, 'no-such-sibling')} links to no-such-sibling, which is not a page of the site`,
      `${lineOf(source, '/install/no-such')} links to /install/no-such, which is not a page of the site`,
    ]);
  });

  it('resolves a link by file as Docusaurus does: /x.md from the docs folder, a bare x.md from the page, the docs folder or the site', () => {
    const source = guide('[a](/install/index.md#requirements)', '[b](install/index.md)', '[c](@site/docs/install/index.md)', '[d](docs/install/index.md)');
    expect(checkSite(site(source))).toEqual([]);
  });

  it('refuses a link by file to a page of another docs folder, which Docusaurus cannot resolve, and names its address', () => {
    const source = guide('[ошибки](../../api-reference/v4/errors.md#format)');
    expect(checkSite(site(source)).map((p) => p.message)).toEqual([
      'links to api-reference/v4/errors.md, a page of api-reference/v4/: a link by file works only within one docs folder (docs/), link to its address /api/v4/errors instead',
    ]);
  });

  it('checks the links in the settings catalogue as links of the page it renders on, with the YAML file and line', () => {
    const smtp = fs.readFileSync(path.join(root, 'data/settings/environment/smtp.yaml'), 'utf8');
    const yaml = smtp.replace('Имя хоста или IP-адрес', 'Имя хоста ([нет](/administration/nope), [раздел](#connection), [нет якоря](#nope)) или IP-адрес');
    expect(yaml).not.toBe(smtp);
    const dir = site(guide('Текст.'));
    fs.writeFileSync(path.join(dir, 'data/settings/environment/smtp.yaml'), yaml);
    const line = lineOf(yaml, '[нет якоря]');
    expect(checkSite(dir).map((p) => `${p.file}:${p.line} ${p.message}`)).toEqual([
      `data/settings/environment/smtp.yaml:${line} links to /administration/nope, which is not a page of the site`,
      `data/settings/environment/smtp.yaml:${line} links to #nope, which is not an anchor of this page`,
    ]);
  });

  it('names the file and line of a missing anchor: in another page, in the same page, in the catalogue', () => {
    const source = guide(
      '[нет](./index.md#missing)',
      '[нет здесь](#nowhere)',
      '[нет параметра](../administration/settings/environment/smtp.md#emailsettings-nope)',
      '<Link to="/install/#gone">карточка</Link>',
    );
    expect(checkSite(site(source)).map((p) => `${p.file}:${p.line} ${p.message}`)).toEqual([
      `docs/install/guide.md:${lineOf(source, '#missing')} links to #missing, which is not an anchor of docs/install/index.md`,
      `docs/install/guide.md:${lineOf(source, '#nowhere')} links to #nowhere, which is not an anchor of this page`,
      `docs/install/guide.md:${lineOf(source, '#emailsettings-nope')} links to #emailsettings-nope, which is not an anchor of docs/administration/settings/environment/smtp.md`,
      `docs/install/guide.md:${lineOf(source, '#gone')} links to #gone, which is not an anchor of /install`,
    ]);
  });

  it('fails the build (the content-check plugin) with the file and line', async () => {
    const source = guide('Текст.', '[нет](/administration/nope)');
    const plugin = contentCheck({siteDir: site(source)} as LoadContext);
    await expect(plugin.loadContent!()).rejects.toThrow(
      `docs/install/guide.md:${lineOf(source, 'nope')} — links to /administration/nope, which is not a page of the site`,
    );
  });

  it('knows API pages only from the spec: an operation that does not exist is reported', () => {
    const source = guide('[удалить](/api/v4/delete-post)');
    expect(checkSite(site(source)).map((p) => p.message)).toEqual(['links to /api/v4/delete-post, which is not a page of the site']);
  });

  it('gives headings without an explicit id the slug Docusaurus gives them', () => {
    const dir = site(guide('[раздел](#second-part)', '### Second `part`'));
    expect(new SiteIndex(dir).byFile.get(path.join(dir, 'docs/install/guide.md'))?.anchors).toEqual(new Set(['start', 'second-part']));
  });

  it('finds inline links, reference definitions and component props, not images', () => {
    expect(linksOn('a [b](x.md "t") ![i](img.png) [c [d]](<y.md#z>)')).toEqual(['x.md', 'y.md#z']);
    expect(linksOn('[ref]: ./z.md')).toEqual(['./z.md']);
    expect(linksOn('[^1]: Сноска, не ссылка.')).toEqual([]);
    expect(linksOn(`      to: '/deployment/',`)).toEqual(['/deployment/']);
  });

  // Reads every page, the catalogue and both specs: allow for a machine busy with a build.
  it('passes on the real pages', {timeout: 30_000}, () => {
    expect(formatProblems(checkSite(root))).toBe('');
  });
});
