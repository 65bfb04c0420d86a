/**
 * The code samples of the cookbook and the integrations guide, proven to work:
 * - every API-calling program (curl, Python, Go, TypeScript) runs against a mock generated from our
 *   v4 spec and must print exactly the output shown on the page (output.txt);
 * - every other program is compiled or type-checked; Go code is gofmt-clean and vetted;
 * - every sample file is shown on some page, and every included file exists.
 * Needs the bundled spec (static/openapi/v4.yaml, written by `npm run build`), Go, Python 3, curl and jq.
 */
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {MOCK_TOKEN, startMockServer, type MockServer} from '../../scripts/lib/mock-server';
import {includedSampleFiles, root, sampleFiles, sampleFolders, SAMPLES_DIR} from '../../plugins/remark-samples/samples';

const folders = sampleFolders();
const goCache = fs.mkdtempSync(path.join(os.tmpdir(), 'time-docs-go-'));

/** A clean environment for a sample: only what it documents, plus PATH, HOME and a UTF-8 locale. */
const childEnv = (extra: Record<string, string> = {}) => ({PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), LANG: 'C.UTF-8', ...extra});

function run(command: string, args: string[], options: {cwd: string; env?: Record<string, string>; timeout?: number}) {
  const result = spawnSync(command, args, {cwd: options.cwd, encoding: 'utf8', timeout: options.timeout ?? 60_000, env: childEnv(options.env)});
  if (result.error) throw new Error(`${command} ${args.join(' ')}: ${result.error.message}`);
  return {code: result.status, stdout: result.stdout, stderr: result.stderr};
}

/**
 * Runs a program without blocking the event loop: the mock's proxy lives in this process and must
 * keep answering while the program waits for it.
 */
function runAsync(command: string, args: string[], options: {cwd: string; env: Record<string, string>; timeout: number}) {
  return new Promise<{code: number | null; stdout: string; stderr: string}>((resolve, reject) => {
    const child = spawn(command, args, {cwd: options.cwd, env: childEnv(options.env), stdio: ['ignore', 'pipe', 'pipe']});
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      stderr += `\n(killed after ${options.timeout} ms)`;
    }, options.timeout);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(' ')}: ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({code, stdout, stderr});
    });
  });
}

// Go samples use the standard library (and, for WebSocket, gorilla/websocket from Debian's
// golang-github-gorilla-websocket-dev), so they build in GOPATH mode with no network at all.
const goEnv = {GO111MODULE: 'off', GOPATH: '/usr/share/gocode', GOCACHE: goCache, GOPROXY: 'off', GOTOOLCHAIN: 'local'};

// Debian's Python, where python3-websocket (the WebSocket recipe's client) is installed.
const python = fs.existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

const runners: Record<string, (file: string) => [string, string[], Record<string, string>?]> = {
  'request.sh': (file) => ['bash', [file]],
  'main.py': (file) => [python, [file]],
  'main.ts': (file) => [process.execPath, [require.resolve('tsx/cli'), file]],
  'main.go': (file) => ['go', ['run', file], goEnv],
};

describe('sample files', () => {
  it('exist, and the ones in the cookbook and integrations folders are runnable or compile-checked', () => {
    expect(folders.length).toBeGreaterThan(10);
    for (const section of ['cookbook', 'integrations']) expect(folders.some((f) => f.id.startsWith(`${section}/`))).toBe(true);
  });

  it('are all shown on a page, and every included file exists', () => {
    const included = includedSampleFiles();
    const missing = [...included.keys()].filter((target) => !fs.existsSync(path.join(root, target)));
    expect(missing, 'pages include files that do not exist').toEqual([]);
    const shown = new Set(included.keys());
    const unshown = sampleFiles()
      .map((f) => path.relative(root, f))
      .filter((f) => !/(^|\/)(env\.json|package\.json|tsconfig\.json)$/.test(f) && !shown.has(f));
    expect(unshown, 'sample files no page shows').toEqual([]);
  });

  it('every folder with output.txt has a curl and a TypeScript program', () => {
    const incomplete = folders.filter((f) => f.expected !== undefined && !(f.runnable.includes('request.sh') && f.runnable.includes('main.ts')));
    expect(incomplete.map((f) => f.id)).toEqual([]);
  });
});

