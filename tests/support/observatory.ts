/**
 * The Mozilla HTTP Observatory's scoring (httpobs/scanner/grader/grade.py and analyzer/headers.py
 * of mozilla/http-observatory, and the MDN Observatory's Cross-Origin-Resource-Policy test), as far
 * as it applies to a static site behind a TLS terminator: every site starts at 100, each test adds
 * its modifier, bonuses count only if the score without them is at least 90, and 100 or more is A+.
 * The http→https redirect cannot be probed on a loopback port; what the site itself controls there
 * is that every redirect stays on its origin.
 */

export interface ObservedSite {
  /** The headers of the home page (lower-cased names; repeated headers as repeated entries). */
  headers: [string, string][];
  /** The home page's HTML, for the Subresource Integrity test. */
  html: string;
  /** The origin the site is served from, e.g. http://localhost:4301. */
  origin: string;
  /** Location headers of redirects the site answered. */
  redirects: string[];
  /** Access-Control-Allow-Origin and -Credentials sent to a request with a foreign Origin. */
  cors: {allowOrigin?: string; allowCredentials?: string};
}

export interface TestResult {
  test: string;
  result: string;
  modifier: number;
}

const SIX_MONTHS = 15_768_000;
const BROAD = new Set(['ftp:', 'http:', 'https:', '*', 'http://*', 'http://*.*', 'https://*', 'https://*.*']);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:']);
const HASH_OR_NONCE = /^'(sha256|sha384|sha512|nonce)-/;

function values(headers: [string, string][], name: string): string[] {
  return headers.filter(([n]) => n === name).map(([, v]) => v);
}

/** One directive → its sources; throws on a policy the Observatory cannot parse (repeated directive). */
export function parseCsp(policy: string): Map<string, Set<string>> {
  const csp = new Map<string, Set<string>>();
  for (const part of policy.split(';')) {
    const [directive, ...sources] = part.trim().split(/\s+/);
    if (!directive) continue;
    const name = directive.toLowerCase();
    if (csp.has(name)) throw new Error(`the directive ${name} is repeated`);
    csp.set(name, new Set(sources.map((s) => (HASH_OR_NONCE.test(s) ? s : s.toLowerCase()))));
  }
  return csp;
}

function contentSecurityPolicy(headers: [string, string][]): TestResult {
  const test = 'content-security-policy';
  const sent = values(headers, 'content-security-policy');
  if (sent.length === 0) return {test, result: 'csp-not-implemented', modifier: -25};
  let csp: Map<string, Set<string>>;
  try {
    if (sent.length > 1) throw new Error('more than one policy');
    csp = parseCsp(sent[0]);
  } catch {
    return {test, result: 'csp-header-invalid', modifier: -25};
  }
  const fallback = (name: string) => new Set(csp.get(name) ?? csp.get('default-src') ?? ['*']);
  const script = fallback('script-src');
  const style = fallback('style-src');
  const object = fallback('object-src');
  for (const list of [script, style]) if ([...list].some((s) => HASH_OR_NONCE.test(s))) list.delete("'unsafe-inline'");
  const has = (list: Set<string>, bad: Set<string>) => [...list].some((s) => bad.has(s));
  if (has(script, new Set([...BROAD, ...UNSAFE_INLINE])) || has(object, BROAD)) return {test, result: 'csp-implemented-with-unsafe-inline', modifier: -20};
  if (script.has("'unsafe-eval'") || style.has("'unsafe-eval'")) return {test, result: 'csp-implemented-with-unsafe-eval', modifier: -10};
  if (has(style, new Set([...BROAD, ...UNSAFE_INLINE]))) return {test, result: 'csp-implemented-with-unsafe-inline-in-style-src-only', modifier: 0};
  const defaultSrc = csp.get('default-src');
  if (defaultSrc?.size === 1 && defaultSrc.has("'none'")) return {test, result: 'csp-implemented-with-no-unsafe-default-src-none', modifier: 10};
  return {test, result: 'csp-implemented-with-no-unsafe', modifier: 5};
}

