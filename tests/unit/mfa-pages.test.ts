import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {product} from '../../data/product';
import {listDocFiles} from '../../plugins/content-check/rules';

// MFA is documented on four routes with one topic each: the guide (enabling, enrolment, enforcement,
// rollout, reset, troubleshooting), a short security page (threats and audit) and two settings pages
// (intro and catalogue). These checks keep the topics from spreading back over several pages and keep
// the pages in line with what the Mattermost 7.8 server Time descends from does.

const root = path.resolve(__dirname, '../..');
const GUIDE = 'docs/administration/manage-authentication/mfa.md';
const SECURITY = 'docs/administration/security/mfa.md';
const SETTINGS = ['docs/administration/settings/authentication/mfa.md', 'docs/administration/settings/mfa_settings.md'];
const PAGES = [GUIDE, SECURITY, ...SETTINGS];
const CATALOGUES = ['data/settings/authentication/mfa.yaml', 'data/settings/mfa_settings.yaml'];

const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** Prose lines of a Markdown page: front matter and fenced code left out, with their line numbers. */
function proseLines(text: string): {line: string; n: number}[] {
  const out: {line: string; n: number}[] = [];
  let fence: string | null = null;
  let frontMatter = text.startsWith('---\n');
  text.split('\n').forEach((line, i) => {
    if (frontMatter) {
      if (i > 0 && line === '---') frontMatter = false;
      return;
    }
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      return;
    }
    if (fence === null) out.push({line, n: i + 1});
  });
  return out;
}

