/**
 * Probes of the production nginx config (deploy/nginx) shared by the unit tests (real nginx, a small
 * site folder) and the browser tests (real nginx, the real build): what an attacker sends, and what
 * every answer must satisfy.
 */
import type {ObservedSite} from './observatory';
import {rawRequest, type RawResponse} from './raw-http';

/** Headers every answer carries exactly once, whatever its status and type. */
export const ONCE_EVERYWHERE = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-resource-policy',
  'strict-transport-security',
];

/** Headers only a document reads: once with the page policy, never with the short one of scripts and data. */
export const DOCUMENT_ONLY = ['permissions-policy', 'cross-origin-opener-policy'];

/** Whether an answer has the page policy (the site's own sources and the inline scripts' hashes). */
export function hasPagePolicy(answer: RawResponse): boolean {
  return answer.headers.some(([name, value]) => name === 'content-security-policy' && value.startsWith("default-src 'self';"));
}

const utf8 = (text: string) => Buffer.from(text, 'utf8');

/**
 * Request targets that try to smuggle bytes into a header or send the reader off-site through the
 * rules that answer with a redirect (X.html, X/index.html, data-management, Cyrillic API slugs,
 * section folders).
 */
export const HOSTILE_TARGETS: (string | Buffer)[] = [
  '/%0d%0aSet-Cookie:%20pwned=1;%20Path=/%0d%0aX-Injected:%20yes/a.html',
  '/a/%0d%0aSet-Cookie:%20pwned=1/index.html',
  '/%0aX-Injected:%20yes/a.html',
  '/%0dX-Injected:%20yes/a.html',
  '/%09/evil.example/a.html',
  '/%09/evil.example/index.html',
  '/%20//evil.example/a.html',
  '/%20%2F%2Fevil.example/a.html',
  '/%2F%2Fevil.example/a.html',
  '/%2f/evil.example/index.html',
  '//evil.example/a.html',
  '///evil.example/index.html',
  '/\\evil.example/a.html',
  '/\\\\evil.example/a.html',
  '/%5Cevil.example/a.html',
  '/%5C%5Cevil.example/index.html',
  '/%00/evil.example/a.html',
  '/%01%1b%7f/a.html',
  '/%0b%0c/evil.example/a.html',
  '/a.html?x=%0d%0aSet-Cookie:%20pwned=1',
  '/index.html?%0d%0aX-Injected:%20yes',
  utf8('/страница.html'),
  utf8('/a.html?q=пароль'),
  '/%D1%81%D1%82%D1%80.html',
  '/administration/data-management%0d%0aSet-Cookie:%20pwned=1',
  '/administration/data-management/%0d%0aX-Injected:%20yes',
  '/administration/data-management/%09/evil.example',
  '/administration/data-management//evil.example/x',
  '/administration/data-management/x?%0d%0aX-Injected:%20yes',
  utf8('/administration/data-management/страница'),
  '/api/v4/%D0%B2%D0%B2%D0%B5%D0%B4%D0%B5%D0%BD%D0%B8%D0%B5?%0d%0aX-Injected:%20yes',
  utf8('/api/v4/введение?q=пароль'),
  '/api/v4/%D0%B2%D0%B2%D0%B5%D0%B4%D0%B5%D0%BD%D0%B8%D0%B5/%0d%0aX-Injected:%20yes',
  '/api/v4?%0d%0aSet-Cookie:%20pwned=1',
  '/api/v4/?x=%0d%0aX-Injected:%20yes',
  utf8('/api/v4?q=пароль'),
  '/api/v4%0d%0aX-Injected:%20yes',
  '/api/v4/%09/evil.example',
  // Absolute form: the host in the request line is not ours to redirect to.
  'http://evil.example/a.html',
  'http://evil.example//evil2.example/a.html',
  'http://evil.example/%09/evil2.example/a.html',
];

/** Problems of one answer to a hostile target: request bytes in a header, a redirect off the origin. */
export function injectionProblems(answer: RawResponse, target: string | Buffer, origin: string): string[] {
  const what = JSON.stringify(String(target));
  const problems: string[] = [];
  for (const [name, value] of answer.headers) {
    if (!/^[\x21-\x7e]+$/.test(name) || !/^[\x20-\x7e]*$/.test(value)) problems.push(`${what}: header ${JSON.stringify(`${name}: ${value}`)} holds a raw byte`);
    if (name === 'set-cookie' || name === 'x-injected') problems.push(`${what}: injected header ${name}`);
  }
  const locations = answer.headers.filter(([name]) => name === 'location').map(([, value]) => value);
  for (const location of locations) {
    // One "/" then neither "/" nor "\": a path on this host, never "//host" or "/\host". And what a
    // browser makes of it (tabs and newlines dropped, "\" read as "/") stays on the origin.
    const resolved = new URL(location.replace(/[\t\n\r]/g, '').replace(/\\/g, '/'), origin);
    if (!/^\/(?![/\\])[\x21-\x7e]*$/.test(location) || resolved.origin !== origin) problems.push(`${what}: redirects to ${JSON.stringify(location)}`);
  }
  return problems;
}

/**
 * Problems of an answer's headers: a header of ONCE_EVERYWHERE missing or repeated, one of
 * DOCUMENT_ONLY missing or repeated with the page policy or present with another, any other repeated.
 */
export function headerProblems(answer: RawResponse, what: string): string[] {
  const counts = answer.counts();
  const expected = (name: string) => (ONCE_EVERYWHERE.includes(name) || hasPagePolicy(answer) ? 1 : 0);
  const problems = [...ONCE_EVERYWHERE, ...DOCUMENT_ONLY]
    .filter((name) => (counts.get(name) ?? 0) !== expected(name))
    .map((name) => `${what}: ${name} sent ${counts.get(name) ?? 0} times`);
  for (const [name, n] of counts)
    if (n > 1 && !ONCE_EVERYWHERE.includes(name) && !DOCUMENT_ONLY.includes(name)) problems.push(`${what}: ${name} sent ${n} times`);
  return problems;
}

/** Error answers are never kept by caches as if they were the page. */
export function cacheProblems(answer: RawResponse, what: string): string[] {
  const cacheControl = answer.headers.filter(([name]) => name === 'cache-control').map(([, value]) => value);
  return cacheControl.length === 1 && /^no-(store|cache)$/.test(cacheControl[0]) ? [] : [`${what}: Cache-Control ${JSON.stringify(cacheControl)}`];
}

/** Observatory inputs read from the running server: the home page, a CORS probe, redirects. */
export async function observeSite(port: number, redirectTargets: string[]): Promise<ObservedSite> {
  const home = await rawRequest(port, '/', {headers: {Origin: 'https://evil.example'}});
  if (home.status !== 200) throw new Error(`/ answered ${home.status}`);
  const redirects: string[] = [];
  for (const target of [...redirectTargets, ...HOSTILE_TARGETS]) {
    const answer = await rawRequest(port, target);
    redirects.push(...answer.headers.filter(([name]) => name === 'location').map(([, value]) => value));
  }
  return {
    headers: home.headers,
    html: home.body.toString('utf8'),
    origin: `http://localhost:${port}`,
    redirects,
    cors: {allowOrigin: home.header('access-control-allow-origin'), allowCredentials: home.header('access-control-allow-credentials')},
  };
}
