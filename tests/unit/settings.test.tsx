import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import {anchorForKey, CatalogueError, loadCatalogue, parseSettingsFile, routeForPage, SETTINGS_DIR} from '../../plugins/settings/catalogue';
import {envVarForKey} from '../../plugins/settings/env-var';
import {pageIdForDoc, pageNodes} from '../../plugins/settings/remark';
import {indexEntries} from '../../plugins/settings';
import SettingsIndex, {filterEntries} from '../../src/components/SettingsIndex';

const setting = (extra: Record<string, unknown> = {}) => ({
  key: 'EmailSettings.SMTPPort',
  name: 'Порт сервера SMTP',
  type: 'integer',
  default: 25,
  description: 'TCP-порт почтового сервера, к которому подключается Time для отправки писем.',
  restart: false,
  ...extra,
});
const file = (settings: unknown[], top: Record<string, unknown> = {}) =>
  JSON.stringify({console: 'Среда → SMTP', sections: [{title: 'Подключение', id: 'connection', settings}], ...top});
const problems = (settings: unknown[], top: Record<string, unknown> = {}) =>
  parseSettingsFile('data/settings/environment/smtp.yaml', 'environment/smtp', file(settings, top)).problems;

describe('settings catalogue schema', () => {
  it('accepts a complete entry and derives env var, anchor and URL from the key', () => {
    const {page, problems: found} = parseSettingsFile('x.yaml', 'environment/smtp', file([setting()]));
    expect(found).toEqual([]);
    const s = page!.sections[0].settings[0];
    expect(s.env).toBe('TIME_EMAILSETTINGS_SMTPPORT');
    expect(s.anchor).toBe('emailsettings-smtpport');
    expect(s.url).toBe('/administration/settings/environment/smtp#emailsettings-smtpport');
    expect(s.consolePath).toBe('Среда → SMTP');
  });

  it('names the file and the entry in every message', () => {
    const [message] = problems([setting({type: 'port'})]);
    expect(message).toMatch(/^data\/settings\/environment\/smtp\.yaml:1: section "connection", entry 1 \(EmailSettings\.SMTPPort\): type: type must be one of/);
  });

  it.each([
    ['an unknown type', {type: 'port'}, /type must be one of/],
    ['a missing description', {description: undefined}, /description/],
    ['a description that is not a sentence', {description: 'Порт.'}, /description is required/],
    ['a missing restart flag', {restart: undefined}, /restart/],
    ['a string default for an integer', {default: '25'}, /default "25" is not an integer/],
    ['a default outside the range', {min: 1, max: 10, default: 25}, /outside 1…10/],
    ['a string default for a boolean', {type: 'boolean', default: 'true'}, /not true or false/],
    ['an enum default outside its values', {type: 'enum', values: ['TLS', 'STARTTLS'], default: 'SSL'}, /not one of values/],
    ['an enum without values', {type: 'enum', default: 'TLS'}, /needs values/],
    ['values on a non-enum', {type: 'string', default: '', values: ['a']}, /only for type enum/],
    ['a list of numbers', {type: 'list', default: [1, 2]}, /not a list of strings/],
    ['a missing default', {default: undefined}, /default is required/],
    ['a key of an unknown section', {key: 'MailSettings.Port'}, /"MailSettings" is not a known config section/],
    ['a key that is not Section.Setting', {key: 'smtp_port'}, /key must look like Section.Setting/],
    ['an unknown field (typo)', {descripton: 'x'}, /descripton/],
  ])('rejects %s', (_, extra, pattern) => {
    expect(problems([setting(extra)]).join('\n')).toMatch(pattern);
  });

  it('allows null as «не задано» for any type', () => {
    expect(problems([setting({default: null})])).toEqual([]);
  });

  it('rejects a file without a console path, invalid YAML and duplicate section ids', () => {
    expect(problems([setting()], {console: undefined}).join()).toMatch(/console/);
    expect(parseSettingsFile('bad.yaml', 'p', 'console: [').problems[0]).toMatch(/^bad\.yaml: not valid YAML/);
    const twice = JSON.stringify({
      console: 'Среда',
      sections: [
        {title: 'Раздел А', id: 'a', settings: [setting()]},
        {title: 'Раздел Б', id: 'a', settings: [setting({key: 'EmailSettings.Other'})]},
      ],
    });
    expect(parseSettingsFile('f.yaml', 'p', twice).problems).toEqual(['f.yaml: duplicate section id "a"']);
  });

  it('fails the whole catalogue on a key documented in two files', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-'));
    fs.mkdirSync(path.join(dir, 'environment'));
    fs.writeFileSync(path.join(dir, 'environment/smtp.yaml'), file([setting()]));
    fs.writeFileSync(path.join(dir, 'environment/other.yaml'), file([setting({key: 'emailsettings.smtpport'.replace(/^e/, 'E')})]));
    expect(() => loadCatalogue(dir, dir, null)).toThrow(CatalogueError);
    expect(() => loadCatalogue(dir, dir, null)).toThrow(/duplicate key EmailSettings\.smtpport|duplicate key EmailSettings\.SMTPPort/);
    fs.rmSync(dir, {recursive: true, force: true});
  });
});

