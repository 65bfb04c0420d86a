/**
 * The backup guide ships these files under static/downloads/backup/; each is judged by the program
 * that reads it (pgBackRest, bash, systemd) or, for Kubernetes, by its structure. Every checker is
 * also run on a deliberately broken copy, so a checker that accepts anything fails the test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseAllDocuments} from 'yaml';
import {afterAll, describe, expect, it} from 'vitest';
import {product} from '../../data/product';
import {runChecker, shellcheck, type CheckResult} from '../support/checkers';

const DIR = path.resolve(__dirname, '../../static/downloads/backup');
const read = (name: string) => fs.readFileSync(path.join(DIR, name), 'utf8');

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, {recursive: true, force: true});
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-configs-'));
  tempDirs.push(dir);
  return dir;
}

function writeTemp(dir: string, name: string, text: string, mode = 0o644): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text, {mode});
  return file;
}

/** The lines a checker prints about a problem it only warns about (unknown key, invalid option). */
function complaints(result: CheckResult): string[] {
  return result.output.split('\n').filter((line) => line.trim() !== '');
}

/**
 * pgBackRest 2.45 reads the whole file for `help <command>` without a database, a lock or a log
 * file. A value it cannot parse stops it with an error; an option it does not know (a misspelt name)
 * it only reports as `WARN: configuration file contains invalid option`, so both count as rejection.
 */
function pgbackrestHelp(config: string, command: string, option?: string): CheckResult {
  return runChecker('pgbackrest', 'pgbackrest', [`--config=${config}`, '--stanza=time', 'help', command, ...(option ? [option] : [])]);
}

function pgbackrestRejects(config: string): string[] {
  return ['backup', 'archive-push', 'archive-get', 'restore', 'expire', 'check', 'stanza-create', 'info'].flatMap((command) => {
    const run = pgbackrestHelp(config, command);
    const problems = run.output.split('\n').filter((line) => /\b(WARN|ERROR):/.test(line));
    return run.status !== 0 || problems.length ? [`${path.basename(config)} (help ${command}, exit ${run.status}): ${problems.join(' | ') || run.output}`] : [];
  });
}

describe('pgbackrest.conf', () => {
  const file = path.join(DIR, 'pgbackrest.conf');

  it('every option and value is accepted by pgBackRest for every command the guide runs', () => {
    expect(pgbackrestRejects(file)).toEqual([]);
  });

  it('pgBackRest reads the retention and the repository the guide describes', () => {
    expect(pgbackrestHelp(file, 'backup', 'repo1-retention-full').output).toMatch(/current: 2\b/);
    expect(pgbackrestHelp(file, 'backup', 'repo1-type').output).toMatch(/current: s3\b/);
    expect(pgbackrestHelp(file, 'backup', 'pg1-path').output).toContain(`current: /var/lib/postgresql/${product.supported.postgresRecommended}/main`);
  });

  it('a misspelt option and a bad value are rejected', () => {
    const dir = tempDir();
    const text = read('pgbackrest.conf');
    const misspelt = writeTemp(dir, 'misspelt.conf', text.replace('repo1-retention-full=2', 'repo1-retension-full=2'));
    const badValue = writeTemp(dir, 'bad-value.conf', text.replace('start-fast=y', 'start-fast=yes please'));
    expect(pgbackrestRejects(misspelt).join('\n')).toContain("invalid option 'repo1-retension-full'");
    expect(pgbackrestRejects(badValue).join('\n')).toContain("'start-fast' must be 'y' or 'n'");
  });
});

