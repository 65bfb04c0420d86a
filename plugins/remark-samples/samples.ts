/**
 * The code samples of the guides live as files in `samples/` and are included into the pages
 * (```lang file=<rootDir>/samples/...```), so that what the tests run is what readers see.
 *
 * A sample folder is any folder with program files. Programs named `request.sh`, `main.py`,
 * `main.ts` and `main.go` call the Time API and finish: when the folder has `output.txt`, each of
 * them is run against the mock server and must print exactly that (or its own file, such as
 * `output.curl.txt`, where that language cannot do everything — curl cannot exchange WebSocket frames). Other program files (for
 * instance `server.ts`, an endpoint that receives Time's requests) are compiled or type-checked only.
 * `env.json` holds the extra environment variables the programs read.
 */
import fs from 'node:fs';
import path from 'node:path';
import {fingerprintFiles, listFiles} from '../shared/files';

export const root = path.resolve(__dirname, '../..');
export const SAMPLES_DIR = path.join(root, 'samples');

export type Language = 'bash' | 'python' | 'typescript' | 'go';
export const LANGUAGE_OF: Record<string, Language> = {'.sh': 'bash', '.py': 'python', '.ts': 'typescript', '.go': 'go'};
/** The API-calling programs of a folder, in the order of the page's tabs. */
export const RUNNABLE = ['request.sh', 'main.py', 'main.go', 'main.ts'] as const;

export interface SampleFolder {
  /** Relative to samples/, e.g. `cookbook/send-a-message`. */
  id: string;
  dir: string;
  programs: string[];
  /** Programs run against the mock (empty when the folder has no output.txt). */
  runnable: string[];
  expected?: string;
  /** Per-program expectations that differ from output.txt, e.g. `request.sh` → output.curl.txt. */
  expectedFor: Record<string, string>;
  env: Record<string, string>;
}

/** The file holding a program's own expected output when it differs from output.txt. */
export const OWN_OUTPUT: Record<string, string> = {
  'request.sh': 'output.curl.txt',
  'main.py': 'output.python.txt',
  'main.go': 'output.go.txt',
  'main.ts': 'output.typescript.txt',
};

/** In a code fence's meta: the block shows this file (path relative to the repo root). */
export const INCLUDE = /\bfile=<rootDir>\/(\S+)/;

/** Every file under samples/ (absolute paths). */
export function sampleFiles(): string[] {
  return listFiles(SAMPLES_DIR);
}

export function readEnv(file: string): Record<string, string> {
  if (!fs.existsSync(file)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${path.relative(root, file)}: not valid JSON (${(error as Error).message})`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${path.relative(root, file)}: must be a flat JSON object`);
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== 'string') throw new Error(`${path.relative(root, file)}: ${key} must be a string`);
    if (/^TIME_/.test(key)) throw new Error(`${path.relative(root, file)}: ${key} — TIME_* names are reserved for Time settings`);
  }
  return parsed as Record<string, string>;
}

export function sampleFolders(): SampleFolder[] {
  const byDir = new Map<string, string[]>();
  for (const file of sampleFiles()) {
    if (!LANGUAGE_OF[path.extname(file)]) continue;
    const dir = path.dirname(file);
    byDir.set(dir, [...(byDir.get(dir) ?? []), path.basename(file)]);
  }
  return [...byDir.entries()].map(([dir, programs]) => {
    const outputFile = path.join(dir, 'output.txt');
    const expected = fs.existsSync(outputFile) ? fs.readFileSync(outputFile, 'utf8') : undefined;
    return {
      id: path.relative(SAMPLES_DIR, dir),
      dir,
      programs: programs.sort(),
      runnable: expected === undefined ? [] : RUNNABLE.filter((p) => programs.includes(p)),
      expected,
      expectedFor: Object.fromEntries(
        Object.entries(OWN_OUTPUT)
          .filter(([, name]) => fs.existsSync(path.join(dir, name)))
          .map(([program, name]) => [program, fs.readFileSync(path.join(dir, name), 'utf8')]),
      ),
      env: readEnv(path.join(dir, 'env.json')),
    };
  });
}

/** `file=<rootDir>/samples/…` references in the pages, as paths relative to the repo root. */
export function includedSampleFiles(docsDirs = [path.join(root, 'docs')]): Map<string, string[]> {
  const refs = new Map<string, string[]>();
  const fence = new RegExp(String.raw`^\s*\`\`\`[^\n]*?` + INCLUDE.source, 'gm');
  for (const file of docsDirs.flatMap((dir) => listFiles(dir, (f) => /\.mdx?$/.test(f)))) {
    for (const [, target] of fs.readFileSync(file, 'utf8').matchAll(fence)) {
      refs.set(target, [...(refs.get(target) ?? []), path.relative(root, file)]);
    }
  }
  return refs;
}

/** Configuration files the guides show and offer for download at /downloads/… (static/downloads). */
export const DOWNLOADS_DIR = path.join(root, 'static', 'downloads');

/**
 * A hash of every file a page may show with ```lang file=…``` (the samples and the downloadable
 * configs), for the include plugin's options (see fingerprintFiles).
 */
export function samplesFingerprint(): string {
  return fingerprintFiles([...sampleFiles(), ...listFiles(DOWNLOADS_DIR)], root);
}
