/**
 * The PostgreSQL high-availability files the portal ships (static/downloads/postgresql/), each judged by
 * the program that reads it: `patroni --validate-config`, `haproxy -c -f` and a short foreground start
 * of pgbouncer, which has no dry-run of its own. Every checker also gets a broken copy and must refuse
 * it, so a checker that accepts anything fails here.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {requireTool, runChecker} from '../support/checkers';
import {freePort} from '../../scripts/lib/port';

const DIR = path.resolve(__dirname, '../../static/downloads/postgresql');
const read = (name: string) => fs.readFileSync(path.join(DIR, name), 'utf8');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'postgresql-configs-'));
afterAll(() => fs.rmSync(tmp, {recursive: true, force: true}));

/** Writes `text` into the temp dir and returns its path. */
function writeTemp(name: string, text: string): string {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, text);
  return file;
}

/** Replaces `from` in `text` and fails loudly when the shipped file no longer contains it. */
function replaceOnce(text: string, from: string, to: string, file: string): string {
  if (!text.includes(from)) throw new Error(`${file}: expected to find «${from}» to build the broken copy`);
  return text.replace(from, to);
}

/** The parts of patroni.yml that the checks read or change. */
interface PatroniConfig {
  scope: string;
  restapi: {listen: string};
  etcd3: {hosts: string[]};
  postgresql: {listen: string; data_dir: string; bin_dir: string; authentication: Record<string, unknown>};
  bootstrap: {dcs: {postgresql: {parameters: Record<string, unknown>}}};
  watchdog?: {mode: string};
}

describe('patroni.yml', () => {
  // The validator of Patroni 3.0.2 touches the machine it runs on: it opens a TCP connection to every
  // etcd host ("is not reachable" otherwise), connects to both listen addresses to be sure they are
  // free, wants bin_dir to hold the PostgreSQL programs and data_dir to be empty or a cluster of the same
  // version. The shipped addresses and paths belong to the reader's servers, so the copy we validate
  // keeps every key and value but these: etcd becomes a listener of this test on 127.0.0.1, the listen
  // ports become free local ports, bin_dir a folder of stub programs, data_dir a fresh path.
  let etcd: net.Server;
  let etcdPort = 0;
  let localCopy: (doc: PatroniConfig) => Promise<string>;

  beforeAll(async () => {
    etcd = net.createServer((socket) => socket.end());
    await new Promise<void>((resolve) => etcd.listen(0, '127.0.0.1', resolve));
    etcdPort = (etcd.address() as net.AddressInfo).port;
    const binDir = path.join(tmp, 'pg-bin');
    fs.mkdirSync(binDir, {recursive: true});
    for (const program of ['pg_ctl', 'initdb', 'pg_controldata', 'pg_basebackup', 'postgres', 'pg_isready']) {
      fs.writeFileSync(path.join(binDir, program), '#!/bin/sh\nexit 0\n', {mode: 0o755});
    }
    localCopy = async (doc) => {
      const copy = structuredClone(doc);
      copy.etcd3.hosts = copy.etcd3.hosts.map(() => `127.0.0.1:${etcdPort}`);
      copy.restapi.listen = `127.0.0.1:${await freePort()}`;
      copy.postgresql.listen = `127.0.0.1:${await freePort()}`;
      copy.postgresql.bin_dir = binDir;
      copy.postgresql.data_dir = path.join(tmp, `pg-data-${Math.random().toString(36).slice(2)}`);
      return YAML.stringify(copy);
    };
  });
  afterAll(() => new Promise<void>((resolve) => etcd.close(() => resolve())));

  const shipped = () => YAML.parse(read('patroni.yml')) as PatroniConfig;

  it('keeps the addresses and paths the page explains', () => {
    const doc = shipped();
    expect(doc.scope).toBe('time-pg');
    expect(doc.restapi.listen).toBe('0.0.0.0:8008');
    expect(doc.etcd3.hosts).toHaveLength(3);
    expect(doc.postgresql.data_dir).toBe('/var/lib/postgresql/16/main');
    expect(doc.postgresql.bin_dir).toBe('/usr/lib/postgresql/16/bin');
    expect(doc.bootstrap.dcs.postgresql.parameters.wal_log_hints).toBe('on');
  });

  it('passes patroni --validate-config', async () => {
    const file = writeTemp('patroni.yml', await localCopy(shipped()));
    const result = runChecker('patroni', 'patroni', ['--validate-config', file]);
    expect(result.output).toBe('');
    expect(result.status, result.output).toBe(0);
  });

  it('is refused by the validator without the rewind user and with a wrong watchdog mode', async () => {
    const doc = shipped();
    delete doc.postgresql.authentication.rewind;
    doc.watchdog = {mode: 'sometimes'};
    const file = writeTemp('patroni-broken.yml', await localCopy(doc));
    const result = runChecker('patroni', 'patroni', ['--validate-config', file]);
    expect(result.status).not.toBe(0);
    expect(result.output).toMatch(/postgresql\.authentication\.rewind/);
    expect(result.output).toMatch(/watchdog\.mode/);
  });
});

