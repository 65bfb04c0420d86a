/** Measurement helpers for `npm run bench`: process-tree memory, folder sizes, page JS weight. */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import zlib from 'node:zlib';
import {listFiles} from '../../plugins/shared/files';

/** Resident memory (bytes) of a process and all its descendants, read from /proc. */
export function treeRss(rootPid: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const status = fs.readFileSync(`/proc/${entry}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
      rss.set(Number(entry), kb * 1024);
    } catch {
      // The process ended while we were reading it.
    }
  }
  let total = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop()!;
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

export interface RunResult {
  seconds: number;
  peakBytes: number;
  code: number;
}

/** Runs a command, sampling the memory of its whole process tree every 200 ms. */
export function runMeasured(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<RunResult> {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, args, {cwd, env, stdio: ['ignore', 'ignore', 'inherit']});
    let peak = 0;
    const timer = setInterval(() => {
      if (child.pid) peak = Math.max(peak, treeRss(child.pid));
    }, 200);
    child.on('close', (code) => {
      clearInterval(timer);
      resolve({seconds: Number(process.hrtime.bigint() - started) / 1e9, peakBytes: peak, code: code ?? 1});
    });
  });
}

/** Total size of the files below a folder, raw and gzip-compressed (level 9), with a file count. */
export function folderSize(dir: string, filter: (file: string) => boolean = () => true) {
  let raw = 0;
  let gzip = 0;
  const files = listFiles(dir, filter);
  for (const file of files) {
    const data = fs.readFileSync(file);
    raw += data.length;
    gzip += zlib.gzipSync(data, {level: 9}).length;
  }
  return {raw, gzip, files: files.length};
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