describe('time-backup.sh', () => {
  const script = path.join(DIR, 'time-backup.sh');

  it('parses with bash -n and is executable', () => {
    const run = runChecker('bash', 'bash', ['-n', script]);
    expect(run.status, run.output).toBe(0);
    expect(fs.statSync(script).mode & 0o111).not.toBe(0);
  });

  it('passes shellcheck, which refuses a copy that uses an unset variable unquoted', () => {
    const run = shellcheck(script);
    expect(run.status, run.output).toBe(0);
    const broken = writeTemp(tempDir(), 'time-backup.sh', `${read('time-backup.sh')}rm -rf $BACKUP_DIR/old\n`);
    expect(shellcheck(broken).status).not.toBe(0);
  });

  it('a broken copy fails bash -n', () => {
    const broken = writeTemp(tempDir(), 'time-backup.sh', read('time-backup.sh').replace(/\nfi\n/, '\n'));
    expect(runChecker('bash', 'bash', ['-n', broken]).status).not.toBe(0);
  });

  it('dumps the database before it copies the files, and checks the dump', () => {
    const text = read('time-backup.sh');
    const dump = text.indexOf('pg_dump');
    expect(dump).toBeGreaterThan(0);
    expect(text.indexOf('rsync -a')).toBeGreaterThan(dump);
    expect(text).toContain('pg_restore --list');
    expect(text).toContain('/opt/time-compose');
  });
});

/** systemd-analyze verify exits 0 on an unknown key and only prints it, so any output is a failure. */
function verifyUnits(dir: string): CheckResult {
  return runChecker('systemd-analyze', 'systemd', ['verify', '--man=no', path.join(dir, 'time-backup.service'), path.join(dir, 'time-backup.timer')]);
}

/** The units in a temp dir, ExecStart pointing at a copy of the script (verify requires it to exist). */
function unitsIn(dir: string, edit: (unit: string) => string = (unit) => unit): void {
  const script = writeTemp(dir, 'time-backup.sh', read('time-backup.sh'), 0o755);
  writeTemp(dir, 'time-backup.service', edit(read('time-backup.service').replace('/usr/local/sbin/time-backup.sh', script)));
  writeTemp(dir, 'time-backup.timer', edit(read('time-backup.timer')));
}

describe('time-backup.service and time-backup.timer', () => {
  it('pass systemd-analyze verify without a warning', () => {
    expect(read('time-backup.service')).toContain('ExecStart=/usr/local/sbin/time-backup.sh');
    const dir = tempDir();
    unitsIn(dir);
    const run = verifyUnits(dir);
    expect(run.status, run.output).toBe(0);
    expect(complaints(run)).toEqual([]);
  });

  it('a misspelt key is reported', () => {
    const dir = tempDir();
    unitsIn(dir, (unit) => unit.replace(/^Persistent=true$/m, 'Persistant=true'));
    expect(verifyUnits(dir).output).toContain("Unknown key 'Persistant'");
  });
});

interface K8sObject {
  apiVersion?: string;
  kind?: string;
  metadata?: {name?: string};
  spec?: Record<string, unknown>;
}