function cookies(headers: [string, string][]): TestResult {
  const set = values(headers, 'set-cookie');
  if (set.length === 0) return {test: 'cookies', result: 'cookies-not-found', modifier: 0};
  // A static documentation site has no reason to set any cookie: one is a finding by itself.
  const secure = set.every((c) => /;\s*secure\b/i.test(c));
  return secure
    ? {test: 'cookies', result: 'cookies-secure-with-httponly-sessions', modifier: 0}
    : {test: 'cookies', result: 'cookies-without-secure-flag', modifier: -20};
}

function crossOriginResourceSharing({allowOrigin, allowCredentials}: ObservedSite['cors']): TestResult {
  const test = 'cross-origin-resource-sharing';
  if (!allowOrigin) return {test, result: 'cross-origin-resource-sharing-not-implemented', modifier: 0};
  if (allowOrigin === '*') return {test, result: 'cross-origin-resource-sharing-implemented-with-public-access', modifier: 0};
  if (allowCredentials?.toLowerCase() === 'true') return {test, result: 'cross-origin-resource-sharing-implemented-with-universal-access', modifier: -50};
  return {test, result: 'cross-origin-resource-sharing-implemented-with-restricted-access', modifier: 0};
}

function redirection(site: ObservedSite): TestResult {
  const offSite = site.redirects.some((location) => {
    // What a browser does with the header: tabs and newlines are dropped, "\" read as "/".
    const cleaned = location.replace(/[\t\n\r]/g, '').replace(/\\/g, '/');
    try {
      return new URL(cleaned, site.origin).origin !== site.origin;
    } catch {
      return true;
    }
  });
  return offSite
    ? {test: 'redirection', result: 'redirection-not-to-https', modifier: -20}
    : {test: 'redirection', result: 'redirection-to-https', modifier: 0};
}

