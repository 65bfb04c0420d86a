/**
 * The logging guide's downloadable files (static/downloads/logging), each judged by the strictest
 * checker available here:
 * - the systemd units by systemd-analyze verify, the program that will read them;
 * - Vector and Fluent Bit are in neither Debian nor npm, so their configs are checked by structure:
 *   the YAML parses, every component has a type, every input a component reads from exists, and each
 *   sink has the fields its tool's documentation requires. The VRL programs are not executed;
 * - the AdvancedLoggingConfig example by the rules of the lineage server's logging library: target
 *   types and formats it knows, levels it defines, and the options each target type refuses to run
 *   without. The tcp and syslog targets of that release dial the `ip` option and only check `host`,
 *   so a target that names its receiver in `host` alone would send to the node itself.
 * Each validator is also run on a broken copy, so a validator that accepts anything fails here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {product} from '../../data/product';
import {runChecker} from '../support/checkers';
import {YamlFile, type Parsed} from '../support/yaml-file';

const dir = path.resolve(__dirname, '../../static/downloads/logging');
const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');

const isUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\/[^\s/]+/.test(v);
const nonEmptyString = (v: unknown) => typeof v === 'string' && v.trim() !== '';

// --- Vector -------------------------------------------------------------------------------------

/** Required fields of the component types the shipped config uses, from Vector's reference pages. */
const VECTOR_REQUIRED: Record<string, (c: Parsed) => string[]> = {
  file: (c) =>
    Array.isArray(c.include) && c.include.length > 0 && c.include.every((p: unknown) => typeof p === 'string' && p.startsWith('/'))
      ? []
      : ['include: a list of absolute paths'],
  kubernetes_logs: () => [],
  remap: (c) => (nonEmptyString(c.source) || nonEmptyString(c.file) ? [] : ['source: the VRL program (or file)']),
  loki: (c) => [
    ...(isUrl(c.endpoint) ? [] : ['endpoint: an http(s) URL']),
    ...(nonEmptyString(c.encoding?.codec) ? [] : ['encoding.codec']),
    ...(c.labels && typeof c.labels === 'object' && Object.keys(c.labels).length > 0 ? [] : ['labels: at least one label']),
  ],
  elasticsearch: (c) => [
    ...(Array.isArray(c.endpoints) && c.endpoints.length > 0 && c.endpoints.every(isUrl) ? [] : ['endpoints: a list of http(s) URLs']),
    ...((c.mode ?? 'bulk') !== 'bulk' || nonEmptyString(c.bulk?.index) ? [] : ['bulk.index']),
    ...(c.auth === undefined || (c.auth.strategy === 'basic' && nonEmptyString(c.auth.user) && nonEmptyString(c.auth.password)) || c.auth.strategy === 'aws'
      ? []
      : ['auth: strategy basic with user and password']),
  ],
};

export function vectorProblems(file: YamlFile): string[] {
  const problems: string[] = [];
  const cfg = file.data ?? {};
  const kinds = ['sources', 'transforms', 'sinks'] as const;
  const ids = new Set(kinds.flatMap((k) => Object.keys(cfg[k] ?? {})));
  if (!Object.keys(cfg.sources ?? {}).length) problems.push(`${file.where([])}: no sources`);
  if (!Object.keys(cfg.sinks ?? {}).length) problems.push(`${file.where([])}: no sinks`);
  for (const kind of kinds) {
    for (const [id, c] of Object.entries<Parsed>(cfg[kind] ?? {})) {
      const at = `${file.where([kind, id])}: ${kind}.${id}`;
      if (!nonEmptyString(c?.type)) {
        problems.push(`${at}: has no type`);
        continue;
      }
      const required = VECTOR_REQUIRED[c.type];
      if (!required) problems.push(`${at}: type "${c.type}" is not one this test knows the required fields of`);
      else problems.push(...required(c).map((field) => `${at} (${c.type}): missing or invalid ${field}`));
      if (kind === 'sources') {
        if (c.inputs !== undefined) problems.push(`${at}: a source takes no inputs`);
        continue;
      }
      if (!Array.isArray(c.inputs) || c.inputs.length === 0) problems.push(`${at}: inputs must list at least one component`);
      for (const input of c.inputs ?? []) {
        if (!ids.has(input)) problems.push(`${file.where([kind, id, 'inputs'])}: ${kind}.${id} reads from "${input}", which is not defined`);
        if (Object.hasOwn(cfg.sinks ?? {}, input)) problems.push(`${file.where([kind, id, 'inputs'])}: ${kind}.${id} reads from sink "${input}"`);
      }
    }
  }
  return problems;
}

