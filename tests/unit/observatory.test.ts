import {describe, expect, it} from 'vitest';
import {gradeFor, observatoryScore, type ObservedSite} from '../support/observatory';

const POLICY =
  "default-src 'self'; script-src 'self' 'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";
const HEADERS: [string, string][] = [
  ['content-security-policy', POLICY],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['cross-origin-resource-policy', 'same-origin'],
];
const site = (overrides: Partial<ObservedSite> = {}): ObservedSite => ({
  headers: HEADERS,
  html: '<script src="/assets/js/main.js"></script>',
  origin: 'http://localhost:4301',
  redirects: ['/a'],
  cors: {},
  ...overrides,
});
const without = (name: string) => HEADERS.filter(([n]) => n !== name);
const replaced = (name: string, value: string): [string, string][] => [...without(name), [name, value]];

describe('Observatory-style score (tests/support/observatory.ts)', () => {
  it('grades by the published chart', () => {
    expect([135, 100, 99, 90, 85, 80, 70, 65, 60, 50, 45, 40, 30, 25, 24, 0].map(gradeFor)).toEqual([
      'A+',
      'A+',
      'A',
      'A',
      'A-',
      'B+',
      'B',
      'B-',
      'C+',
      'C',
      'C-',
      'D+',
      'D',
      'D-',
      'F',
      'F',
    ]);
  });

  it('gives our headers 110: CSP with unsafe-inline in style-src only (0), private referrer (+5), framing via CSP (+5)', () => {
    const {score, grade, results} = observatoryScore(site());
    expect([score, grade]).toEqual([110, 'A+']);
    expect(
      results
        .filter((r) => r.modifier !== 0)
        .map((r) => r.result)
        .sort(),
    ).toEqual(['referrer-policy-private', 'x-frame-options-implemented-via-csp']);
  });

  it('withholds the bonuses below 90: without HSTS the same headers score 80 (B+)', () => {
    expect(observatoryScore(site({headers: without('strict-transport-security')})).score).toBe(80);
  });

  it('takes HSTS under six months, an unsafe script source, a repeated policy, cookies and off-site redirects as failures', () => {
    const score = (overrides: Partial<ObservedSite>) => observatoryScore(site(overrides)).score;
    expect(score({headers: replaced('strict-transport-security', 'max-age=86400')})).toBe(90 + 10);
    expect(score({headers: replaced('content-security-policy', "default-src 'self'; script-src 'self' 'unsafe-inline'; frame-ancestors 'none'")})).toBe(80);
    expect(score({headers: replaced('content-security-policy', "default-src 'self'; script-src 'self' 'unsafe-eval'; frame-ancestors 'none'")})).toBe(90 + 10);
    expect(score({headers: [...HEADERS, ['content-security-policy', POLICY]]})).toBe(75);
    expect(score({headers: [...HEADERS, ['set-cookie', 'pwned=1; Path=/']]})).toBe(80);
    expect(score({redirects: ['/\t/evil.example/a']})).toBe(80);
    expect(score({html: '<script src="http://cdn.example/x.js"></script>'})).toBe(50);
    expect(score({cors: {allowOrigin: 'https://evil.example', allowCredentials: 'true'}})).toBe(50);
  });
});
