import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {CONTENT_DIRS, listDocFiles} from '../../plugins/content-check/rules';
import {bundleSpec} from '../../plugins/openapi/spec';

// Guides name API calls in prose ("запрос `POST /api/v4/jobs`"). Each such call must be an operation of
// the v4 reference, which holds the vendor's operations and the verified Mattermost 7.8 ones: a call
// that is not there is one Time's server does not answer.

const root = path.resolve(__dirname, '../..');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** The WebSocket is opened with an upgrade request that the REST reference does not list as an operation. */
const NOT_REST = new Set(['GET /api/v4/websocket']);

/** A call as prose writes it; path segments may be placeholders such as `{team_id}`, `ИМЯ`, `<id>` or `…`. */
const CALL = /\b(GET|POST|PUT|PATCH|DELETE) (\/(?:api\/v4|plugins|hooks)\/[^\s`"'|)\],;]*)/g;

function operations(): [string, RegExp][] {
  const {doc} = bundleSpec('v4');
  return Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, item]) =>
    METHODS.filter((m) => m in item).map((m): [string, RegExp] => [
      m.toUpperCase(),
      new RegExp(`^${p.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    ]),
  );
}

/** The path of a mention with prose placeholders made concrete, or null when it is cut short on purpose. */
export function concretePath(written: string): string | null {
  const p = written.split('?')[0].replace(/[.:]+$/, '');
  if (p.endsWith('/') || p.endsWith('...')) return null;
  return p
    .split('/')
    .map((seg) => (/[^\p{ASCII}]|^<.*>$|^\$|\.\.\./u.test(seg) ? 'x' : seg))
    .join('/');
}

export function unknownCalls(text: string, ops: [string, RegExp][]): string[] {
  return [...text.matchAll(CALL)].flatMap(([, method, written]) => {
    const p = concretePath(written);
    if (p === null || NOT_REST.has(`${method} ${p}`)) return [];
    return ops.some(([m, re]) => m === method && re.test(p)) ? [] : [`${method} ${written}`];
  });
}

/** curl commands (not prose that names curl) with continuation lines joined: method from -X, else POST when a body is sent. */
export function curlCalls(text: string): string[] {
  const commands = text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((l) => /(?:^|[|;&(=]\s*)\$?\s*curl\s/.test(l.trim()));
  return commands.flatMap((command) => {
    const url = command.match(/(?:https?:\/\/[^/\s"']+|\$\{?\w+\}?)(\/(?:api\/v4|plugins|hooks)\/[^\s"'?]*)/);
    if (!url) return [];
    const method = command.match(/(?:-X|--request)\s*([A-Z]+)/)?.[1] ?? (/\s(-d|--data[\w-]*|-F|--form|-T)\b/.test(command) ? 'POST' : 'GET');
    return [`${method} ${url[1].replace(/\$\{?\w+\}?/g, 'x')}`];
  });
}

describe('API calls named in the guides', () => {
  const ops = operations();

  it('recognise real calls and placeholders, and spot a call the server does not have', () => {
    expect(unknownCalls('запрос `POST /api/v4/jobs` создаёт задание', ops)).toEqual([]);
    expect(unknownCalls('из `GET /api/v4/users/username/ИМЯ`', ops)).toEqual([]);
    expect(unknownCalls('`GET /api/v4/teams/name/…/channels/name/…`', ops)).toEqual([]);
    expect(unknownCalls('`PATCH /api/v4/users/{user_id}/profile`', ops)).toEqual([]);
    expect(unknownCalls('`POST /api/v4/exports` создаёт задание экспорта', ops)).toEqual(['POST /api/v4/exports']);
    expect(unknownCalls('`DELETE /api/v4/imports/{import_name}`', ops)).toEqual(['DELETE /api/v4/imports/{import_name}']);
  });

  it('read the method and path of curl commands, continuation lines included', () => {
    const text =
      'curl -sS -X DELETE "https://time.example.ru/api/v4/imports/time-import.zip" \\\n  -H "Authorization: Bearer $TOKEN"\ncurl -sS "$SERVER_URL/api/v4/users/me"\ncurl -s https://time.example.ru/api/v4/jobs/$JOB_ID \\\n  -d \'{}\'';
    expect(curlCalls(text)).toEqual(['DELETE /api/v4/imports/time-import.zip', 'GET /api/v4/users/me', 'POST /api/v4/jobs/x']);
    expect(curlCalls(text).flatMap((call) => unknownCalls(call, ops))).toEqual(['DELETE /api/v4/imports/time-import.zip', 'POST /api/v4/jobs/x']);
  });

  it('name only operations of the v4 reference', () => {
    const files = [...CONTENT_DIRS.flatMap((dir) => listDocFiles(path.join(root, dir)))];
    expect(files.length).toBeGreaterThan(100);
    const wrong = files.flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      const named = text.split('\n').flatMap((line, i) => unknownCalls(line, ops).map((call) => `${path.relative(root, file)}:${i + 1}: ${call}`));
      const run = curlCalls(text).flatMap((call) => unknownCalls(call, ops).map((c) => `${path.relative(root, file)}: curl ${c}`));
      return [...named, ...run];
    });
    expect(wrong).toEqual([]);
  });
});