// --- Fluent Bit ---------------------------------------------------------------------------------

/** Parsers every Fluent Bit package defines in its default parsers file. */
const FLUENT_BIT_BUILTIN_PARSERS = new Set(['json', 'docker', 'cri']);

/** Required properties of the plugins the shipped config uses, from Fluent Bit's manual. */
const FLUENT_BIT_REQUIRED: Record<string, (p: Parsed) => string[]> = {
  tail: (p) => (nonEmptyString(p.path) ? [] : ['path']),
  modify: (p) => (p.add || p.set || p.rename || p.remove ? [] : ['a rule (add, set, rename or remove)']),
  parser: (p) => [...(nonEmptyString(p.key_name) ? [] : ['key_name']), ...(p.parser ? [] : ['parser'])],
  loki: (p) => [...(nonEmptyString(p.host) ? [] : ['host']), ...(nonEmptyString(p.labels) || nonEmptyString(p.label_keys) ? [] : ['labels'])],
  es: (p) => [
    ...(nonEmptyString(p.host) ? [] : ['host']),
    ...(nonEmptyString(p.index) || ['on', true].includes(p.logstash_format) ? [] : ['index or logstash_format']),
  ],
  gelf: (p) => [
    ...(nonEmptyString(p.host) ? [] : ['host']),
    ...(Number.isInteger(p.port) ? [] : ['port']),
    ...(['tcp', 'udp', 'tls'].includes(p.mode) ? [] : ['mode: tcp, udp or tls']),
  ],
};

/** Whether a Fluent Bit match pattern (`*` as a wildcard) selects a tag. */
const matches = (pattern: string, tag: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  ).test(tag);

export function fluentBitProblems(file: YamlFile): string[] {
  const problems: string[] = [];
  const cfg = file.data ?? {};
  const parsers = new Set([...FLUENT_BIT_BUILTIN_PARSERS, ...(cfg.parsers ?? []).map((p: Parsed) => p?.name)]);
  (cfg.parsers ?? []).forEach((p: Parsed, i: number) => {
    if (!nonEmptyString(p?.name) || !['json', 'regex', 'ltsv', 'logfmt'].includes(p?.format))
      problems.push(`${file.where(['parsers', i])}: a parser needs a name and a format (json, regex, ltsv, logfmt)`);
  });
  const sections = ['inputs', 'filters', 'outputs'] as const;
  const tags: string[] = [];
  for (const section of sections) {
    const list = cfg.pipeline?.[section];
    if (list !== undefined && !Array.isArray(list)) problems.push(`${file.where(['pipeline', section])}: pipeline.${section} must be a list`);
    (Array.isArray(list) ? list : []).forEach((plugin: Parsed, i: number) => {
      const at = `${file.where(['pipeline', section, i])}: pipeline.${section}[${i}]`;
      if (!nonEmptyString(plugin?.name)) {
        problems.push(`${at}: has no name`);
        return;
      }
      const required = FLUENT_BIT_REQUIRED[plugin.name];
      if (!required) problems.push(`${at}: plugin "${plugin.name}" is not one this test knows the required properties of`);
      else problems.push(...required(plugin).map((field) => `${at} (${plugin.name}): missing or invalid ${field}`));
      if (plugin.parser !== undefined && !parsers.has(plugin.parser))
        problems.push(`${at}: parser "${plugin.parser}" is defined neither in parsers nor by Fluent Bit`);
      if (section === 'inputs') {
        if (!nonEmptyString(plugin.tag)) problems.push(`${at}: an input needs a tag for filters and outputs to match`);
        else tags.push(plugin.tag);
        return;
      }
      if (!nonEmptyString(plugin.match)) problems.push(`${at}: needs match`);
      else if (section === 'outputs' || section === 'filters') {
        if (!tags.some((tag) => matches(plugin.match, tag)))
          problems.push(`${at}: match "${plugin.match}" selects no input tag (${tags.join(', ') || 'none'})`);
      }
    });
  }
  if (!(cfg.pipeline?.inputs ?? []).length) problems.push(`${file.where(['pipeline'])}: no inputs`);
  if (!(cfg.pipeline?.outputs ?? []).length) problems.push(`${file.where(['pipeline'])}: no outputs`);
  return problems;
}

