import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {describe, expect, it} from 'vitest';
import http from 'node:http';
import {spawn} from 'node:child_process';
import {fillTemplate, NGINX_DIR, renderMainConfig, renderServerBlock, tryItOrigins} from '../../scripts/lib/nginx';
import {inlineScriptHashes, scriptSourceSnippet} from '../../scripts/lib/csp';
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

  it('writes one nginx variable with the site origin and each hash once', () => {
    expect(scriptSourceSnippet(["'sha256-b='", "'sha256-a='", "'sha256-b='"])).toContain(`default "'self' 'sha256-a=' 'sha256-b='";`);
  });

  it('the header takes script sources only from that variable: no unsafe-inline, no unsafe-eval', () => {
    const headers = fs.readFileSync(path.join(NGINX_DIR, 'security-headers.conf'), 'utf8');
    const policy = headers.match(/Content-Security-Policy "([^"]+)"/)![1];
    expect(policy).toMatch(/script-src \$csp_script_src;/);
    expect(policy).not.toContain('unsafe-eval');
    expect(policy.match(/script-src[^;]*/)![0]).not.toContain('unsafe-inline');
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

/** Serves an empty site with the production config and returns the policy nginx sends for `/`. */
async function servedPolicy(options: {tryItOrigins?: string}): Promise<string> {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-csp-'));
  const docroot = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-csp-root-'));
  writeNginxIncludes(docroot);
  fs.writeFileSync(path.join(docroot, 'index.html'), '<!doctype html><title>x</title>');
  const port = 18000 + Math.floor(Math.random() * 1000);
  const conf = path.join(runDir, 'nginx.conf');
  fs.writeFileSync(conf, renderMainConfig({port, docroot, runDir, ...options}));
  const nginx = spawn('nginx', ['-p', runDir, '-c', conf], {stdio: 'ignore'});
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return await new Promise<string>((resolve, reject) => {
          http
            .get({host: '127.0.0.1', port, path: '/'}, (res) => {
              res.resume();
              resolve(String(res.headers['content-security-policy']));
            })
            .on('error', reject);
        });
      } catch (error) {
        if (attempt > 50) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    nginx.kill('SIGQUIT');
    await new Promise((r) => nginx.once('exit', r));
    fs.rmSync(runDir, {recursive: true, force: true});
    fs.rmSync(docroot, {recursive: true, force: true});
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
