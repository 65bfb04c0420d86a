import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {runSteps, STEPS, summary} from '../../scripts/check';

const root = path.resolve(__dirname, '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'time-docs-check-'));
afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

/** A package whose scripts print, wait and fail as told. */
fs.writeFileSync(
  path.join(dir, 'package.json'),
  JSON.stringify({
    name: 'check-fixture',
    private: true,
    scripts: {
      slow: `node -e "console.log('started at', Date.now()); setTimeout(() => console.log('slow done'), 1500)"`,
      fast: `node -e "console.log('fast done', process.argv.slice(1).join(' '))"`,
      broken: `node -e "console.error('src/a.md:3 — bad'); process.exit(2)"`,
    },
  }),
);

describe('npm run check', () => {
  it('runs an npm script for every step, each of which exists in package.json (lint comes with the linter setup)', () => {
    const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts.check).toBe('tsx scripts/check.ts');
    expect(STEPS.map((s) => s.script).filter((s) => !(s in scripts) && s !== 'lint')).toEqual([]);
    expect(STEPS.map((s) => s.script)).toEqual(
      expect.arrayContaining(['typecheck', 'test:unit', 'check:content', 'check:openapi', 'check:proofread:sources', 'lint']),
    );
  });

  it("runs steps side by side, keeps each one's output and fails the ones that fail", async () => {
    const results = await runSteps(
      [
        {name: 'slow', script: 'slow'},
        {name: 'slow too', script: 'slow'},
        {name: 'broken', script: 'broken'},
        {name: 'fast', script: 'fast', args: ['extra']},
        {name: 'missing', script: 'missing'},
      ],
      5,
      dir,
    );
    // The second slow step started before the first one was done.
    const [first, second] = results.slice(0, 2).map((r) => Number(/started at (\d+)/.exec(r.output)?.[1]));
    expect(Math.abs(second - first)).toBeLessThan(1500);
    expect(results.map((r) => [r.step.name, r.ok])).toEqual([
      ['slow', true],
      ['slow too', true],
      ['broken', false],
      ['fast', true],
      ['missing', false],
    ]);
    expect(results[4].output).toBe('package.json has no "missing" script');
    expect(results[0].output).toContain('slow done');
    expect(results[2].output).toContain('src/a.md:3 — bad');
    expect(results[3].output).toContain('fast done extra');
    const text = summary(results, 2000);
    expect(text.split('\n')[0]).toBe('npm run check: FAILED in 2.0 s');
    expect(text).toMatch(/FAIL {2}broken/);
  }, 30_000);
});
