import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {bundleSpec} from '../../plugins/openapi/spec';

// Two error facts checked against the Mattermost 7.8 code Time descends from:
// - a channel looked up by name and not found answers 404 with `app.channel.get_by_name.missing.app_error`
//   (app/channel.go GetChannelByName, GetChannelByNameForTeamName); `app.channel.get.existing.app_error`
//   belongs to a lookup by id only;
// - the rate limiter answers 429 through http.Error (app/ratelimit.go RateLimitWriter): the body is the
//   plain text `limit exceeded`, never an AppError, so no `api.context.rate_limit.app_error` exists.

const root = path.resolve(__dirname, '../..');
const TEXT = /\.(md|mdx|ya?ml|json|ts|tsx|py|go|sh|txt)$/;

/** Hand-written files under a folder; generated API pages, the vendor's own files and dependencies are skipped. */
function files(dir: string): string[] {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return [];
  return fs
    .readdirSync(abs, {recursive: true, withFileTypes: true})
    .filter((e) => e.isFile() && TEXT.test(e.name) && !e.name.endsWith('.api.mdx'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .filter((f) => !f.split(path.sep).includes('node_modules') && !f.startsWith(path.join('openapi', 'v4', 'vendor')));
}

const scanned = [
  ...files('docs'),
  ...fs
    .readdirSync(path.join(root, 'api-reference/v4'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join('api-reference/v4', f)),
  ...files('openapi'),
  ...files('samples'),
  ...files('data'),
];

/** Why a line states a wrong error fact, or null. */
function wrongErrorFact(line: string): string | null {
  if (line.includes('api.context.rate_limit.app_error')) return '429 has no AppError id: the limiter writes plain text';
  if (/"?status_code"?\s*:\s*429\b/.test(line)) return 'an AppError body for 429: the limiter writes plain text';
  if (/\b429\b[^\n]*?(?<!не )(?:в формате|объект\p{L}*) `?AppError/u.test(line)) return 'a 429 described as an AppError';
  if (line.includes('app.channel.get.existing.app_error') && /имен|CHANNEL_NAME|channels\/name|`#`/i.test(line)) {
    return 'a channel looked up by name answers app.channel.get_by_name.missing.app_error';
  }
  return null;
}

describe('error facts', () => {
  it('flag the wrong statements this check exists for', () => {
    expect(wrongErrorFact('| 404 | `app.channel.get.existing.app_error` | канала с таким именем нет в команде |')).not.toBeNull();
    expect(wrongErrorFact('| 429 | `api.context.rate_limit.app_error` | превышен лимит |')).not.toBeNull();
    expect(wrongErrorFact('{"id": "x", "status_code": 429}')).not.toBeNull();
    expect(wrongErrorFact('Если запас исчерпан, сервер отвечает кодом 429 и телом в формате `AppError`:')).not.toBeNull();
    expect(wrongErrorFact('| `app.channel.get.existing.app_error` | 404 | канал с таким идентификатором не найден |')).toBeNull();
    expect(wrongErrorFact('кодом 429 ещё до обработчика API. Тело ответа — не объект `AppError`')).toBeNull();
  });

  it('pair no channel-by-name 404 with the by-id error, and no 429 with an AppError', () => {
    expect(scanned.length).toBeGreaterThan(100);
    const wrong = scanned.flatMap((file) =>
      fs
        .readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => {
          const why = wrongErrorFact(line);
          return why ? [`${file}:${i + 1}: ${why}`] : [];
        }),
    );
    expect(wrong).toEqual([]);
  });

  it('name app.channel.get_by_name.missing.app_error where pages tabulate the channel-by-name 404', () => {
    for (const file of ['docs/api/cookbook/send-a-message.md', 'docs/api/cookbook/create-a-bot.md', 'api-reference/v4/errors.md']) {
      expect(fs.readFileSync(path.join(root, file), 'utf8'), file).toContain('`app.channel.get_by_name.missing.app_error`');
    }
  });

  const {doc} = bundleSpec('v4');
  const resolve = (node: unknown): Record<string, unknown> => {
    let n = node as Record<string, unknown>;
    while (typeof n?.$ref === 'string') {
      n = (n.$ref as string)
        .replace(/^#\//, '')
        .split('/')
        .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc) as Record<string, unknown>;
    }
    return n;
  };

  it('describe the 429 in the spec as the plain text the limiter writes, with its headers', () => {
    const tooMany = resolve((doc.components as Record<string, Record<string, unknown>>).responses.TooManyRequests);
    const content = tooMany.content as Record<string, {example?: unknown}>;
    expect(Object.keys(content)).toEqual(['text/plain']);
    expect(content['text/plain'].example).toBe('limit exceeded\n');
    expect(Object.keys(tooMany.headers as object).sort()).toEqual(['Retry-After', 'X-Ratelimit-Limit', 'X-Ratelimit-Remaining', 'X-Ratelimit-Reset']);
  });

  it('give no by-id error as the 404 example of the channel-by-name operations', () => {
    const paths = doc.paths as Record<string, Record<string, {responses?: Record<string, unknown>}>>;
    const byName = Object.keys(paths).filter((p) => p.includes('/channels/name/{channel_name}'));
    expect(byName).toHaveLength(2);
    for (const p of byName) {
      const notFound = resolve(paths[p].get.responses?.['404']);
      expect(JSON.stringify(notFound), p).not.toContain('app.channel.get.existing.app_error');
    }
  });
});

/** Server message ids of the lineage; an id on the portal that is not one of them was made up. */
const LINEAGE_IDS = fs
  .readFileSync(path.join(root, 'data/lineage/error-ids.txt'), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'));
const ID_PREFIXES = 'api|app|model|store|web|ent|mfa|plugin|jobs|utils|cli';
const QUOTED_ID = new RegExp(`[\`"'](?:${ID_PREFIXES})\\.[a-z0-9_]+(?:\\.[a-z0-9_]+)+[\`"']`, 'g');

/** The message ids a line quotes that Mattermost 7.8 never sends (an id may also be quoted as a prefix of real ones). */
export function unknownIds(line: string, known: readonly string[] = LINEAGE_IDS): string[] {
  return (line.match(QUOTED_ID) ?? []).map((m) => m.slice(1, -1)).filter((id) => !known.some((k) => k === id || k.startsWith(`${id}.`)));
}

describe('error ids', () => {
  it('know the lineage ids and spot one that is not there', () => {
    expect(LINEAGE_IDS.length).toBeGreaterThan(2000);
    expect(unknownIds('| 404 | `app.channel.get_by_name.missing.app_error` | нет канала |')).toEqual([]);
    expect(unknownIds('ошибки `api.system.update_notices` в журнале')).toEqual([]);
    expect(unknownIds('| 400 | `store.sql_user.save.username_exists.app_error` |')).toEqual(['store.sql_user.save.username_exists.app_error']);
    expect(unknownIds('"id": "api.user.create_user.phone_invalid.app_error"')).toEqual(['api.user.create_user.phone_invalid.app_error']);
  });

  it('quote only ids the server of the lineage really sends', () => {
    const wrong = scanned
      .filter((file) => !file.startsWith(path.join('data', 'lineage')))
      .flatMap((file) =>
        fs
          .readFileSync(path.join(root, file), 'utf8')
          .split('\n')
          .flatMap((line, i) => unknownIds(line).map((id) => `${file}:${i + 1}: ${id}`)),
      );
    expect(wrong).toEqual([]);
  });
});
