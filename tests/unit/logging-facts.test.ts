import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

// Facts of the lineage's logging (Mattermost 7.8 with logr v2.0.15) that the settings pages on logs,
// audit and the server log once got wrong, checked on the pages and on their catalogue entries:
// - the tcp and syslog targets check that `host` (or `ip`) is set but dial `ip`, so a target that names
//   its receiver in `host` alone connects to the node itself;
// - the server reads the targets file when it applies the logging settings and never watches it;
// - the server defines no LDAP levels (140–144 come from later releases);
// - the audit file has no `level`, `msg` or `x_forwarded_for`: its formatter drops level and message,
//   and the actor carries user_id, session_id, client and ip_address only;
// - the incoming-webhook debugging record is written only for a request that failed;
// - a log or audit record is described, never shown as a verbatim line we could not have seen.

const root = path.resolve(__dirname, '../..');
const PAGES = [
  'docs/administration/settings/monitoring/logs.md',
  'docs/administration/settings/experimental/audits.md',
  'docs/administration/settings/environment/logging.md',
];
const CATALOGUE = ['data/settings/monitoring/logs.yaml', 'data/settings/experimental/audits.yaml', 'data/settings/environment/logging.yaml'];

interface Snippet {
  line: number;
  text: string;
}

/**
 * JSON objects a page writes out: fenced `json` blocks (an include, `file=…`, is the shipped file
 * another test validates) and single-quoted JSON values such as an environment variable in a YAML block.
 */
export function jsonSnippets(markdown: string): Snippet[] {
  const snippets: Snippet[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const fence = /^\s*```json\b(.*)$/.exec(lines[i]);
    if (fence) {
      const start = i;
      const body: string[] = [];
      for (i++; i < lines.length && !/^\s*```\s*$/.test(lines[i]); i++) body.push(lines[i]);
      if (!/\bfile=/.test(fence[1])) snippets.push({line: start + 1, text: body.join('\n')});
      continue;
    }
    for (const m of lines[i].matchAll(/'(\{.*\})'/g)) snippets.push({line: i + 1, text: m[1]});
  }
  return snippets;
}

