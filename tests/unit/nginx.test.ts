import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {spawn} from 'node:child_process';
import {fillTemplate, NGINX_DIR, renderMainConfig, renderServerBlock, tryItOrigins} from '../../scripts/lib/nginx';
import {inlineScriptHashes, scriptSourceSnippet, writeCspSnippet} from '../../scripts/lib/csp';
import {waitForServer} from '../../scripts/lib/browser';
import {freePort} from '../../scripts/lib/port';
import {parseCsp} from '../support/observatory';
import {rawRequest, type RawResponse} from '../support/raw-http';
import {writeNginxIncludes} from '../support/nginx-site';
import {precompress} from '../../scripts/lib/precompress';

describe('nginx config rendering', () => {
  it('fills every placeholder of the production template', () => {
    const block = renderServerBlock(8080, '/srv/site');
    expect(block).toContain('listen 8080;');
    expect(block).toContain('root /srv/site;');
    expect(block).toContain(`include ${NGINX_DIR}/security-headers.conf;`);
    expect(block).not.toMatch(/\$\{[A-Z_]+\}/);
  });

  it('refuses a template placeholder it has no value for', () => {
    expect(() => fillTemplate('listen ${PORT}; root ${ROOT};', {PORT: '80'})).toThrow(/\$\{ROOT\}/);
  });

  it('keeps nginx variables such as $uri untouched', () => {
    expect(fillTemplate('try_files $uri =404; listen ${PORT};', {PORT: '80'})).toBe('try_files $uri =404; listen 80;');
  });

  it('answers unknown paths with the real 404 page, never a 200 fallback', () => {
    const block = renderServerBlock(8080, '/srv/site');
    expect(block).toContain('error_page 404 /404.html;');
    expect(block).not.toMatch(/try_files[^;]*\/index\.html;/);
  });

  it("the local main config holds only what the nginx image's own nginx.conf holds: every header and type comes from deploy/nginx", () => {
    const main = renderMainConfig({port: 18080, docroot: '/srv/site', runDir: '/tmp/run'});
    const httpBlock = main.slice(main.indexOf('http {'), main.indexOf(renderServerBlock(18080, '/srv/site')));
    const directives = httpBlock
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/)[0])
      .filter(Boolean);
    expect(directives.filter((d) => !['include', 'default_type', 'access_log', 'sendfile'].includes(d) && !d.endsWith('_temp_path'))).toEqual([]);
    expect(httpBlock.match(/include [^;]+;/g)).toEqual(['include /etc/nginx/mime.types;']);
  });

  it('produces a config that nginx itself accepts', () => {
    const probe = spawnSync('nginx', ['-v']);
    expect(probe.error, 'nginx must be installed for the tests (apt-get install -y nginx)').toBeUndefined();
    const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-test-'));
    const docroot = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-root-'));
    writeNginxIncludes(docroot, ["'sha256-abc='"]);
    const conf = path.join(runDir, 'nginx.conf');
    fs.writeFileSync(conf, renderMainConfig({port: 18080, docroot, runDir}));
    const result = spawnSync('nginx', ['-t', '-p', runDir, '-c', conf], {encoding: 'utf8'});
    expect(result.stderr).toContain('test is successful');
    fs.rmSync(runDir, {recursive: true, force: true});
    fs.rmSync(docroot, {recursive: true, force: true});
  });
});

describe('nginx redirects of the route contract', () => {
  it('has a permanent rewrite for every former Cyrillic API chapter slug', async () => {
    const {cyrillicChapterSlugs} = await import('../../config/redirects');
    const template = fs.readFileSync(path.join(NGINX_DIR, 'time-docs.conf.template'), 'utf8');
    for (const [from, to] of Object.entries(cyrillicChapterSlugs)) {
      expect(template).toContain(`rewrite ^/api/v4/${from}/?$ /api/v4/${to} permanent;`);
    }
  });
});

