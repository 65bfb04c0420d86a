/**
 * The production nginx config (deploy/nginx) started for real on a loopback port, serving a small
 * site folder laid out like the build, and probed with raw requests the way an attacker would.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startNginx} from '../../scripts/lib/browser';
import {writeCspSnippet} from '../../scripts/lib/csp';
import {freePort} from '../../scripts/lib/port';
import {precompress} from '../../scripts/lib/precompress';
import {cacheProblems, headerProblems, HOSTILE_TARGETS, injectionProblems, observeSite} from '../support/nginx-probes';
import {observatoryScore} from '../support/observatory';
import {writeNginxIncludes} from '../support/nginx-site';
import {rawRequest} from '../support/raw-http';

const page = (title: string) =>
  `<!doctype html><html lang="ru"><head><title>${title}</title><script>document.documentElement.dataset.theme="light"</script><script src="/assets/js/main.js" defer></script></head><body>${'<p>Текст страницы.</p>'.repeat(80)}</body></html>`;

/** The kinds of files the build writes, at the paths the rules are about. */
const SITE: Record<string, string> = {
  'index.html': page('Главная'),
  '404.html': page('Страница не найдена'),
  'a/index.html': page('A'),
  'faq/index.html': page('FAQ'),
  'deployment/index.html': page('Развёртывание'),
  'administration/data-managment/x/index.html': page('Данные'),
  'api/v4/introduction/index.html': page('Введение'),
  'api/v4/create-o-auth-app/index.html': page('Зарегистрировать приложение OAuth 2.0'),
  // The redirect page @docusaurus/plugin-client-redirects leaves at a moved page's old address.
  'api/v4/create-oauth-app/index.html': page('Страница перемещена'),
  'assets/js/main.js': 'window.main = true;\n'.repeat(100),
  'assets/css/styles.css': 'body { color: black; }\n'.repeat(100),
  'search-index/manifest.json': '{"contexts": []}',
  'openapi/v4.yaml': 'openapi: 3.1.0\ninfo:\n  title: Time API\n'.repeat(40),
  'llms.txt': '# Time\n'.repeat(100),
  'sitemap.xml': '<?xml version="1.0"?><urlset/>',
  'img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'pdf/guide.pdf': '%PDF-1.7\n'.repeat(10),
  'faq.md': '# FAQ\n',
  '.well-known/security.txt': 'Contact: mailto:security@example.ru\nExpires: 2030-01-01T00:00:00.000Z\n',
  '.git/config': '[core]\n',
  '.env': 'SECRET=1\n',
  'assets/.hidden': 'x',
  'assets/js/main.js.map': '{}',
};

let port = 0;
let docroot = '';
let stop = () => {};

beforeAll(async () => {
  docroot = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-probes-'));
  for (const [file, text] of Object.entries(SITE)) {
    fs.mkdirSync(path.dirname(path.join(docroot, file)), {recursive: true});
    fs.writeFileSync(path.join(docroot, file), text);
  }
  writeNginxIncludes(docroot);
  // The real hashes of the pages' inline scripts, as the build writes them.
  writeCspSnippet(docroot);
  precompress(docroot);
  port = await freePort();
  ({stop} = await startNginx(port, docroot));
}, 30_000);

afterAll(() => {
  stop();
  fs.rmSync(docroot, {recursive: true, force: true});
});

const get = (target: string | Buffer, options?: Parameters<typeof rawRequest>[2]) => rawRequest(port, target, options);