function referrerPolicy(headers: [string, string][]): TestResult {
  const test = 'referrer-policy';
  const sent = values(headers, 'referrer-policy');
  if (sent.length === 0) return {test, result: 'referrer-policy-not-implemented', modifier: 0};
  const known = [
    'no-referrer',
    'same-origin',
    'strict-origin',
    'strict-origin-when-cross-origin',
    'no-referrer-when-downgrade',
    'origin',
    'origin-when-cross-origin',
    'unsafe-url',
  ];
  // Browsers take the last policy they know.
  const policy = sent
    .join(',')
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter((p) => known.includes(p))
    .pop();
  if (!policy) return {test, result: 'referrer-policy-header-invalid', modifier: -5};
  if (['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(policy))
    return {test, result: 'referrer-policy-private', modifier: 5};
  if (policy === 'no-referrer-when-downgrade') return {test, result: 'referrer-policy-no-referrer-when-downgrade', modifier: 0};
  return {test, result: 'referrer-policy-unsafe', modifier: -5};
}

function strictTransportSecurity(headers: [string, string][]): TestResult {
  const test = 'strict-transport-security';
  const sent = values(headers, 'strict-transport-security');
  if (sent.length === 0) return {test, result: 'hsts-not-implemented', modifier: -20};
  const maxAge = sent.length === 1 ? /(?:^|;)\s*max-age="?(\d+)"?\s*(?:;|$)/i.exec(sent[0])?.[1] : undefined;
  if (maxAge === undefined) return {test, result: 'hsts-header-invalid', modifier: -20};
  return Number(maxAge) >= SIX_MONTHS
    ? {test, result: 'hsts-implemented-max-age-at-least-six-months', modifier: 0}
    : {test, result: 'hsts-implemented-max-age-less-than-six-months', modifier: -10};
}

function subresourceIntegrity(html: string, origin: string): TestResult {
  const test = 'subresource-integrity';
  const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].map(([, attributes]) => attributes);
  if (scripts.length === 0) return {test, result: 'sri-not-implemented-but-no-scripts-loaded', modifier: 0};
  const external = scripts.filter((attributes) => {
    const src = /\bsrc\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1];
    return src !== undefined && new URL(src, origin).origin !== origin;
  });
  if (external.length === 0) return {test, result: 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin', modifier: 0};
  const insecure = external.some((attributes) => /\bsrc\s*=\s*["']?(http:|\/\/)/i.test(attributes));
  const withIntegrity = external.every((attributes) => /\bintegrity\s*=/i.test(attributes));
  if (withIntegrity)
    return insecure
      ? {test, result: 'sri-implemented-but-external-scripts-not-loaded-securely', modifier: -20}
      : {test, result: 'sri-implemented-and-external-scripts-loaded-securely', modifier: 5};
  return insecure
    ? {test, result: 'sri-not-implemented-and-external-scripts-not-loaded-securely', modifier: -50}
    : {test, result: 'sri-not-implemented-but-external-scripts-loaded-securely', modifier: -5};
}

function xContentTypeOptions(headers: [string, string][]): TestResult {
  const sent = values(headers, 'x-content-type-options');
  if (sent.length === 0) return {test: 'x-content-type-options', result: 'x-content-type-options-not-implemented', modifier: -5};
  return sent.length === 1 && sent[0].toLowerCase() === 'nosniff'
    ? {test: 'x-content-type-options', result: 'x-content-type-options-nosniff', modifier: 0}
    : {test: 'x-content-type-options', result: 'x-content-type-options-header-invalid', modifier: -5};
}

function xFrameOptions(headers: [string, string][]): TestResult {
  const test = 'x-frame-options';
  const policies = values(headers, 'content-security-policy');
  if (policies.length === 1) {
    try {
      const ancestors = parseCsp(policies[0]).get('frame-ancestors');
      if (ancestors && ![...ancestors].some((s) => BROAD.has(s))) return {test, result: 'x-frame-options-implemented-via-csp', modifier: 5};
    } catch {
      // an unparsable policy gives no framing protection; the header test below decides
    }
  }
  const sent = values(headers, 'x-frame-options');
  if (sent.length === 0) return {test, result: 'x-frame-options-not-implemented', modifier: -20};
  const value = sent.length === 1 ? sent[0].trim().toLowerCase() : '';
  if (value === 'deny' || value === 'sameorigin') return {test, result: 'x-frame-options-sameorigin-or-deny', modifier: 0};
  if (value.startsWith('allow-from ')) return {test, result: 'x-frame-options-allow-from-origin', modifier: 0};
  return {test, result: 'x-frame-options-header-invalid', modifier: -20};
}

function crossOriginResourcePolicy(headers: [string, string][]): TestResult {
  const test = 'cross-origin-resource-policy';
  const sent = values(headers, 'cross-origin-resource-policy');
  if (sent.length === 0) return {test, result: 'corp-not-implemented', modifier: 0};
  const value = sent.length === 1 ? sent[0].trim().toLowerCase() : '';
  if (['same-origin', 'same-site', 'cross-origin'].includes(value)) return {test, result: `corp-implemented-with-${value}`, modifier: 0};
  return {test, result: 'corp-header-invalid', modifier: -5};
}

export function observatoryScore(site: ObservedSite): {score: number; grade: string; results: TestResult[]} {
  const results = [
    contentSecurityPolicy(site.headers),
    cookies(site.headers),
    crossOriginResourceSharing(site.cors),
    redirection(site),
    referrerPolicy(site.headers),
    strictTransportSecurity(site.headers),
    subresourceIntegrity(site.html, site.origin),
    xContentTypeOptions(site.headers),
    xFrameOptions(site.headers),
    crossOriginResourcePolicy(site.headers),
  ];
  const penalties = results.reduce((sum, r) => sum + Math.min(r.modifier, 0), 100);
  const bonuses = results.reduce((sum, r) => sum + Math.max(r.modifier, 0), 0);
  const score = Math.max(0, penalties >= 90 ? penalties + bonuses : penalties);
  return {score, grade: gradeFor(score), results};
}

export function gradeFor(score: number): string {
  const chart: [number, string][] = [
    [100, 'A+'],
    [90, 'A'],
    [85, 'A-'],
    [80, 'B+'],
    [70, 'B'],
    [65, 'B-'],
    [60, 'C+'],
    [50, 'C'],
    [45, 'C-'],
    [40, 'D+'],
    [30, 'D'],
    [25, 'D-'],
  ];
  return chart.find(([min]) => score >= min)?.[1] ?? 'F';
}