// --- AdvancedLoggingConfig ------------------------------------------------------------------------

/** The levels the lineage's server defines (standard ones, then the audit levels), by id. */
const SERVER_LEVELS = new Map<number, string>([
  [0, 'panic'],
  [1, 'fatal'],
  [2, 'error'],
  [3, 'warn'],
  [4, 'info'],
  [5, 'debug'],
  [6, 'trace'],
  [100, 'audit-api'],
  [101, 'audit-content'],
  [102, 'audit-permissions'],
  [103, 'audit-cli'],
]);

export function advancedLoggingProblems(name: string, text: string): string[] {
  let cfg: unknown;
  try {
    cfg = JSON.parse(text);
  } catch (e) {
    return [`${name}: JSON does not parse: ${(e as Error).message}`];
  }
  if (!cfg || typeof cfg !== 'object' || Array.isArray(cfg)) return [`${name}: must be an object of named targets`];
  const problems: string[] = [];
  for (const [target, t] of Object.entries<Parsed>(cfg)) {
    const at = `${name}: target "${target}"`;
    if (!['console', 'file', 'tcp', 'syslog', 'none'].includes(t?.type)) problems.push(`${at}: type must be console, file, tcp, syslog or none`);
    if (!['json', 'plain', 'gelf'].includes(t?.format)) problems.push(`${at}: format must be json, plain or gelf`);
    if (!Array.isArray(t?.levels) || t.levels.length === 0) problems.push(`${at}: levels must list at least one level`);
    for (const level of Array.isArray(t?.levels) ? t.levels : []) {
      if (SERVER_LEVELS.get(level?.id) !== level?.name) problems.push(`${at}: level ${JSON.stringify(level)} is not one the server defines`);
    }
    const o = t?.options ?? {};
    if (t?.type === 'file' && !nonEmptyString(o.filename)) problems.push(`${at}: a file target needs options.filename`);
    if (t?.type === 'file' && typeof o.filename === 'string' && !o.filename.startsWith('/'))
      problems.push(`${at}: options.filename should be an absolute path`);
    if (t?.type === 'tcp' || t?.type === 'syslog') {
      if (!Number.isInteger(o.port) || o.port < 1 || o.port > 65535) problems.push(`${at}: options.port must be a number 1–65535`);
      if (!nonEmptyString(o.host)) problems.push(`${at}: options.host is required`);
      if (o.ip !== o.host) problems.push(`${at}: options.ip must equal options.host (the server dials ip)`);
    }
    if (t?.maxqueuesize !== undefined && (!Number.isInteger(t.maxqueuesize) || t.maxqueuesize < 1))
      problems.push(`${at}: maxqueuesize must be a positive number`);
  }
  return problems;
}

// --- Tests --------------------------------------------------------------------------------------

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'logging-configs-'));

describe('logging guide: cleanup timer', () => {
  const units = ['time-logs-cleanup.service', 'time-logs-cleanup.timer'];

  it('passes systemd-analyze verify', () => {
    const result = runChecker('systemd-analyze', 'systemd', ['verify', ...units.map((u) => path.join(dir, u))]);
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
  });

  it('is rejected by systemd-analyze when the command it runs does not exist', () => {
    const copy = tmp();
    for (const unit of units) fs.writeFileSync(path.join(copy, unit), read(unit).replaceAll('/usr/bin/find', '/usr/bin/find-missing'));
    const result = runChecker('systemd-analyze', 'systemd', ['verify', ...units.map((u) => path.join(copy, u))]);
    fs.rmSync(copy, {recursive: true, force: true});
    expect(result.status).not.toBe(0);
    expect(result.output).toMatch(/find-missing/);
  });

  it('deletes only the compressed copies the server rotated, in the Docker Compose logs folder', () => {
    const commands = read('time-logs-cleanup.service')
      .split('\n')
      .filter((l) => l.startsWith('ExecStart='));
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) {
      expect(command).toMatch(
        /^ExecStart=\/usr\/bin\/find \/opt\/time-compose\/volumes\/time\/logs -maxdepth 1 -type f -name '[a-z]+-\*\.log\.gz' -mtime \+\d+ -delete$/,
      );
    }
  });
});