describe('Content-Security-Policy for inline scripts (scripts/lib/csp.ts)', () => {
  it('hashes the inline scripts a browser runs, not data blocks or external files', () => {
    const html = '<script>a()</script><script src="/x.js"></script><script type="application/ld+json">{}</script><script data-rh="true">b()</script>';
    // echo -n 'a()' | openssl dgst -sha256 -binary | base64
    expect(inlineScriptHashes(html)).toEqual(["'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='", expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/)]);
  });

  it('writes the page variable with the site origin and each hash once, and the worker variable without hashes', () => {
    const snippet = scriptSourceSnippet(["'sha256-b='", "'sha256-a='", "'sha256-b='"]);
    expect(snippet).toContain(`map $uri $csp_script_src {\n    default "'self' 'sha256-a=' 'sha256-b='";`);
    expect(snippet).toContain(`map $uri $csp_worker_script_src {\n    default "'self'";`);
    expect(scriptSourceSnippet([], ["'wasm-unsafe-eval'"])).toContain(`$csp_worker_script_src {\n    default "'self' 'wasm-unsafe-eval'";`);
  });

  it('the page policy takes script sources only from that variable: no unsafe-inline, no unsafe-eval', () => {
    const conf = fs.readFileSync(path.join(NGINX_DIR, 'security-policies.conf'), 'utf8');
    const policies = [...conf.matchAll(/^\s*[a-z]+ "([^"]*)";$/gm)].map((m) => m[1]).join('\n');
    const policy = conf.match(/^\s*document "([^"]+)";/m)![1];
    expect(policy).toMatch(/script-src \$csp_script_src;/);
    expect(policies).not.toContain('unsafe-eval');
    expect(policies.match(/script-src[^;]*/g)!.join(' ')).not.toContain('unsafe-inline');
    expect(policy).toContain("frame-ancestors 'none'");
  });
});

describe('gzip copies for gzip_static (scripts/lib/precompress.ts)', () => {
  it('compresses text files big enough to gain, and leaves small and binary files alone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    fs.writeFileSync(path.join(dir, 'page.html'), '<p>Текст страницы</p>'.repeat(200));
    fs.writeFileSync(path.join(dir, 'tiny.js'), 'x()');
    fs.writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(4096));
    fs.mkdirSync(path.join(dir, '.site-data'));
    fs.writeFileSync(path.join(dir, '.site-data/sidebars.json'), '{"items": []}'.repeat(200));
    const result = precompress(dir);
    expect(result.files).toBe(1);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'page.html.gz'))).toString()).toBe(fs.readFileSync(path.join(dir, 'page.html'), 'utf8'));
    expect(fs.existsSync(path.join(dir, 'tiny.js.gz'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'logo.png.gz'))).toBe(false);
    // nginx never serves a dot folder, so a copy there would only take space.
    expect(fs.existsSync(path.join(dir, '.site-data/sidebars.json.gz'))).toBe(false);
    fs.rmSync(dir, {recursive: true, force: true});
  });

  it('is switched on in the server block', () => {
    expect(renderServerBlock(8080, '/srv/site')).toContain('gzip_static on;');
  });
});

/** A small site laid out like the build, served with the production config until stop(). */
async function serveSite(files: Record<string, string>, options: {tryItOrigins?: string} = {}) {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-csp-'));
  const docroot = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-csp-root-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(docroot, file)), {recursive: true});
    fs.writeFileSync(path.join(docroot, file), text);
  }
  writeNginxIncludes(docroot);
  // The hashes of the pages' inline scripts, as the build writes them.
  writeCspSnippet(docroot);
  const port = await freePort();
  const conf = path.join(runDir, 'nginx.conf');
  fs.writeFileSync(conf, renderMainConfig({port, docroot, runDir, ...options}));
  const nginx = spawn('nginx', ['-p', runDir, '-c', conf], {stdio: 'ignore'});
  try {
    await waitForServer(`http://127.0.0.1:${port}/`);
  } catch (error) {
    nginx.kill('SIGQUIT');
    throw error;
  }
  return {
    get: (target: string, requestOptions?: Parameters<typeof rawRequest>[2]) => rawRequest(port, target, requestOptions),
    async stop() {
      nginx.kill('SIGQUIT');
      await new Promise((r) => nginx.once('exit', r));
      fs.rmSync(runDir, {recursive: true, force: true});
      fs.rmSync(docroot, {recursive: true, force: true});
    },
  };
}

/** The policy nginx sends for `/` of a one-page site. */
async function servedPolicy(options: {tryItOrigins?: string}): Promise<string> {
  const site = await serveSite({'index.html': '<!doctype html><title>x</title>'}, options);
  try {
    return String((await site.get('/')).header('content-security-policy'));
  } finally {
    await site.stop();
  }
}

describe('where the API try-it form may send requests (TRY_IT_ORIGINS)', () => {
  it('without the setting, nginx lets the page connect to itself and to any https server', async () => {
    const policy = await servedPolicy({});
    expect(policy).toContain("connect-src 'self' https:;");
  });

  it('nginx sends the origins the deployer set instead', async () => {
    const policy = await servedPolicy({tryItOrigins: 'https://time.corp.example.ru https://*.corp.example.ru:8065'});
    expect(policy).toContain("connect-src 'self' https://time.corp.example.ru https://*.corp.example.ru:8065;");
  });

  it('accepts schemes and origins, and an empty value for the portal alone', () => {
    expect(tryItOrigins('  https:  https://time.example.ru ')).toBe('https: https://time.example.ru');
    expect(tryItOrigins('')).toBe('');
  });

  it('refuses a value that would break or widen the policy, naming the setting and the value', () => {
    for (const bad of ['*', "'unsafe-inline'", 'https://time.example.ru/api', 'https://x"; script-src *', 'time.example.ru;']) {
      expect(() => tryItOrigins(bad), bad).toThrow(/^TRY_IT_ORIGINS: ".+" is not an origin/);
    }
  });
});

