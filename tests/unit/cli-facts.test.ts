import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {CONTENT_DIRS, listDocFiles} from '../../plugins/content-check/rules';

// timectl is Time's administrator CLI, the counterpart of mmctl in Time's lineage. A command the
// portal tells a reader to run must exist there: data/lineage/mmctl-commands.txt lists every
// command and subcommand of mmctl 7.8 (aliases included).

const root = path.resolve(__dirname, '../..');
const COMMANDS = new Set(
  fs
    .readFileSync(path.join(root, 'data/lineage/mmctl-commands.txt'), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#')),
);
const hasChildren = (command: string) => [...COMMANDS].some((c) => c.startsWith(`${command} `));

/** `timectl`, optional global flags (`--local`, `--format=json`), then the words that may name a command and its subcommands. */
const INVOCATION = /\btimectl((?:\s+--?[a-z][\w-]*(?:=\S+)?)*)((?:\s+[a-z][a-z0-9-]*\b(?![.=/]))*)/g;

/** Why an invocation names no mmctl command, or null when it does (or names none, as prose may). */
export function wrongCommand(invocation: string): string | null {
  const words = invocation.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  let known = 0;
  while (known < words.length && COMMANDS.has(words.slice(0, known + 1).join(' '))) known++;
  if (known === 0) return `"${words[0]}" is not a command of the lineage's CLI`;
  const command = words.slice(0, known).join(' ');
  if (known < words.length && hasChildren(command)) return `"${command}" has no subcommand "${words[known]}"`;
  return null;
}

export function wrongInvocations(text: string): string[] {
  return [...text.matchAll(INVOCATION)].flatMap(([whole, , words]) => {
    const why = wrongCommand(words);
    return why ? [`${whole.trim()}: ${why}`] : [];
  });
}

describe('timectl commands', () => {
  it('know the lineage CLI and spot commands it never had', () => {
    expect(COMMANDS.has('config set')).toBe(true);
    expect(COMMANDS.has('export job list')).toBe(true);
    expect(wrongInvocations('docker compose exec time timectl --local config set FileSettings.MaxFileSize 6442450944')).toEqual([]);
    expect(wrongInvocations('timectl user list --all')).toEqual([]);
    expect(wrongInvocations('timectl import process oc9is0j8_time-import.zip')).toEqual([]);
    expect(wrongInvocations('утилита timectl работает через сокет')).toEqual([]);
    expect(wrongInvocations('timectl db migrate --dry-run')).toEqual([expect.stringMatching(/"db" is not a command/)]);
    expect(wrongInvocations('timectl user frobnicate ivan')).toEqual([expect.stringMatching(/"user" has no subcommand "frobnicate"/)]);
  });

  it('on the portal are commands of the lineage CLI', () => {
    const files = [...CONTENT_DIRS.flatMap((dir) => listDocFiles(path.join(root, dir)))];
    const wrong = files.flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => wrongInvocations(line).map((w) => `${path.relative(root, file)}:${i + 1}: ${w}`)),
    );
    expect(wrong).toEqual([]);
  });
});
