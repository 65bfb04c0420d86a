import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

// Facts about LDAP, upgrades, slash commands and diagnostics checked against Mattermost 7.8, the
// server Time descends from, and against mmctl 7.8, the CLI timectl mirrors. Each rule names a
// statement the guides once made that the lineage contradicts:
// - LDAP: the lockout counter is Users.FailedAttempts against ServiceSettings.MaximumLoginAttempts
//   (app/authentication.go checkUserLoginAttempts); nothing resets it with time, and the LdapSettings
//   lockout and re-add keys only appear in later Mattermost releases;
// - upgrades: no version guard keeps a node out of the cluster, morph logs migration steps at debug level
//   only, mmctl has no `db` command, `mmctl version` prints the CLI's own version, and the 7.8 ping
//   answer has no ActiveSearchBackend;
// - slash commands: ServiceSettings.EnableOnlyAdminIntegrations was removed in Mattermost 6.0, the
//   manage_slash_commands permissions decide who creates commands;
// - the vendor's push and notices services have no public address, so a page cannot show one to call.

const root = path.resolve(__dirname, '../..');

/** Every hand-written page under docs/. */
function pages(): string[] {
  const abs = path.join(root, 'docs');
  return fs
    .readdirSync(abs, {recursive: true, withFileTypes: true})
    .filter((e) => e.isFile() && /\.mdx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

interface Rule {
  why: string;
  test: (line: string) => boolean;
}

const RULES: Rule[] = [
  {
    why: 'ServiceSettings.EnableOnlyAdminIntegrations does not exist in 7.8: permissions decide who creates integrations',
    test: (l) => l.includes('EnableOnlyAdminIntegrations') || l.includes('ENABLEONLYADMININTEGRATIONS'),
  },
  {
    why: 'LdapSettings.MaximumLoginAttempts and LdapSettings.ReAddRemovedMembers came after 7.x',
    test: (l) => /LdapSettings\.(MaximumLoginAttempts|ReAddRemovedMembers)/.test(l),
  },
  {
    why: 'a lockout after failed sign-in attempts lasts until the counter is reset, it is not temporary',
    test: (l) => /временн\p{L}*(\s+\p{L}+){0,3}\s+блокир|блокир\p{L}*(\s+\p{L}+){0,3}\s+временно|дождитесь\s+разблокировки/iu.test(l),
  },
  {
    why: 'api.user.check_user_login_attempts.too_many_ldap.app_error is not a 7.8 error id',
    test: (l) => l.includes('too_many_ldap'),
  },
  {
    why: 'no 7.8 node refuses to join a cluster over its version',
    test: (l) => /refus\p{L}*\s+to\s+join|откаж\p{L}*\s+входить\s+в\s+кластер/iu.test(l),
  },
  {
    why: 'migration steps are logged at debug level only; these info lines are invented',
    test: (l) => /Applying migration|Database migrations finished|(Acquired|Waiting for) database migration lock/.test(l),
  },
  {
    why: 'no mixed-version time limit is documented in the lineage',
    test: (l) => /смешанн\p{L}*/iu.test(l) && /\d+\s*час/u.test(l),
  },
  {
    why: 'timectl version prints the CLI version; the server version comes from timectl system version',
    test: (l) => /timectl version\b/.test(l) && !l.includes('без `system`'),
  },
  {
    why: 'mmctl 7.8 prints no "Database schema" line and has no cluster table in system status',
    test: (l) => /Database schema|NODE\s+ADDRESS\s+VERSION/.test(l),
  },
  {
    why: 'mmctl 7.8 has no db command and the server has no dry-run migration',
    test: (l) => l.includes('db migrate --dry-run'),
  },
  {
    why: 'the 7.8 ping answer has no ActiveSearchBackend field',
    test: (l) => l.includes('ActiveSearchBackend'),
  },
  {
    why: 'the vendor push service address is given to the customer; read it from EmailSettings.PushNotificationServer',
    test: (l) => /push-(msk|spb)\./.test(l),
  },
  {
    why: 'the notices address is part of the vendor build, not a public address to call',
    test: (l) => l.includes('notices.time-messenger.ru') && /\bcurl\b/.test(l),
  },
  {
    why: 'not a 7.8 error id (7.8: app.user.save.username_exists.app_error, api.upload.create.upload_too_large.app_error, app.user_access_token.disabled)',
    test: (l) => /store\.sql_user\.save\.username_exists|app\.upload\.create\.upload_too_large|api\.user\.create_user_access_token\.disabled/.test(l),
  },
];

/** Why a line of a page states a fact the lineage contradicts, or null. */
function wrongLineageFact(file: string, line: string): string | null {
  const rule = RULES.find((r) => r.test(line));
  return rule ? rule.why : null;
}

describe('lineage facts', () => {
  const guide = 'docs/administration/troubleshooting.md';

  it('flag the old wording of each fixed defect', () => {
    const old = [
      'По умолчанию включён параметр `ServiceSettings.EnableOnlyAdminIntegrations`, и эти права есть только у администраторов.',
      'после `LdapSettings.MaximumLoginAttempts` неудачных попыток подряд (по умолчанию 10) Time временно блокирует вход',
      '| Учётная запись временно заблокирована после неудачных попыток | превышено число попыток входа | дождитесь разблокировки |',
      'В журнале `Refusing to join cluster: node 10.0.1.12 runs 7.7.0, only adjacent releases may run together`.',
      'узел новой версии откажется входить в кластер с узлом старой',
      '{"timestamp":"2025-11-25 21:04:12.113 +03:00","level":"info","msg":"Acquired database migration lock"}',
      'Если последняя запись `Applying migration` не меняется дольше, чем длилась вся миграция на стенде',
      'Кластер не должен оставаться со смешанными версиями дольше 4\u00a0часов.',
      'В выводе `timectl version` строки `Server version` и `Database schema` должны показывать новую версию.',
      '  NODE          ADDRESS          VERSION  CONFIG HASH   STATUS',
      'sudo docker compose exec time timectl db migrate --dry-run',
      '  "ActiveSearchBackend": "database"',
      '| В журнале ошибки соединения с `push-msk.time.example.ru` | нет исходящего доступа к прокси по порту 443 |',
      'docker compose exec time curl -sS -o /dev/null -w "%{http_code}\\n" https://notices.time-messenger.ru/',
      '| 501 | `api.user.create_user_access_token.disabled.app_error` | выключен `ServiceSettings.EnableUserAccessTokens` |',
    ];
    for (const line of old) expect(wrongLineageFact(guide, line), line).not.toBeNull();
  });

  it('accept the corrected wording', () => {
    const fixed = [
      'Какие роли получают эти права, решает схема разрешений, а не отдельный параметр конфигурации.',
      'Отдельного лимита для LDAP в Time нет, и срока у блокировки тоже нет: она действует, пока счётчик не обнулят.',
      'Неудачные попытки входа Time считает в самой учётной записи: это поле `failed_attempts` пользователя.',
      '- после миграций — запись `Server is listening on …` с адресом и портом: сервер готов;',
      'Команда `timectl version` без `system` показывает версию самой утилиты, а не сервера.',
      'docker compose exec time timectl system version',
      'узнайте адрес: значение `EmailSettings.PushNotificationServer` в **Системная консоль → Среда → Сервер push-уведомлений**',
      'Смешанное состояние — временное: обновите все узлы в том же окне обслуживания.',
      '| 400 | `app.user.save.username_exists.app_error` | имя пользователя бота уже занято |',
    ];
    for (const line of fixed) expect(wrongLineageFact(guide, line), line).toBeNull();
  });

  it('find none of these statements on the pages', () => {
    const files = pages();
    expect(files.length).toBeGreaterThan(100);
    const wrong = files.flatMap((file) =>
      fs
        .readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => {
          const why = wrongLineageFact(file, line);
          return why ? [`${file}:${i + 1}: ${why}`] : [];
        }),
    );
    expect(wrong).toEqual([]);
  });

  it('keep the LDAP guide on the saved-settings order of the connection test', () => {
    const ldap = fs.readFileSync(path.join(root, 'docs/administration/manage-authentication/ldap-ad.md'), 'utf8');
    const section = ldap.slice(ldap.indexOf('{#test-connection}'), ldap.indexOf('{#first-sync}'));
    // The server tests the saved LdapSettings and only when Enable or EnableSync is saved as true
    // (app/ldap.go TestLdap), so the guide must have the reader save before pressing the button.
    expect(section).toContain('ent.ldap.disabled.app_error');
    expect(section.indexOf('**Сохранить**')).toBeGreaterThan(-1);
    expect(section.indexOf('**Сохранить**')).toBeLessThan(section.indexOf('нажмите **Проверить подключение**'));
  });
});
