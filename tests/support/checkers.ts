/**
 * Runs a tool's own configuration checker (promtool, systemd-analyze, nginx -t, keepalived -t…) on a
 * file the portal ships, so a shipped config is judged by the program that will read it. A checker
 * that is not installed fails the test with the Debian package to install (.ci/run installs them all).
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';

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
export function runChecker(program: string, debianPackage: string, args: string[], options: {cwd?: string; env?: NodeJS.ProcessEnv; input?: string} = {}): CheckResult {
  const bin = requireTool(program, debianPackage);
  const run = spawnSync(bin, args, {encoding: 'utf8', timeout: 60_000, cwd: options.cwd, env: options.env ?? process.env, input: options.input});
  if (run.error) throw new Error(`${program} ${args.join(' ')}: ${run.error.message}`);
  return {status: run.status, output: `${run.stdout ?? ''}${run.stderr ?? ''}`.trim()};
}