function parse(where: string, snippet: Snippet): {value?: unknown; problem?: string} {
  try {
    return {value: JSON.parse(snippet.text)};
  } catch (e) {
    return {problem: `${where}:${snippet.line}: JSON does not parse: ${(e as Error).message}`};
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** tcp and syslog targets whose receiver is not in `ip`, the field the server dials. */
export function targetsWithoutIp(config: unknown): string[] {
  if (!isObject(config)) return [];
  return Object.entries(config).flatMap(([name, t]) => {
    if (!isObject(t) || (t.type !== 'tcp' && t.type !== 'syslog')) return [];
    const o = isObject(t.options) ? t.options : {};
    if (typeof o.ip !== 'string' || o.ip === '')
      return [`target "${name}" (${t.type}) has no options.ip: the server dials ip, so it would connect to the node itself`];
    if (o.host !== undefined && o.host !== o.ip) return [`target "${name}" (${t.type}) names different receivers in host (${o.host}) and ip (${o.ip})`];
    return [];
  });
}

/** Fields an audit record in the lineage never carries. */
export function auditRecordProblems(record: unknown): string[] {
  if (!isObject(record) || !('event_name' in record)) return [];
  const problems = ['level', 'msg', 'caller'].filter((k) => k in record).map((k) => `audit record has "${k}", which the audit file does not write`);
  const actor = isObject(record.actor) ? record.actor : {};
  for (const k of Object.keys(actor)) {
    if (!['user_id', 'session_id', 'client', 'ip_address'].includes(k)) problems.push(`audit record actor has "${k}", which the lineage's actor does not have`);
  }
  return problems;
}

/** A log record written out as if it had been seen: an object with a timestamp and a message. */
export function verbatimLogRecord(record: unknown): string[] {
  return isObject(record) && 'timestamp' in record && ('msg' in record || 'event_name' in record)
    ? ['a log or audit record is shown verbatim: describe its fields instead']
    : [];
}

/** Level names and ids the server does not define but later releases' docs list for LDAP. */
export function ldapLevels(text: string): string[] {
  const names = [...text.matchAll(/\bLDAP(?:Error|Warn|Info|Debug|Trace)\b/g)].map((m) => m[0]);
  const ids = [...text.matchAll(/"id"\s*:\s*(14[0-4])\b|\((14[0-4])\)|\b(140)[–-](144)\b/g)].map((m) => m[0]);
  return [...names, ...ids];
}

/** Sentences claiming the server notices edits of the targets file by itself. */
export function watchedFileClaims(text: string): string[] {
  const claim = /[^.\n]*(?:сам\S*\s+замеча\S*\s+изменени|изменени\S*\s+файла\s+сервер\s+замеча|изменил\S*\s+файл, на который)[^.\n]*/gi;
  return [...text.matchAll(claim)].map((m) => m[0].trim());
}

/** A description of webhook debugging that says every request body is logged. */
export function everyWebhookClaims(text: string): string[] {
  return [...text.matchAll(/[^.\n]*тело кажд\S* запрос\S* к входящ\S* вебхук[^.\n]*/gi)].map((m) => m[0].trim());
}

function lineOf(text: string, fragment: string): number {
  return text.slice(0, text.indexOf(fragment)).split('\n').length;
}

function pageProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  for (const snippet of jsonSnippets(text)) {
    const {value, problem} = parse(file, snippet);
    if (problem) {
      problems.push(problem);
      continue;
    }
    for (const p of [...targetsWithoutIp(value), ...auditRecordProblems(value), ...verbatimLogRecord(value)]) problems.push(`${file}:${snippet.line}: ${p}`);
  }
  const checks: Array<[string[], string]> = [
    [ldapLevels(text), 'names an LDAP level the server does not define'],
    [watchedFileClaims(text), 'claims the server watches the targets file'],
    [everyWebhookClaims(text), 'claims every incoming-webhook body is logged'],
    [[...text.matchAll(/x_forwarded_for/g)].map((m) => m[0]), 'names x_forwarded_for, which audit records do not have'],
  ];
  for (const [found, why] of checks) for (const f of found) problems.push(`${file}:${lineOf(text, f)}: ${why}: ${f}`);
  return problems;
}

describe('logging facts: the detectors', () => {
  it('catch a tcp or syslog target named only in host', () => {
    const old = {
      'tcp-logstash': {type: 'tcp', options: {host: 'logstash.example.ru', port: 5000}},
      errors: {type: 'file', options: {filename: '/opt/time/logs/e.log'}},
    };
    expect(targetsWithoutIp(old)).toEqual([expect.stringMatching(/"tcp-logstash" \(tcp\) has no options\.ip/)]);
    expect(targetsWithoutIp({s: {type: 'syslog', options: {host: 'a.example.ru', ip: 'b.example.ru', port: 514}}})).toEqual([
      expect.stringMatching(/different receivers/),
    ]);
    expect(targetsWithoutIp({s: {type: 'syslog', options: {host: 'a.example.ru', ip: 'a.example.ru', port: 514}}})).toEqual([]);
  });

  it('find JSON in fences and in quoted values, but leave included files to their own test', () => {
    const page = [
      '```json title="a.json"',
      '{"a": {"type": "tcp", "options": {"host": "h"}}}',
      '```',
      '```json title="b.json" file=<rootDir>/static/downloads/logging/advanced-logging.json',
      '```',
      '      TIME_LOGSETTINGS_ADVANCEDLOGGINGCONFIG: \'{"s":{"type":"syslog","options":{"host":"h","port":514}}}\'',
    ].join('\n');
    expect(jsonSnippets(page).map((s) => s.line)).toEqual([1, 6]);
    expect(pageProblems('page.md', page)).toEqual([
      expect.stringMatching(/^page\.md:1: target "a" \(tcp\) has no options\.ip/),
      expect.stringMatching(/^page\.md:6: target "s" \(syslog\) has no options\.ip/),
    ]);
    expect(pageProblems('page.md', '```json\n{"a": \n```')).toEqual([expect.stringMatching(/^page\.md:1: JSON does not parse/)]);
  });

  it('catch the old audit sample and any verbatim record', () => {
    const old = {
      timestamp: '2024-11-12 10:41:07.412 +03:00',
      level: 'audit-api',
      msg: '',
      event_name: 'updateConfig',
      actor: {user_id: 'x', x_forwarded_for: '10.0.0.1'},
    };
    expect(auditRecordProblems(old)).toEqual([
      'audit record has "level", which the audit file does not write',
      'audit record has "msg", which the audit file does not write',
      'audit record actor has "x_forwarded_for", which the lineage\'s actor does not have',
    ]);
    expect(
      verbatimLogRecord({timestamp: '2025-03-14 10:22:31.512 +03:00', level: 'info', msg: 'Server is listening on [::]:8065', caller: 'app/server.go:1021'}),
    ).toHaveLength(1);
    expect(verbatimLogRecord({'audit-siem': {type: 'syslog'}})).toEqual([]);
  });

  it('catch LDAP levels, a watched targets file and "every webhook body"', () => {
    expect(ldapLevels('записи синхронизации с LDAP: `LDAPError` (140), `LDAPTrace` (144)')).toEqual(['LDAPError', 'LDAPTrace', '(140)', '(144)']);
    expect(ldapLevels('{"id": 142, "name": "x"}')).toEqual(['"id": 142']);
    expect(ldapLevels('уровни аудита (100–103); синхронизация с LDAP')).toEqual([]);
    expect(watchedFileClaims('Относительный путь сервер отсчитывает от каталога `config.json` и сам замечает изменения файла.')).toHaveLength(1);
    expect(watchedFileClaims('изменения файла сервер замечает сам.')).toHaveLength(1);
    expect(watchedFileClaims('сервер пересоздаёт цели, как только конфигурация сохранена или изменился файл, на который она указывает')).toHaveLength(1);
    expect(watchedFileClaims('За самим файлом сервер не следит, поэтому после его правки перезапустите сервер.')).toEqual([]);
    expect(everyWebhookClaims('Если `true`, сервер на уровне `DEBUG` записывает в журнал тело каждого запроса к входящему вебхуку.')).toHaveLength(1);
  });
});

describe('logging facts: the pages and their catalogue entries', () => {
  it('follow the lineage', () => {
    const problems = PAGES.flatMap((file) => pageProblems(file, fs.readFileSync(path.join(root, file), 'utf8')));
    expect(problems).toEqual([]);
  });

  it('catalogue entries claim neither a watched file, LDAP levels nor every webhook body', () => {
    const problems = CATALOGUE.flatMap((file) => {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      const found = [...ldapLevels(text), ...watchedFileClaims(text), ...everyWebhookClaims(text)];
      return found.map((f) => `${file}:${lineOf(text, f)}: ${f}`);
    });
    expect(problems).toEqual([]);
  });
});