describe('haproxy.cfg', () => {
  it('passes haproxy -c', () => {
    const result = runChecker('haproxy', 'haproxy', ['-c', '-f', path.join(DIR, 'haproxy.cfg')]);
    expect(result.status, result.output).toBe(0);
  });

  it('asks Patroni for the leader on 5000 and for replicas on 5001, falling back to the leader', () => {
    const text = read('haproxy.cfg');
    expect(text).toMatch(/frontend time_pg_primary\n\s+bind 127\.0\.0\.1:5000\n\s+default_backend time_pg_leader/);
    expect(text).toMatch(
      /frontend time_pg_replicas\n\s+bind 127\.0\.0\.1:5001\n[\s\S]*?use_backend time_pg_standbys if \{ nbsrv\(time_pg_standbys\) gt 0 \}\n\s+default_backend time_pg_leader/,
    );
    expect(text).toMatch(/backend time_pg_leader\n\s+option httpchk OPTIONS \/primary/);
    expect(text).toMatch(/backend time_pg_standbys\n[\s\S]*?option httpchk OPTIONS \/replica\?lag=/);
    expect(text.match(/on-marked-down shutdown-sessions/g)).toHaveLength(2);
  });

  it('is refused by haproxy -c when a keyword is misspelt', () => {
    const broken = replaceOnce(read('haproxy.cfg'), 'http-check expect status 200', 'http-check expct status 200', 'haproxy.cfg');
    const result = runChecker('haproxy', 'haproxy', ['-c', '-f', writeTemp('haproxy-broken.cfg', broken)]);
    expect(result.status).not.toBe(0);
    expect(result.output).toMatch(/expct/);
  });
});

describe('pgbouncer.ini', () => {
  // pgbouncer 1.18 has no option that only checks a config, so the check starts it in the foreground for
  // a second and a half under `timeout`: exit status 124 means it was still running (config accepted),
  // 1 means it stopped on the config. Only the listening port, the log, the pid file and the user list
  // point into the temp dir; as root it must drop to an unprivileged user (it refuses to run as root).
  async function startBriefly(text: string, name: string) {
    const port = await freePort();
    let local = text;
    for (const [key, value] of [
      ['listen_port', String(port)],
      ['unix_socket_dir', ''],
      ['logfile', path.join(tmp, `${name}.log`)],
      ['pidfile', path.join(tmp, `${name}.pid`)],
      ['auth_file', writeTemp(`${name}-userlist.txt`, '"time" "SCRAM-SHA-256$4096:c2FsdA==$c3RvcmVk:c2VydmVy"\n')],
    ]) {
      const line = new RegExp(`^${key} = .*$`, 'm');
      if (!line.test(local)) throw new Error(`pgbouncer.ini: no «${key} = …» line to point at the temp dir`);
      local = local.replace(line, `${key} = ${value}`);
    }
    const file = writeTemp(`${name}.ini`, local);
    fs.chmodSync(tmp, 0o777);
    const asUser = process.getuid?.() === 0 ? ['-u', 'nobody'] : [];
    return runChecker('timeout', 'coreutils', ['1.5', requireTool('pgbouncer', 'pgbouncer'), ...asUser, file]);
  }

  it('starts and listens with the shipped settings', async () => {
    const result = await startBriefly(read('pgbouncer.ini'), 'pgbouncer');
    expect(result.output).toMatch(/process up: PgBouncer/);
    expect(result.status, result.output).toBe(124);
  });

  it('keeps session pooling and lets lib/pq connect', () => {
    const text = read('pgbouncer.ini');
    expect(text).toMatch(/^pool_mode = session$/m);
    expect(text).toMatch(/^ignore_startup_parameters = extra_float_digits$/m);
  });

  it('stops on a wrong pool mode', async () => {
    const broken = replaceOnce(read('pgbouncer.ini'), 'pool_mode = session', 'pool_mode = sessions', 'pgbouncer.ini');
    const result = await startBriefly(broken, 'pgbouncer-broken');
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/invalid value "sessions" for parameter pool_mode/);
  });
});