describe('redirects cannot be turned against the reader', () => {
  it('no request byte reaches a response header unescaped, and no redirect leaves the origin', async () => {
    const problems: string[] = [];
    for (const target of HOSTILE_TARGETS) problems.push(...injectionProblems(await get(target), target, `http://localhost:${port}`));
    expect(problems).toEqual([]);
  });

  it('a CR LF in the path of an .html link adds no header, a TAB no off-site redirect', async () => {
    const injected = await get('/%0d%0aSet-Cookie:%20pwned=1;%20Path=/%0d%0aX-Injected:%20yes/a.html');
    expect(injected.status).toBe(400);
    expect(injected.header('set-cookie')).toBeUndefined();
    const tab = await get('/%09/evil.example/a.html');
    expect(tab.status).toBe(400);
    expect(tab.header('location')).toBeUndefined();
  });

  it('encoded slashes, backslashes and spaces give a path on this host or a 404', async () => {
    expect((await get('/%20//evil.example/a.html')).header('location')).toBe('/%20//evil.example/a');
    for (const target of ['/%2F%2Fevil.example/a.html', '/%5Cevil.example/a.html', '/\\evil.example/a.html', '//evil.example/a.html']) {
      expect((await get(target)).status, target).toBe(404);
    }
  });

  it('raw non-ASCII bytes in the request line are refused; the same path percent-encoded is answered', async () => {
    expect((await get(Buffer.from('/api/v4/введение', 'utf8'))).status).toBe(400);
    const encoded = await get(encodeURI('/api/v4/введение'));
    expect([encoded.status, encoded.header('location')]).toEqual([301, '/api/v4/introduction']);
  });

  it('the route contract redirects still work, with the query string kept', async () => {
    const cases: [string, string][] = [
      ['/a.html', '/a'],
      ['/a/index.html', '/a'],
      ['/deployment/index.html', '/deployment'],
      ['/faq.html?from=old', '/faq?from=old'],
      ['/index.html', '/'],
      ['/index.html?q=1', '/?q=1'],
      ['/administration/data-management', '/administration/data-managment'],
      ['/administration/data-management/x?y=1', '/administration/data-managment/x?y=1'],
      [`${encodeURI('/api/v4/введение')}?a=1`, '/api/v4/introduction?a=1'],
      ['/api/v4/create-oauth-app', '/api/v4/create-o-auth-app'],
      ['/api/v4/create-oauth-app/?from=link', '/api/v4/create-o-auth-app?from=link'],
      ['/api/v4/create-oauth-app/index.html', '/api/v4/create-oauth-app'],
    ];
    for (const [from, to] of cases) {
      const answer = await get(from);
      expect([answer.status, answer.header('location')], from).toEqual([301, to]);
    }
  });
});