const headings = (text: string) =>
  proseLines(text)
    .filter(({line}) => /^#{2,3} /.test(line))
    .map(({line}) => line);

const ROLLOUT = /внедр|развёрт|rollout|поэтап/i;
/** Sections of a how-to: they belong to the guide only, the other pages link to it. */
const HOW_TO = /возможные проблемы|проверка|рекомендуемые значения|сброс|включ|подключ/i;

/** Link targets of a page that resolve to the guide file. */
function linksToGuide(file: string): string[] {
  return [...read(file).matchAll(/\]\(([^)\s]+\.md)(#[\w-]+)?\)/g)]
    .map((m) => m[1])
    .filter((target) => path.resolve(path.dirname(path.join(root, file)), target) === path.join(root, GUIDE));
}

/** Why a line states a wrong MFA fact, or null. */
function wrongMfaFact(line: string): string | null {
  if (/\bDELETE\b[^\n]*\/users\/[^\s`]*\/mfa\b/.test(line)) {
    return 'there is no DELETE on /users/{user_id}/mfa: an administrator resets MFA with PUT and "activate": false';
  }
  if (/персональн\p{L}* токен\p{L}* доступа/iu.test(line) && /обязательн\p{L}*[^.]*не (?:затрагивает|касается|действует)|не зависят? от[^.]*MFA/iu.test(line)) {
    return 'enforced MFA rejects the personal access tokens of a user without MFA (only bots, OAuth apps and SSO users are exempt)';
  }
  if (/TOTPIssuerName|издател/iu.test(line) && /названи\p{L}* сайта|SiteName/iu.test(line)) {
    return 'the issuer in the authenticator app comes from the host of ServiceSettings.SiteURL, not the site name';
  }
  if (/otpauth:\/\/totp\/[^\s`]*:(?:ИМЯ_ПОЛЬЗОВАТЕЛЯ|USERNAME|\{username\})/iu.test(line)) {
    return "the otpauth label carries the user's email address, not the username";
  }
  if (/«Подключите многофакторную/u.test(line)) {
    return 'a banner text quoted verbatim with no source for it';
  }
  return null;
}

const DIGIT_WORDS: Record<number, string> = {6: 'шест', 8: 'восьм'};

/** TOTP numbers a line states that disagree with data/product.ts. */
function wrongTotpNumbers(line: string): string[] {
  const wrong: string[] = [];
  for (const m of line.matchAll(/(\d+)(?:[\s\u00a0]|-)секунд/gu)) {
    if (Number(m[1]) !== product.mfa.stepSeconds) wrong.push(`${m[0]}: the TOTP step is ${product.mfa.stepSeconds} s`);
  }
  for (const m of line.matchAll(/(\d+)[\s\u00a0]цифр|(\p{L}+)значн/gu)) {
    const ok = m[1] ? Number(m[1]) === product.mfa.codeDigits : m[2].toLowerCase().startsWith(DIGIT_WORDS[product.mfa.codeDigits]);
    if (!ok) wrong.push(`${m[0]}: a code has ${product.mfa.codeDigits} digits`);
  }
  for (const m of line.matchAll(/из (\p{L}+) цифр/gu)) {
    if (!m[1].toLowerCase().startsWith(DIGIT_WORDS[product.mfa.codeDigits])) wrong.push(`${m[0]}: a code has ${product.mfa.codeDigits} digits`);
  }
  for (const m of line.matchAll(/(\d+) символ\p{L}* (?:в кодировке )?Base32/gu)) {
    if (Number(m[1]) !== product.mfa.secretBase32Chars) wrong.push(`${m[0]}: the secret is ${product.mfa.secretBase32Chars} Base32 characters`);
  }
  return wrong;
}

describe('MFA pages: one topic each', () => {
  it('have a rollout section on the guide and nowhere else', () => {
    const withRollout = PAGES.filter((file) => headings(read(file)).some((h) => ROLLOUT.test(h)));
    expect(withRollout).toEqual([GUIDE]);
  });

  it('keep how-to sections (checks, troubleshooting, recommendations, reset) on the guide only', () => {
    const stray = [SECURITY, ...SETTINGS].flatMap((file) =>
      headings(read(file))
        .filter((h) => HOW_TO.test(h))
        .map((h) => `${file}: ${h}`),
    );
    expect(stray).toEqual([]);
    expect(headings(read(GUIDE)).filter((h) => HOW_TO.test(h)).length).toBeGreaterThanOrEqual(4);
  });

  it('link the security and settings pages to the guide', () => {
    for (const file of [SECURITY, ...SETTINGS]) expect(linksToGuide(file), file).not.toEqual([]);
  });

  it("say once, on the settings page of MfaSettings, that those settings are Time's own", () => {
    const said = PAGES.flatMap((file) =>
      proseLines(read(file))
        .filter(({line}) => /MfaSettings[^.]*только в Time/.test(line))
        .map(() => file),
    );
    expect(said).toEqual(['docs/administration/settings/mfa_settings.md']);
  });
});

describe('MFA facts', () => {
  it('flag the wrong statements this check exists for', () => {
    expect(wrongMfaFact('Сбросить MFA можно запросом `DELETE /api/v4/users/{user_id}/mfa`.')).not.toBeNull();
    expect(
      wrongMfaFact('- Пользователи SAML и OpenID Connect, боты и запросы с персональными токенами доступа обязательный режим не затрагивает.'),
    ).not.toBeNull();
    expect(wrongMfaFact('Для скриптов удобнее персональные токены доступа: они не зависят от срока сессии и MFA.')).not.toBeNull();
    expect(wrongMfaFact('Название записи в приложении задаёт `MfaSettings.TOTPIssuerName`; по умолчанию это название сайта.')).not.toBeNull();
    expect(wrongMfaFact('QR-код содержит строку вида `otpauth://totp/ИЗДАТЕЛЬ:ИМЯ_ПОЛЬЗОВАТЕЛЯ?secret=...`.')).not.toBeNull();
    expect(wrongMfaFact('видит баннер «Подключите многофакторную аутентификацию, осталось N дней»')).not.toBeNull();
    expect(wrongTotpNumbers('Код меняется каждые 60 секунд и состоит из 8 цифр.')).toHaveLength(2);
    expect(wrongTotpNumbers('одноразовый восьмизначный код')).toHaveLength(1);
    expect(wrongTotpNumbers('секретный ключ — 16 символов в кодировке Base32')).toHaveLength(1);

    expect(
      wrongMfaFact('| Персональные токены доступа | не запрашивается: токен заменяет вход | действует: запросы с токеном пользователя без MFA отклоняются |'),
    ).toBeNull();
    expect(wrongMfaFact('Через API сброс выполняет операция `PUT /api/v4/users/{user_id}/mfa` с `"activate": false`.')).toBeNull();
    expect(wrongTotpNumbers('Код из шести цифр; новый код появляется каждые 30 секунд.')).toEqual([]);
  });

  it('state no wrong MFA fact on any page', () => {
    const files = listDocFiles(path.join(root, 'docs')).map((f) => path.relative(root, f));
    expect(files).toEqual(expect.arrayContaining(PAGES));
    const wrong = files.flatMap((file) =>
      proseLines(read(file)).flatMap(({line, n}) => {
        const why = wrongMfaFact(line);
        return why ? [`${file}:${n}: ${why}`] : [];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('give the TOTP numbers of data/product.ts on the MFA pages and their catalogues', () => {
    const wrong = [...PAGES, ...CATALOGUES].flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) => wrongTotpNumbers(line).map((w) => `${file}:${i + 1}: ${w}`)),
    );
    expect(wrong).toEqual([]);
    const guide = read(GUIDE);
    expect(guide).toMatch(new RegExp(`${product.mfa.stepSeconds}[\\s\\u00a0]секунд`));
    expect(guide).toMatch(new RegExp(`из ${DIGIT_WORDS[product.mfa.codeDigits]}\\p{L}* цифр`, 'u'));
    expect(guide).toMatch(new RegExp(`${product.mfa.secretBase32Chars}[\\s\\u00a0]символ\\p{L}* в кодировке Base32`, 'u'));
  });
});
