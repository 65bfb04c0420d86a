import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import YAML from 'yaml';
import {listFiles} from '../../plugins/shared/files';

// Facts of the authentication, site configuration, integrations and client requirement pages, checked
// against the Mattermost 7.8 code Time descends from (model/config.go, app/*.go at the 7.8 line):
// - keys Mattermost removed before 7.x or added after it do not exist on a Time server, so no page may
//   offer them — among them the integration timeout (a 30 s constant of services/httpservice), the
//   invitation lifetime (48 h, app/users/constants.go), the LDAP-only lockout (7.8 locks every password
//   sign-in by ServiceSettings.MaximumLoginAttempts), persistent notifications, the GIPHY key (7.8 searches
//   Gfycat) and server-side desktop versions;
// - PasswordSettings.MinimumLength is valid from 5 to 64 (PasswordMinimumLength, PasswordMaximumLength);
// - a guest invitation outside the guest domains fails with api.team.invite_members.invalid_email.app_error
//   (app/team.go), not with the member sign-up error;
// - names, links and schemes the vendor's build sets are vendorDefault: Mattermost's own URLs and guessed
//   Time hosts are never shown as Time's defaults.

const root = path.resolve(__dirname, '../..');

const OWN_YAML = [
  ...['email', 'guest_access', 'ldap', 'openid', 'password', 'saml', 'signup'].map((p) => `data/settings/authentication/${p}.yaml`),
  ...fs.readdirSync(path.join(root, 'data/settings/site_config')).map((f) => `data/settings/site_config/${f}`),
  ...fs.readdirSync(path.join(root, 'data/settings/integrations')).map((f) => `data/settings/integrations/${f}`),
  'data/settings/client_requirements.yaml',
  'data/settings/user_management.yaml',
];

const filesIn = (dir: string, pattern: RegExp) => listFiles(path.join(root, dir), (f) => pattern.test(f)).map((f) => path.relative(root, f));

/** The pages of this area, the guides and API texts that repeat their facts, and the catalogue files. */
const scanned = [
  ...OWN_YAML,
  ...OWN_YAML.map((f) => f.replace(/^data\/settings\//, 'docs/administration/settings/').replace(/\.yaml$/, '.md')),
  ...filesIn('docs/api/cookbook', /\.mdx?$/),
  ...filesIn('docs/integrations', /\.mdx?$/).filter((f) => !f.endsWith('slash_commands.md')),
  ...filesIn('openapi/v5', /\.ya?ml$/),
  // paths/config.yaml keeps the vendor's own Config schema, which still lists long-removed keys.
  ...filesIn('openapi/v4/paths', /\.ya?ml$/).filter((f) => !f.endsWith('config.yaml')),
].filter((f) => fs.existsSync(path.join(root, f)) && !f.endsWith('site_config/notices.md'));

const GONE_KEYS = [
  'EnableOnlyAdminIntegrations',
  'OutgoingIntegrationRequestsTimeout',
  'AllowPersistentNotifications',
  'PersistentNotificationIntervalMinutes',
  'PersistentNotificationMaxCount',
  'PersistentNotificationMaxRecipients',
  'UniqueEmojiReactionLimitPerPost',
  'GiphySdkKey',
  'ForgotPasswordLink',
  'EnableForgotLink',
  'EnableJoinLeaveMessageByDefault',
  'RefreshPostStatsRunTime',
  'ExperimentalTownSquareIsReadOnly',
  'DesktopMinVersion',
  'DesktopLatestVersion',
  'AuroraMinVersion',
  'AuroraLatestVersion',
  'LdapSettings.MaximumLoginAttempts',
  'ReAddRemovedMembers',
  'HideTags',
  'EmailInvitationLinkExpirationInHours',
  'too_many_reactions',
  'too_many_ldap',
];

/** Lines of a file, without the recommended-values section (another writer rewrites those tables). */
function lines(file: string): [number, string][] {
  const out: [number, string][] = [];
  let skipping = false;
  fs.readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.startsWith('## ')) skipping = line.includes('{#recommended}');
      if (!skipping) out.push([i + 1, line]);
    });
  return out;
}