describe('which policy each kind of response carries', () => {
  // Like a built page: a few dozen small inline scripts, each allowed by its hash.
  const page = (title: string) =>
    `<!doctype html><html lang="ru"><head><title>${title}</title>${Array.from({length: 60}, (_, i) => `<script>window.s${i}=${i}</script>`).join('')}<script src="/assets/js/main.js" defer></script></head><body><p>${title}</p></body></html>`;
  const files: Record<string, string> = {
    'index.html': page('Главная'),
    '404.html': page('Страница не найдена'),
    'assets/js/main.js': 'new Worker("/assets/js/worker.js");\n',
    'assets/js/worker.js': 'importScripts("/assets/js/chunk.js"); fetch("/search-index/manifest.json");\n',
    'assets/css/styles.css': 'body { color: black; }\n',
    'search-index/manifest.json': '{"contexts": []}',
    'search-index/docs.0123456789.json': '{"terms": []}',
    'faq.md': '# FAQ\n',
    'img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'pdf/guide.pdf': '%PDF-1.7\n',
  };
  const pageHashes = inlineScriptHashes(files['index.html']);
  let site: Awaited<ReturnType<typeof serveSite>>;
  beforeAll(async () => {
    site = await serveSite(files);
  }, 30_000);
  afterAll(() => site.stop());

  const policy = (answer: RawResponse) => parseCsp(answer.header('content-security-policy') ?? '');
  const headerBytes = (answer: RawResponse) => answer.headers.reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
  const documentHeaders = (answer: RawResponse) => [answer.header('permissions-policy'), answer.header('cross-origin-opener-policy')];

  it('pages, the 404 page, redirects and refusals are documents: the page policy with every inline script hash', async () => {
    const answers: [string, RawResponse][] = [
      ['/', await site.get('/')],
      ['404', await site.get('/no-such-page')],
      ['301', await site.get('/index.html')],
      ['405', await site.get('/', {method: 'POST'})],
    ];
    for (const [what, answer] of answers) {
      expect([...policy(answer).get('script-src')!], what).toEqual(["'self'", ...[...pageHashes].sort()]);
      expect(documentHeaders(answer), what).toEqual(['camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()', 'same-origin']);
    }
  });

  it('search index files, styles, Markdown, images and PDF carry a short policy that allows no script and no request, and no header only a page reads', async () => {
    for (const target of [
      '/search-index/manifest.json',
      '/search-index/docs.0123456789.json',
      '/assets/css/styles.css',
      '/faq.md',
      '/img/logo.svg',
      '/pdf/guide.pdf',
    ]) {
      const answer = await site.get(target, {headers: {'Accept-Encoding': 'gzip'}});
      expect(answer.status, target).toBe(200);
      expect(Object.fromEntries(policy(answer)), target).toEqual({
        'default-src': new Set(["'none'"]),
        'style-src': new Set(["'unsafe-inline'"]),
        'img-src': new Set(['data:']),
        'frame-ancestors': new Set(["'none'"]),
      });
      expect(documentHeaders(answer), target).toEqual([undefined, undefined]);
      expect(headerBytes(answer), target).toBeLessThan(800);
    }
    // What the hashes weigh on a page: every one of the files above used to carry them.
    expect(headerBytes(await site.get('/'))).toBeGreaterThan(3500);
  });

  it('scripts carry what the search worker runs under: scripts and requests from the site only, no hash', async () => {
    const answer = await site.get('/assets/js/worker.js');
    expect(Object.fromEntries(policy(answer))).toEqual({
      'default-src': new Set(["'none'"]),
      'script-src': new Set(["'self'"]),
      'connect-src': new Set(["'self'"]),
      'frame-ancestors': new Set(["'none'"]),
    });
    expect(documentHeaders(answer)).toEqual([undefined, undefined]);
  });

  it('a 304 carries no policy, so that a cache keeps the one stored with the page or file', async () => {
    for (const target of ['/', '/search-index/manifest.json', '/assets/js/worker.js']) {
      const etag = (await site.get(target)).header('etag')!;
      const answer = await site.get(target, {headers: {'If-None-Match': etag}});
      expect(answer.status, target).toBe(304);
      expect([answer.header('content-security-policy'), ...documentHeaders(answer)], target).toEqual([undefined, undefined, undefined]);
      expect(answer.header('x-content-type-options'), target).toBe('nosniff');
    }
  });
});