describe('derived names', () => {
  it('anchors and routes come from the key and the page id', () => {
    expect(anchorForKey('EmailSettings.SMTPServer')).toBe('emailsettings-smtpserver');
    expect(anchorForKey('PluginSettings.Plugins.jira.Secret')).toBe('pluginsettings-plugins-jira-secret');
    expect(routeForPage('environment/smtp')).toBe('/administration/settings/environment/smtp');
  });

  it('maps doc files to catalogue pages', () => {
    expect(pageIdForDoc('/site/docs/administration/settings/environment/smtp.md', '/site/docs')).toBe('environment/smtp');
    expect(pageIdForDoc('/site/docs/administration/settings/jobs.mdx', '/site/docs')).toBe('jobs');
    expect(pageIdForDoc('/site/docs/faq.md', '/site/docs')).toBeNull();
  });
});

describe('the catalogue in data/settings', () => {
  const catalogue = loadCatalogue();
  const docs = path.resolve(__dirname, '../../docs/administration/settings');

  it('documents at least 350 settings', () => {
    expect(catalogue.settings.length).toBeGreaterThanOrEqual(350);
  });

  it('derives every environment variable with the one rule; plugin settings have none of their own', () => {
    for (const s of catalogue.settings) expect(s.env, s.key).toBe(s.plugin ? null : envVarForKey(s.key));
  });

  it('gives every setting an anchor unique within its page, distinct from section ids', () => {
    for (const page of catalogue.pages.values()) {
      const ids = page.sections.flatMap((s) => [s.id, ...s.settings.map((x) => x.anchor)]);
      expect(ids.length, page.file).toBe(new Set(ids).size);
    }
  });

  it('renders every catalogue file on exactly one page, through exactly one placeholder', () => {
    for (const id of catalogue.pages.keys()) {
      const source = ['md', 'mdx'].map((ext) => path.join(docs, `${id}.${ext}`)).find((f) => fs.existsSync(f));
      expect(source, `data/settings/${id}.yaml has no page docs/administration/settings/${id}.md`).toBeDefined();
      const text = fs.readFileSync(source!, 'utf8');
      expect(text.match(/^<SettingsCatalogue \/>$/gm)?.length, source).toBe(1);
    }
  });

  it('builds one h2 per section and one h3 per setting with the derived anchor', () => {
    const page = catalogue.pages.get('environment/smtp')!;
    const nodes = pageNodes(page, (md) => [{type: 'paragraph', children: [{type: 'text', value: md}]}]) as {
      type: string;
      depth?: number;
      data?: {hProperties: {id: string}};
    }[];
    const headings = nodes.filter((n) => n.type === 'heading');
    const expected = page.sections.flatMap((s) => [`2:${s.id}`, ...s.settings.map((x) => `3:${x.anchor}`)]);
    expect(headings.map((h) => `${h.depth}:${h.data?.hProperties.id}`)).toEqual(expected);
  });
});

describe('the settings reference', () => {
  const entries = indexEntries(loadCatalogue(SETTINGS_DIR));

  it('renders every catalogue entry as a row linking to its anchor', () => {
    const html = renderToStaticMarkup(<SettingsIndex entries={entries} />);
    expect(html.match(/<tr>/g)?.length).toBe(entries.length + 1);
    for (const e of entries) expect(html).toContain(`href="${e.url}"`);
    expect(html).toContain(`Показано ${entries.length} из ${entries.length}`);
  });

  it('filters by key, environment variable, Russian name and section', () => {
    expect(filterEntries(entries, 'smtpserver', '').map((e) => e.key)).toContain('EmailSettings.SMTPServer');
    expect(filterEntries(entries, 'TIME_EMAILSETTINGS_SMTPPORT', '').map((e) => e.key)).toEqual(['EmailSettings.SMTPPort']);
    expect(filterEntries(entries, 'ПОРТ СЕРВЕРА smtp', '').map((e) => e.key)).toContain('EmailSettings.SMTPPort');
    expect(filterEntries(entries, '', 'Среда').every((e) => e.console.startsWith('Среда'))).toBe(true);
    expect(filterEntries(entries, 'no-such-setting', '')).toEqual([]);
  });

  it("tells Time's own settings apart and filters by origin", () => {
    const own = filterEntries(entries, '', '', 'time');
    expect(own.length).toBeGreaterThan(0);
    expect(own.map((e) => e.key)).toContain('KafkaSettings.Enable');
    expect(filterEntries(entries, '', '', 'lineage').map((e) => e.key)).toContain('EmailSettings.SMTPServer');
    expect(own.length + filterEntries(entries, '', '', 'lineage').length).toBe(entries.length);
    const html = renderToStaticMarkup(<SettingsIndex entries={entries} />);
    expect(html.match(/title="Собственный параметр Time/g)?.length).toBe(own.length);
  });
});

describe('catalogue texts', () => {
  it('contain no placeholder text', async () => {
    const {PLACEHOLDER_TEXT} = await import('../../plugins/content-check/rules');
    const unfinished = loadCatalogue().settings.filter((s) =>
      [s.name, s.description, s.recommendation ?? '', s.warning ?? ''].some((t) => PLACEHOLDER_TEXT.test(t.replace(/`[^`]*`/g, ''))),
    );
    expect(unfinished.map((s) => s.key)).toEqual([]);
  });
});
