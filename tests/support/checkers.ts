/**
 * Runs a tool's own configuration checker (promtool, systemd-analyze, nginx -t, keepalived -t…) on a
 * file the portal ships, so a shipped config is judged by the program that will read it. A checker
 * that is not installed fails the test with the Debian package to install (.ci/run installs them all).
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface CheckResult {
  status: number | null;
  /** stdout and stderr together, for the failure message. */
  output: string;
}

/** The installed path of `program`, or a clear error naming the Debian package that brings it. */
export function requireTool(program: string, debianPackage: string): string {
  const found = ['/usr/bin', '/usr/sbin', '/bin', '/sbin', '/usr/local/bin'].map((dir) => `${dir}/${program}`).find((p) => fs.existsSync(p));
  if (!found) throw new Error(`${program} is not installed: apt-get install -y ${debianPackage} (.ci/run installs it)`);
  return found;
}

/** Runs `program args…` and returns its exit status and output; never throws on a non-zero exit. */
export function runChecker(
  program: string,
  debianPackage: string,
  args: string[],
  options: {cwd?: string; env?: NodeJS.ProcessEnv; input?: string} = {},
): CheckResult {
  const bin = requireTool(program, debianPackage);
  const run = spawnSync(bin, args, {encoding: 'utf8', timeout: 60_000, cwd: options.cwd, env: options.env ?? process.env, input: options.input});
  if (run.error) throw new Error(`${program} ${args.join(' ')}: ${run.error.message}`);
  return {status: run.status, output: `${run.stdout ?? ''}${run.stderr ?? ''}`.trim()};
}

/**
 * A self-signed certificate and key for `host` (a name or an IP address, also its subjectAltName) in
 * `dir`, made once per dir: for checkers that load them and for servers the browser tests talk to.
 */
export function selfSignedCertificate(dir: string, host = 'time.example.ru'): {cert: string; key: string} {
  const cert = path.join(dir, 'fullchain.pem');
  const key = path.join(dir, 'privkey.pem');
  if (!fs.existsSync(cert)) {
    const altName = `${net.isIP(host) ? 'IP' : 'DNS'}:${host}`;
    const run = runChecker('openssl', 'openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${host}`,
      '-addext',
      `subjectAltName=${altName}`,
      '-keyout',
      key,
      '-out',
      cert,
    ]);
    if (run.status !== 0) throw new Error(`openssl could not make a test certificate: ${run.output}`);
  }
  return {cert, key};
}

/**
 * Runs `nginx -t` on `httpBody` placed inside the http block of a throw-away main config in `dir`:
 * every path nginx writes to stays in `dir`, so the check needs no installed site and opens no port.
 */
export function nginxCheck(dir: string, httpBody: string): CheckResult {
  fs.mkdirSync(dir, {recursive: true});
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `    ${t}_temp_path ${dir}/${t};`).join('\n');
  // As root, nginx would switch its workers to "nobody", which may not own the temp dir.
  const user = os.userInfo().username === 'root' ? 'user root root;\n' : '';
  const main = `${user}pid ${dir}/nginx.pid;\nerror_log stderr warn;\nevents { worker_connections 64; }\nhttp {\n    access_log off;\n${temps}\n${httpBody}\n}\n`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), main);
  return runChecker('nginx', 'nginx', ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')]);
}

/** A shell script judged by shellcheck (every severity, bash dialect); non-zero status on any finding. */
export function shellcheck(file: string): CheckResult {
  return runChecker('shellcheck', 'shellcheck', ['--shell=bash', '--format=gcc', file]);
}
