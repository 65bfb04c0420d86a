/**
 * Page update dates come from git history. A source tree without it (a release tarball, a
 * `git archive` export, a CI that copies files) must still build: the config asks once whether the
 * site is inside a git work tree and, when it is not, turns the dates off instead of letting
 * Docusaurus fail on the first page it cannot date.
 */
import {spawnSync} from 'node:child_process';

export const NO_GIT_NOTICE = 'No git history: pages are built without update dates';

/**
 * Prints NO_GIT_NOTICE once per process: `docusaurus build` loads the config more than once, and
 * each load evaluates this module anew, so the mark lives on globalThis. On stdout, so the
 * gen-api-docs runs of scripts/prepare-api.ts, whose stdout is dropped, stay quiet.
 */
export function announceNoGitHistory(): void {
  const shown = globalThis as {timeDocsNoGitNotice?: boolean};
  if (shown.timeDocsNoGitNotice) return;
  shown.timeDocsNoGitNotice = true;
  console.log(`[INFO] ${NO_GIT_NOTICE}`);
}

const known = new Map<string, boolean>();

/** Whether `dir` is inside a git work tree (false too when git itself is not installed). */
export function insideGitWorkTree(dir: string): boolean {
  let inside = known.get(dir);
  if (inside === undefined) {
    const run = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], {cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']});
    inside = run.status === 0 && run.stdout.trim() === 'true';
    known.set(dir, inside);
  }
  return inside;
}

/** The Docusaurus options that read git: its VCS preset and the docs plugins' update dates. */
export function gitHistoryOptions(dir: string): {vcs: 'default-v2' | 'disabled'; showLastUpdateTime: boolean} {
  const inside = insideGitWorkTree(dir);
  // default-v2 reads the whole history with one `git log` (instead of one per page).
  return {vcs: inside ? 'default-v2' : 'disabled', showLastUpdateTime: inside};
}
