import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {getVcsPreset} from '@docusaurus/utils';
import {afterAll, describe, expect, it, vi} from 'vitest';
import {announceNoGitHistory, gitHistoryOptions, insideGitWorkTree, NO_GIT_NOTICE} from '../../plugins/shared/git';

const root = path.resolve(__dirname, '../..');
// A copy of the sources without .git, as a release tarball or `git archive` gives them.
const exported = fs.mkdtempSync(path.join(os.tmpdir(), 'time-docs-export-'));
fs.mkdirSync(path.join(exported, 'docs'));
fs.writeFileSync(path.join(exported, 'docs/index.md'), '---\ntitle: Главная\n---\n');
afterAll(() => fs.rmSync(exported, {recursive: true, force: true}));

describe('git history detection', () => {
  it('sees the repository as a git work tree and keeps update dates', () => {
    expect(insideGitWorkTree(root)).toBe(true);
    expect(gitHistoryOptions(root)).toEqual({vcs: 'default-v2', showLastUpdateTime: true});
  });

  it('sees an export without .git as no work tree and turns update dates off', () => {
    expect(insideGitWorkTree(exported)).toBe(false);
    expect(gitHistoryOptions(exported)).toEqual({vcs: 'disabled', showLastUpdateTime: false});
  });

  it('the chosen VCS reads an exported page without failing (the git reader used to throw there)', async () => {
    const page = path.join(exported, 'docs/index.md');
    const previous = process.env.NODE_ENV;
    // The production build's reader: in test mode Docusaurus would swap in hard-coded dates.
    process.env.NODE_ENV = 'production';
    try {
      const chosen = getVcsPreset(gitHistoryOptions(exported).vcs);
      chosen.initialize({siteDir: exported});
      await expect(chosen.getFileLastUpdateInfo(page)).resolves.toBeNull();
      const gitReader = getVcsPreset('default-v2');
      gitReader.initialize({siteDir: exported});
      await expect(gitReader.getFileLastUpdateInfo(page)).rejects.toThrow(/outside any Git worktree/);
    } finally {
      process.env.NODE_ENV = previous;
    }
  });

  it('says so in one line however often the config is loaded', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      announceNoGitHistory();
      announceNoGitHistory();
      expect(log.mock.calls).toEqual([[`[INFO] ${NO_GIT_NOTICE}`]]);
    } finally {
      log.mockRestore();
    }
  });
});