/** Why a line states a wrong fact of this area, or null. */
export function wrongFact(line: string): string | null {
  const gone = GONE_KEYS.find((k) => line.includes(k));
  if (gone) return `${gone} does not exist in Time's 7.8 lineage`;
  if (/GIPHY/i.test(line)) return 'the GIF picker of the 7.8 lineage searches Gfycat, not GIPHY';
  if (/(5–72|больше 72\b|maximum: 72\b|max: 72\b)/.test(line)) return 'PasswordSettings.MinimumLength is valid from 5 to 64';
  return null;
}

/** Why a catalogue default presents someone's own URL as Time's default, or null. */
export function wrongDefault(value: unknown): string | null {
  const text = JSON.stringify(value ?? null);
  if (/mattermost\.com|time-messenger\.ru|mmauth/.test(text)) return `${text}: a value only the vendor's build knows belongs in vendorDefault`;
  return null;
}

function settingsOf(file: string): {key: string; default?: unknown}[] {
  const doc = YAML.parse(fs.readFileSync(path.join(root, file), 'utf8')) as {sections: {settings: {key: string; default?: unknown}[]}[]};
  return doc.sections.flatMap((s) => s.settings);
}

describe('authentication, site configuration and integrations facts', () => {
  it('flag the wrong statements this check exists for', () => {
    expect(wrongFact('| `ServiceSettings.EnableOnlyAdminIntegrations` | `true` |')).not.toBeNull();
    expect(wrongFact('до `ServiceSettings.OutgoingIntegrationRequestsTimeout` (30 секунд по умолчанию)')).not.toBeNull();
    expect(wrongFact('ссылка действует ([`ServiceSettings.EmailInvitationLinkExpirationInHours`](signup.md))')).not.toBeNull();
    expect(wrongFact('Клиент не может связаться с серверами GIPHY')).not.toBeNull();
    expect(wrongFact('Значение вне диапазона 5–72 сервер не сохраняет')).not.toBeNull();
    expect(wrongFact('| 400 | `app.reaction.save.save.too_many_reactions` |')).not.toBeNull();
    expect(wrongFact('После `ServiceSettings.MaximumLoginAttempts` неудачных попыток вход блокируется')).toBeNull();
    expect(wrongFact('Значение вне диапазона 5–64 сервер не сохраняет')).toBeNull();
    expect(wrongDefault('https://mattermost.com/default-help/')).not.toBeNull();
    expect(wrongDefault('https://notices.time-messenger.ru/')).not.toBeNull();
    expect(wrongDefault(['mmauth://', 'mmauthbeta://'])).not.toBeNull();
    expect(wrongDefault('')).toBeNull();
  });

  it('state no removed key, GIPHY or 72-character password limit', () => {
    expect(scanned.length).toBeGreaterThan(40);
    const wrong = scanned.flatMap((file) =>
      lines(file).flatMap(([n, line]) => {
        const why = wrongFact(line);
        return why ? [`${file}:${n}: ${why}`] : [];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('give guests outside the guest domains the guest invitation error, not the member sign-up one', () => {
    const guestPages = ['data/settings/authentication/guest_access.yaml', 'docs/administration/settings/authentication/guest_access.md'];
    for (const file of guestPages) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      expect(text, file).not.toContain('api.user.create_user.accepted_domain.app_error');
      expect(text, file).toContain('api.team.invite_members.invalid_email.app_error');
    }
  });

  it('give vendor-set names, links and schemes as vendorDefault, not as a guessed default', () => {
    const wrong = OWN_YAML.flatMap((file) =>
      settingsOf(file).flatMap((s) => {
        const why = wrongDefault(s.default);
        return why ? [`${file}: ${s.key}: ${why}`] : [];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it("keep the invitation lifetime at 7.8's 48 hours wherever a page states it", () => {
    const stated = scanned.flatMap((file) =>
      lines(file).flatMap(([n, line]) => {
        const m = /(?:ссылк\p{L}* из письма|приглашени\p{L}*)[^.|]*?действует (\d+)\s*час/iu.exec(line);
        return m ? [{where: `${file}:${n}`, hours: Number(m[1])}] : [];
      }),
    );
    expect(stated.length).toBeGreaterThan(0);
    expect(stated.filter((s) => s.hours !== 48)).toEqual([]);
  });
});
