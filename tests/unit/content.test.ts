import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {checkDocsDir, checkDocument, configKeys, formatProblems, listDocFiles} from '../../plugins/content-check/rules';
import {loadLineage} from '../../plugins/settings/lineage';

const good = `---
title: Установка с Docker Compose
description: Как установить сервер Time на одну машину с Docker Compose, nginx и TLS.
keywords: [Docker Compose, установка]
---

Вступление.

## Требования {#requirements}

\`\`\`yaml title="docker-compose.yml"
services:
  time:
    environment:
      TIME_SERVICESETTINGS_SITEURL: https://time.example.ru
\`\`\`

### Проверка {#check}

\`\`\`json
{"status": "OK"}
\`\`\`
`;

const messages = (source: string) => checkDocument('page.md', source).map((p) => p.message);

describe('checkDocument', () => {
  it('accepts a page that follows CONTRIBUTING.md', () => {
    expect(checkDocument('page.md', good)).toEqual([]);
  });

  it('requires a description of at most 160 characters', () => {
    expect(messages(good.replace(/^description: .*$/m, ''))).toContainEqual(expect.stringMatching(/^description:/));
    expect(messages(good.replace(/^description: .*$/m, `description: ${'а'.repeat(161)}`))).toContainEqual(
      'description: description must be at most 160 characters',
    );
  });

  it('rejects unknown front matter keys (typos) and missing keywords', () => {
    expect(messages(good.replace('keywords:', 'keywrods:'))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^keywords:/), expect.stringMatching(/keywrods/)]),
    );
  });

  it('reports front matter that is not YAML', () => {
    expect(messages(good.replace('title: Установка', 'title: [Установка'))).toEqual([expect.stringMatching(/front matter is not valid YAML/)]);
  });

  it('requires explicit Latin heading ids, h2 and h3 only, unique', () => {
    const problems = checkDocument('page.md', `${good}\n## Без id\n\n# Заголовок {#h1}\n\n#### Глубоко {#deep}\n\n## Снова {#check}\n`);
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/explicit Latin id.*Без id/),
      expect.stringMatching(/no "#" heading/),
      expect.stringMatching(/level 4/),
      'duplicate heading id "check"',
    ]);
    expect(problems[0].line).toBe(24);
    expect(messages(good.replace('{#requirements}', '{#требования}'))).toHaveLength(1);
  });

  it('ignores headings inside code blocks', () => {
    expect(messages(`${good}\n\`\`\`bash\n# комментарий\n## тоже\n\`\`\`\n`)).toEqual([]);
  });

  it('fails YAML and JSON examples that do not parse, and code blocks without a language', () => {
    expect(messages(good.replace('{"status": "OK"}', '{"status": "OK",}'))).toEqual([expect.stringMatching(/^json example does not parse/)]);
    expect(messages(good.replace('  time:', '  time: [')).length).toBeGreaterThan(0);
    expect(messages(`${good}\n\`\`\`\nls\n\`\`\`\n`)).toEqual([expect.stringMatching(/needs a language/)]);
    expect(messages(`${good}\n\`\`\`bash\nls\n`)).toEqual([expect.stringMatching(/never closed/)]);
  });

  it('checks the file a sample block includes, and refuses missing files and files outside the samples and downloads', () => {
    const include = (target: string, body = '') => `${good}\n\`\`\`json file=<rootDir>/${target}\n${body}\`\`\`\n`;
    expect(messages(include('samples/cookbook/send-a-message/env.json'))).toEqual([]);
    expect(messages(include('samples/cookbook/no-such-recipe/env.json'))).toEqual([expect.stringMatching(/does not exist under samples/)]);
    expect(messages(include('package.json'))).toEqual([expect.stringMatching(/does not exist under samples\/ or static\/downloads\//)]);
    // A path that starts under an allowed folder but climbs out of it is not taken from there.
    expect(messages(include('static/downloads/../../package.json'))).toEqual([expect.stringMatching(/does not exist under samples\/ or static\/downloads\//)]);
    expect(messages(`${good}\n\`\`\`ini file=<rootDir>/static/downloads/systemd/time.service\n\`\`\`\n`)).toEqual([]);
    expect(messages(include('samples/cookbook/send-a-message/env.json', '{}\n'))).toEqual([expect.stringMatching(/must be empty/)]);
  });

  it('fails environment variables that the derivation rule does not produce', () => {
    expect(messages(good.replace('TIME_SERVICESETTINGS_SITEURL', 'TIME_SITE_URL'))).toEqual([
      expect.stringMatching(/not derived from a config key.*"SITE" is not a known config section/),
    ]);
  });

  it('fails config keys and variables that neither the catalogue nor the lineage has', () => {
    const keys = configKeys(['KafkaSettings.Enable'], loadLineage());
    const check = (text: string) => checkDocument('page.md', `${good}\n${text}\n`, keys).map((p) => `${p.line}: ${p.message}`);
    expect(check('Включите `ServiceSettings.SiteURL`, `KafkaSettings.Enable` и все `FileSettings.AmazonS3*`.')).toEqual([]);
    expect(check('Параметр `ServiceSettings.EnableOnlyAdminIntegrations` задаёт, кто создаёт интеграции.')).toEqual([
      expect.stringMatching(/^24: ServiceSettings\.EnableOnlyAdminIntegrations is neither in the settings catalogue nor a key of Mattermost 7\.8/),
    ]);
    expect(check('Кэш: `CacheSettings.RedisAddress` и `CacheSettings.Redis*`.')).toHaveLength(2);
    expect(check('Переменная `TIME_CACHESETTINGS_REDISADDRESS`.')).toEqual([
      expect.stringMatching(/TIME_CACHESETTINGS_REDISADDRESS is not the variable of any setting/),
    ]);
    expect(check('Ключ `PluginSettings.Plugins.jitsi.JitsiURL` описан на странице плагина.')).toEqual([]);
  });

  it('rejects DocCardList, whose data guide pages do not ship', () => {
    expect(messages(`${good}\n<DocCardList />\n`)).toEqual([expect.stringMatching(/DocCardList needs the docs map/)]);
  });

  it('rejects placeholder text in prose, but not inside code', () => {
    expect(messages(`${good}\nЗдесь будет TODO.\n`)).toEqual([expect.stringMatching(/placeholder text "TODO"/)]);
    expect(messages(`${good}\nРаздел в разработке.\n`)).toEqual([expect.stringMatching(/placeholder text "в разработке"/)]);
    expect(messages(`${good}\nКоманда \`todo\` выводит список.\n`)).toEqual([]);
  });

  it('formats problems with file and line', () => {
    expect(formatProblems([{file: 'docs/a.md', line: 3, message: 'x'}])).toBe('  docs/a.md:3 — x');
  });
});

describe('the documentation sources', () => {
  const docsDir = path.resolve(__dirname, '../../docs');

  it('contain pages', () => {
    expect(listDocFiles(docsDir).length).toBeGreaterThan(15);
  });

  it('all pass the content check', () => {
    const problems = checkDocsDir(docsDir, path.resolve(__dirname, '../..'));
    expect(formatProblems(problems)).toBe('');
  });
});