describe('every answer, errors included', () => {
  const errors: [string, string | Buffer, Parameters<typeof rawRequest>[2], number][] = [
    ['bad escape', '/%zz', {}, 400],
    ['control byte', '/a%0d', {}, 400],
    ['unknown path', '/no-such-page', {}, 404],
    ['dot-file', '/.git/config', {}, 404],
    ['POST', '/', {method: 'POST'}, 405],
    ['DELETE', '/faq', {method: 'DELETE'}, 405],
    ['OPTIONS', '/', {method: 'OPTIONS'}, 405],
    ['overlong URL', `/${'a'.repeat(10_000)}`, {}, 414],
  ];

  it('carries each security header exactly once, and errors are never stored', async () => {
    const problems: string[] = [];
    for (const [what, target, options, status] of errors) {
      const answer = await get(target, options);
      if (answer.status !== status) problems.push(`${what}: status ${answer.status}, expected ${status}`);
      problems.push(...headerProblems(answer, what), ...cacheProblems(answer, what));
    }
    for (const target of ['/', '/a', '/assets/js/main.js', '/openapi/v4.yaml', '/faq.md', '/a.html', '/.well-known/security.txt']) {
      problems.push(...headerProblems(await get(target), target));
    }
    expect(problems).toEqual([]);
  });

  it('a range past the end of a page or asset gets the whole file, not a 416 that repeats every header', async () => {
    for (const target of ['/', '/a', '/assets/js/main.js', '/openapi/v4.yaml']) {
      const answer = await get(target, {headers: {Range: 'bytes=999999-'}});
      expect(answer.status, target).toBe(200);
      expect(headerProblems(answer, target)).toEqual([]);
    }
  });

  it('the PDF guides answer byte ranges, and a range past the end with a 416 that has each header once and is not stored', async () => {
    const part = await get('/pdf/guide.pdf', {headers: {Range: 'bytes=0-3'}});
    expect([part.status, part.body.toString(), part.header('content-range')]).toEqual([206, '%PDF', `bytes 0-3/${SITE['pdf/guide.pdf'].length}`]);
    expect(headerProblems(part, '206')).toEqual([]);
    const past = await get('/pdf/guide.pdf', {headers: {Range: 'bytes=999999-'}});
    expect(past.status).toBe(416);
    expect([...headerProblems(past, '416'), ...cacheProblems(past, '416')]).toEqual([]);
  });

  it('405 names the methods the site answers in Allow; other answers have no Allow', async () => {
    expect((await get('/', {method: 'POST'})).header('allow')).toBe('GET, HEAD');
    expect((await get('/')).header('allow')).toBeUndefined();
    expect((await get(`/${'a'.repeat(10_000)}`)).header('allow')).toBeUndefined();
  });

  it('HSTS is sent by the site itself, for at least a year', async () => {
    expect((await get('/')).header('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('files', () => {
  it('the .gz copies are not served under their own names, but gzip_static still sends them', async () => {
    for (const target of ['/index.html.gz', '/a/index.html.gz', '/assets/js/main.js.gz', '/openapi/v4.yaml.gz']) {
      expect((await get(target)).status, target).toBe(404);
    }
    const compressed = await get('/assets/js/main.js', {headers: {'Accept-Encoding': 'gzip'}});
    expect(compressed.header('content-encoding')).toBe('gzip');
    expect(compressed.body.equals(fs.readFileSync(path.join(docroot, 'assets/js/main.js.gz')))).toBe(true);
    expect(zlib.gunzipSync(compressed.body).toString()).toBe(SITE['assets/js/main.js']);
  });

  it('every kind of file the site serves has its own type, text with its charset', async () => {
    const types: [string, string][] = [
      ['/', 'text/html; charset=utf-8'],
      ['/openapi/v4.yaml', 'application/yaml; charset=utf-8'],
      ['/assets/js/main.js', 'application/javascript; charset=utf-8'],
      ['/assets/css/styles.css', 'text/css; charset=utf-8'],
      ['/llms.txt', 'text/plain; charset=utf-8'],
      ['/faq.md', 'text/markdown; charset=utf-8'],
      ['/sitemap.xml', 'text/xml; charset=utf-8'],
      ['/img/logo.svg', 'image/svg+xml; charset=utf-8'],
      ['/search-index/manifest.json', 'application/json'],
      ['/pdf/guide.pdf', 'application/pdf'],
      ['/.well-known/security.txt', 'text/plain; charset=utf-8'],
    ];
    for (const [target, type] of types) {
      const answer = await get(target);
      expect([answer.status, answer.header('content-type')], target).toEqual([200, type]);
    }
  });

  it('dot-files stay hidden, but /.well-known/ can be published', async () => {
    expect((await get('/.well-known/security.txt')).status).toBe(200);
    for (const target of [
      '/.git/config',
      '/.env',
      '/.nginx/csp-script-src.conf',
      '/.well-known/../.env',
      '/.well-known/.git/config',
      '/a/.well-known/security.txt',
      '/assets/.hidden',
      '/assets/js/main.js.map',
      '/.well-known/',
    ]) {
      expect((await get(target)).status, target).toBe(404);
    }
  });
});

describe('Mozilla Observatory score of the real response headers', () => {
  it('is A+', async () => {
    const site = await observeSite(port, ['/a.html', '/a/index.html?x=1', '/administration/data-management/x', encodeURI('/api/v4/введение')]);
    expect(site.redirects).toContain('/a');
    const {score, grade, results} = observatoryScore(site);
    expect({grade, failing: results.filter((r) => r.modifier < 0)}).toEqual({grade: 'A+', failing: []});
    expect(score).toBeGreaterThanOrEqual(100);
  });
});
