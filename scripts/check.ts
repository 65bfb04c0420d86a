/**
 * `npm run check`: what a writer or a reviewer runs before pushing, without a build — types, unit
 * tests, content checks (front matter, headings, examples, links, settings catalogue), the API specs,
 * lint, and spelling and typography of the Markdown sources, each problem with its file and line.
 * `npm test` stays the full chain (build, build checks, samples, browser tests).
 *
 * The steps run in two lanes (`CHECK_PARALLEL` sets another number); their output is held back and
 * printed whole, step by step, so that interleaved lines never mix two reports. The summary gives
 * each step's time.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

/** A step is an npm script, so a failing one is rerun alone with the command its report names. */
export interface Step {
  name: string;
  script: string;
  /** Passed on to the script after `--`. */
  args?: string[];
}

/** Longest first, so the slow steps start at once and the short ones fill in beside them. */
export const STEPS: Step[] = [
  // Vitest runs one worker on two cores by default; the unit tests are the longest step, and two
  // workers halve it (many of them wait on nginx, Chromium or a config tool rather than compute).
  // Without isolation a worker imports each module once instead of once per test file: two fifths
  // of the step's CPU time. No unit test relies on a fresh module state; `npm test` keeps isolation.
  {name: 'unit tests', script: 'test:unit', args: ['--maxWorkers=2', '--no-isolate']},
  {name: 'typecheck', script: 'typecheck'},
  {name: 'API specs', script: 'check:openapi'},
  {name: 'proofreading (sources)', script: 'check:proofread:sources'},
  {name: 'content', script: 'check:content'},
  // The ESLint and Prettier check: its own npm script.
  {name: 'lint', script: 'lint'},
];

export interface StepResult {
  step: Step;
  ok: boolean;
  ms: number;
  output: string;
}

/** Runs one step with its output captured; a script package.json lacks fails saying so (npm --silent would not). */
export function runStep(step: Step, cwd = root): Promise<StepResult> {
  const started = Date.now();
  const scripts = (JSON.parse(fs.readFileSync(path.join(cwd, 'package.json'), 'utf8')) as {scripts?: Record<string, string>}).scripts ?? {};
  if (!(step.script in scripts)) return Promise.resolve({step, ok: false, ms: 0, output: `package.json has no "${step.script}" script`});
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn('npm', ['run', '--silent', step.script, ...(step.args ? ['--', ...step.args] : [])], {
      cwd,
      env: {...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0'},
    });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = (ok: boolean, extra = '') => resolve({step, ok, ms: Date.now() - started, output: Buffer.concat(chunks).toString('utf8') + extra});
    child.on('error', (error) => done(false, `\nnpm could not start: ${error.message}`));
    child.on('close', (code, signal) => done(code === 0, signal ? `\nkilled by ${signal}` : ''));
  });
}

/** Runs `steps` with at most `parallel` at once, in their order. */
export async function runSteps(steps: Step[], parallel: number, cwd = root): Promise<StepResult[]> {
  const results: StepResult[] = new Array(steps.length);
  let next = 0;
  const worker = async () => {
    while (next < steps.length) {
      const at = next++;
      results[at] = await runStep(steps[at], cwd);
    }
  };
  await Promise.all(Array.from({length: Math.min(parallel, steps.length)}, worker));
  return results;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The summary table: one line per step, its time and whether it passed. */
export function summary(results: StepResult[], totalMs: number): string {
  const width = Math.max(...results.map((r) => r.step.name.length));
  const lines = results.map((r) => `  ${r.ok ? 'ok  ' : 'FAIL'}  ${r.step.name.padEnd(width)}  ${seconds(r.ms).padStart(7)}`);
  return [`npm run check: ${results.filter((r) => !r.ok).length ? 'FAILED' : 'OK'} in ${seconds(totalMs)}`, ...lines].join('\n');
}

async function main() {
  const started = Date.now();
  // Two lanes by default: the unit tests (the longest step) in one, the other steps one after another
  // in the second. On two cores that ends sooner than all at once (55 s against 57 s measured), as
  // six processes fighting for the cores slow the longest one down most.
  const parallel = Number(process.env.CHECK_PARALLEL ?? 2);
  const results = await runSteps(STEPS, parallel);
  for (const result of results) {
    if (result.ok) continue;
    console.error(
      `\n── ${result.step.name} failed (npm run ${[result.step.script, ...(result.step.args ? ['--', ...result.step.args] : [])].join(' ')}) ──\n${result.output.trimEnd()}`,
    );
  }
  console.log(`\n${summary(results, Date.now() - started)}`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}

if (require.main === module) main();