describe('logging guide: Vector', () => {
  const file = new YamlFile('vector.yaml', read('vector.yaml'));

  it('has a type on every component, existing inputs and the fields each sink requires', () => {
    expect(vectorProblems(file)).toEqual([]);
  });

  it('reads the files where the server writes them', () => {
    expect(file.data.sources.time_log.include).toEqual([product.paths.logFile]);
    expect(file.data.sources.time_audit.include).toEqual([`${product.paths.logs}/audit.log`]);
  });

  it('reports a missing input, a sink without its fields and a component without a type, with file and line', () => {
    const broken = read('vector.yaml')
      .replace('      - time_parse\n', '      - time_parsed\n')
      .replace('    endpoint: http://loki.example.ru:3100\n', '')
      .replace('    type: remap\n    inputs:\n      - time_audit', '    inputs:\n      - time_audit');
    const problems = vectorProblems(new YamlFile('vector.yaml', broken));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^vector\.yaml:\d+: sinks\.loki reads from "time_parsed", which is not defined$/),
        expect.stringMatching(/^vector\.yaml:\d+: sinks\.loki \(loki\): missing or invalid endpoint/),
        expect.stringMatching(/^vector\.yaml:\d+: transforms\.audit_parse: has no type$/),
      ]),
    );
  });

  it('names the file and line of YAML that does not parse', () => {
    expect(() => new YamlFile('vector.yaml', 'sources:\n  a: [\n')).toThrow(/^vector\.yaml:\d+: YAML does not parse/);
  });
});

describe('logging guide: Fluent Bit', () => {
  const file = new YamlFile('fluent-bit.yaml', read('fluent-bit.yaml'));

  it('names every plugin, defines its parsers and matches every output to an input', () => {
    expect(fluentBitProblems(file)).toEqual([]);
  });

  it('tails the files where the server writes them', () => {
    expect(file.data.pipeline.inputs.map((i: {path: string}) => i.path)).toEqual([product.paths.logFile, `${product.paths.logs}/audit.log`]);
  });

  it('reports an output that matches nothing, an unknown parser and a GELF output without its mode', () => {
    const broken = read('fluent-bit.yaml')
      .replace('match: time.*', 'match: mattermost.*')
      .replace('parser: time_json\n', 'parser: time_jsn\n')
      .replace('      mode: tcp\n', '');
    const problems = fluentBitProblems(new YamlFile('fluent-bit.yaml', broken));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^fluent-bit\.yaml:\d+: pipeline\.outputs\[0\]: match "mattermost\.\*" selects no input tag/),
        expect.stringMatching(/^fluent-bit\.yaml:\d+: pipeline\.inputs\[0\]: parser "time_jsn" is defined neither/),
        expect.stringMatching(/^fluent-bit\.yaml:\d+: pipeline\.outputs\[3\] \(gelf\): missing or invalid mode/),
      ]),
    );
  });
});

describe('logging guide: AdvancedLoggingConfig example', () => {
  const text = read('advanced-logging.json');

  it('uses target types, formats and levels the server knows, with the options each target needs', () => {
    expect(advancedLoggingProblems('advanced-logging.json', text)).toEqual([]);
  });

  it('reports a receiver named only in host, an unknown level and a file target without a file', () => {
    const cfg = JSON.parse(text);
    delete cfg['graylog-gelf'].options.ip;
    cfg['syslog-siem'].levels.push({id: 140, name: 'LDAPError'});
    delete cfg['file-errors'].options.filename;
    expect(advancedLoggingProblems('advanced-logging.json', JSON.stringify(cfg))).toEqual([
      'advanced-logging.json: target "graylog-gelf": options.ip must equal options.host (the server dials ip)',
      'advanced-logging.json: target "syslog-siem": level {"id":140,"name":"LDAPError"} is not one the server defines',
      'advanced-logging.json: target "file-errors": a file target needs options.filename',
    ]);
    expect(advancedLoggingProblems('advanced-logging.json', '{"a": ')).toEqual([expect.stringMatching(/^advanced-logging\.json: JSON does not parse/)]);
  });
});