describe('programs compile', () => {
  it('TypeScript samples type-check in strict mode', () => {
    const tsc = run(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(SAMPLES_DIR, 'tsconfig.json')], {cwd: root, timeout: 180_000});
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.code).toBe(0);
  });

  const files = sampleFiles();
  for (const file of files.filter((f) => f.endsWith('.py'))) {
    it(`${path.relative(SAMPLES_DIR, file)} compiles`, () => {
      const result = run(python, ['-c', 'import sys; compile(open(sys.argv[1], encoding="utf-8").read(), sys.argv[1], "exec")', file], {cwd: root});
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
    });
  }
  for (const file of files.filter((f) => f.endsWith('.sh'))) {
    it(`${path.relative(SAMPLES_DIR, file)} parses`, () => {
      const result = run('bash', ['-n', file], {cwd: root});
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
    });
  }
  for (const file of files.filter((f) => f.endsWith('.go'))) {
    it(`${path.relative(SAMPLES_DIR, file)} is gofmt-clean and passes go vet`, () => {
      const fmt = run('gofmt', ['-l', file], {cwd: root});
      expect(fmt.code, fmt.stderr || 'gofmt is required: apt-get install golang-go').toBe(0);
      expect(fmt.stdout, 'run gofmt -w on it').toBe('');
      const vet = run('go', ['vet', file], {cwd: path.dirname(file), env: goEnv, timeout: 180_000});
      expect(vet.stderr).toBe('');
      expect(vet.code).toBe(0);
    });
  }
});

describe('programs work against the mock of our spec', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer();
  }, 90_000);
  afterAll(async () => {
    await mock?.close();
    fs.rmSync(goCache, {recursive: true, force: true});
  });

  for (const folder of folders.filter((f) => f.runnable.length > 0)) {
    for (const program of folder.runnable) {
      it(`${folder.id}/${program} prints output.txt`, async () => {
        const before = mock.rejected.length;
        const [command, args, extraEnv] = runners[program](path.join(folder.dir, program));
        const result = await runAsync(command, args, {
          cwd: folder.dir,
          env: {SERVER_URL: mock.url, ACCESS_TOKEN: MOCK_TOKEN, ...folder.env, ...extraEnv},
          timeout: 120_000,
        });
        const rejected = mock.rejected.slice(before).map((r) => `${r.status} ${r.method} ${r.path}${r.reason ? `: ${r.reason}` : ''}`);
        expect(rejected, `the mock rejected requests; stderr:\n${result.stderr}`).toEqual([]);
        expect(result.code, result.stderr).toBe(0);
        expect(result.stdout).toBe(folder.expectedFor[program] ?? folder.expected);
      }, 130_000);
    }
  }

  // Time 7.8 answers a bad token on the WebSocket with no frame at all: it drops the connection.
  // The listeners must take that as final, say why and exit, instead of waiting for an error reply
  // or reconnecting with backoff for ever.
  const websockets = folders.find((f) => f.id === 'cookbook/websockets');
  for (const program of (websockets?.runnable ?? []).filter((p) => p !== 'request.sh')) {
    it(`cookbook/websockets/${program} stops on a rejected token`, async () => {
      const [command, args, extraEnv] = runners[program](path.join(websockets!.dir, program));
      const result = await runAsync(command, args, {
        cwd: websockets!.dir,
        env: {SERVER_URL: mock.url, ACCESS_TOKEN: 'wrongtoken0000000000000000', ...websockets!.env, ...extraEnv},
        timeout: 60_000,
      });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stdout).toBe('Рукопожатие WebSocket: HTTP 101\n');
      expect(result.stderr).toContain('не подтвердив аутентификацию');
      expect(result.stderr).not.toContain('переподключение');
    }, 70_000);
  }
  it('the WebSocket recipe has listeners to check', () => {
    expect(websockets?.runnable.filter((p) => p !== 'request.sh').sort()).toEqual(['main.go', 'main.py', 'main.ts']);
  });
});