/** Problems of the CronJob manifest, each naming the file and what is missing. */
function cronJobProblems(text: string, file: string): string[] {
  const problems: string[] = [];
  const docs = parseAllDocuments(text);
  for (const doc of docs) for (const error of doc.errors) problems.push(`${file}: ${error.message}`);
  if (problems.length) return problems;
  const objects = docs.map((doc) => doc.toJS() as K8sObject);
  const pvc = objects.find((o) => o.kind === 'PersistentVolumeClaim');
  const cron = objects.find((o) => o.kind === 'CronJob');
  if (!pvc?.metadata?.name) problems.push(`${file}: no PersistentVolumeClaim with a name`);
  if (!cron) return [...problems, `${file}: no CronJob`];
  if (cron.apiVersion !== 'batch/v1') problems.push(`${file}: CronJob apiVersion must be batch/v1, not ${cron.apiVersion}`);
  const spec = cron.spec ?? {};
  const schedule = String(spec.schedule ?? '');
  if (!/^(\S+\s+){4}\S+$/.test(schedule) || schedule.split(/\s+/).some((field) => !/^[\d*,/-]+$/.test(field)))
    problems.push(`${file}: CronJob schedule "${schedule}" is not five cron fields`);
  if (spec.concurrencyPolicy !== 'Forbid') problems.push(`${file}: concurrencyPolicy must be Forbid (two dumps at once double the load)`);
  const pod = (spec.jobTemplate as {spec?: {template?: {spec?: Record<string, unknown>}}} | undefined)?.spec?.template?.spec;
  if (!pod) return [...problems, `${file}: CronJob has no spec.jobTemplate.spec.template.spec`];
  if (!['OnFailure', 'Never'].includes(String(pod.restartPolicy))) problems.push(`${file}: restartPolicy must be OnFailure or Never`);
  const containers = (pod.containers ?? []) as {
    image?: string;
    env?: {name: string; valueFrom?: {secretKeyRef?: {name: string; key: string}}}[];
    volumeMounts?: {name: string}[];
    args?: string[];
  }[];
  if (!containers.length) return [...problems, `${file}: the pod has no containers`];
  const volumes = (pod.volumes ?? []) as {name: string; persistentVolumeClaim?: {claimName: string}}[];
  for (const c of containers) {
    const major = /^postgres:(\d+)/.exec(c.image ?? '')?.[1];
    if (!major || !(product.supported.postgres as readonly string[]).includes(major))
      problems.push(`${file}: image ${c.image} is not a supported PostgreSQL major (${product.supported.postgres.join(', ')})`);
    for (const m of c.volumeMounts ?? []) if (!volumes.some((v) => v.name === m.name)) problems.push(`${file}: volumeMount ${m.name} has no volume`);
    const ref = c.env?.find((e) => e.name === 'TIME_SQLSETTINGS_DATASOURCE')?.valueFrom?.secretKeyRef;
    if (ref?.name !== 'time-secrets' || ref.key !== 'TIME_SQLSETTINGS_DATASOURCE')
      problems.push(`${file}: the connection string must come from Secret time-secrets, key TIME_SQLSETTINGS_DATASOURCE (as in the Kustomize guide)`);
  }
  for (const v of volumes)
    if (v.persistentVolumeClaim && v.persistentVolumeClaim.claimName !== pvc?.metadata?.name)
      problems.push(`${file}: volume ${v.name} claims ${v.persistentVolumeClaim.claimName}, which this file does not define`);
  return problems;
}

describe('time-pgdump-cronjob.yaml', () => {
  const text = read('time-pgdump-cronjob.yaml');

  it('has a CronJob and its PVC with every field the guide relies on', () => {
    expect(cronJobProblems(text, 'time-pgdump-cronjob.yaml')).toEqual([]);
  });

  it('its shell script parses', () => {
    const cron = parseAllDocuments(text)
      .map((d) => d.toJS() as K8sObject)
      .find((o) => o.kind === 'CronJob')!;
    const script = (cron.spec as {jobTemplate: {spec: {template: {spec: {containers: {args: string[]}[]}}}}}).jobTemplate.spec.template.spec.containers[0]
      .args[0];
    const run = runChecker('sh', 'dash', ['-n'], {input: script});
    expect(run.status, run.output).toBe(0);
    expect(script).toContain('pg_restore --list');
  });

  it('broken copies are rejected with the file named', () => {
    expect(cronJobProblems(text.replace(/schedule: .*/, 'schedule: "every night"'), 'x.yaml').join('\n')).toContain('x.yaml: CronJob schedule');
    expect(cronJobProblems(text.replace('claimName: time-backup', 'claimName: time-bakup'), 'x.yaml').join('\n')).toContain('claims time-bakup');
    expect(cronJobProblems(text.replace('image: postgres:16-alpine', 'image: postgres:12-alpine'), 'x.yaml').join('\n')).toContain(
      'not a supported PostgreSQL major',
    );
    expect(cronJobProblems(`${text}\n  bad: [`, 'x.yaml')[0]).toMatch(/^x\.yaml: /);
  });
});
