import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {announcementBar} from '../../config/announcement';
import {product} from '../../data/product';
import {listDocFiles} from '../../scripts/lib/content';
import {searchStrings} from '../../src/search/strings';

const docs = path.resolve(__dirname, '../../docs');
const pages = listDocFiles(docs).map((file) => ({file: path.relative(docs, file), text: fs.readFileSync(file, 'utf8')}));

/** Every occurrence of a pattern across the docs, with the page it is on. */
function occurrences(pattern: RegExp) {
  return pages.flatMap(({file, text}) => [...text.matchAll(pattern)].map((m) => ({file, match: m})));
}

describe('pages agree with data/product.ts', () => {
  it('name one minimum nginx version, new enough for the `http2 on;` the configurations use', () => {
    const [major, minor, patch] = product.supported.nginx.split('.').map(Number);
    expect(major * 10000 + minor * 100 + (patch ?? 0)).toBeGreaterThanOrEqual(12501);
    expect(occurrences(/http2 on;/g).length).toBeGreaterThan(0);
    const minimums = occurrences(/nginx[ \u00a0](\d+\.\d+(?:\.\d+)?)[ \u00a0](?:или|и)[ \u00a0]нове/g).map(({file, match}) => `${file}: ${match[1]}`);
    expect(minimums.length).toBeGreaterThan(0);
    expect(minimums.filter((m) => !m.endsWith(`: ${product.supported.nginx}`))).toEqual([]);
  });

  it('name only the documented release in server image tags', () => {
    const allowed = new Set<string>([product.release.current]);
    const tags = occurrences(new RegExp(`${product.images.server.replace(/\./g, '\\.')}:(\\d+\\.\\d+\\.\\d+)`, 'g'));
    expect(tags.length).toBeGreaterThan(0);
    const wrong = tags.filter(({match}) => !allowed.has(match[1])).map(({file, match}) => `${file}: ${match[0]}`);
    expect(wrong).toEqual([]);
  });

  it('show the version real servers report wherever a page quotes a server version', () => {
    // Version reports, payloads, `.env` lines, Kustomize tags and `timectl` output: each names the running server.
    const shown = occurrences(
      /(?:"server_version":\s*"|APP_VERSION=|newTag:\s*"?|X-Version-Id:\s*|(?:Server version|Database schema|Server):\s+|\bTime[ \u00a0/])(\d+\.\d+(?:\.\d+)?)/g,
    );
    expect(shown.length).toBeGreaterThan(0);
    const current = product.release.current.split('.').slice(0, 2).join('.');
    const wrong = shown.filter(({match}) => !`${match[1]}.`.startsWith(`${current}.`)).map(({file, match}) => `${file}: ${match[0]}`);
    expect(wrong).toEqual([]);
  });

  it('name no earlier Time release: no public source gives one', () => {
    const claims = occurrences(/(?:выпуск\p{L}*|релиз\p{L}*|лини\p{L}*|версии)[ \u00a0](?:с[ \u00a0])?5\.\d+/giu).map(({file, match}) => `${file}: ${match[0]}`);
    expect(claims).toEqual([]);
    expect(announcementBar.content).toContain(`Time ${product.release.current.split('.').slice(0, 2).join('.')}`);
    expect(announcementBar.content).not.toMatch(/\b5\.\d/);
  });

  it('use the documented default ports for Time', () => {
    const wrong = occurrences(/(?:ListenAddress|LISTENADDRESS)["']?\s*[:=]\s*["']?:(\d+)/g)
      .filter(({match}) => ![product.ports.http, product.ports.metrics].includes(Number(match[1]) as 8065))
      .map(({file, match}) => `${file}: ${match[0]}`);
    expect(wrong).toEqual([]);
    expect(occurrences(/\b8065\b/g).length).toBeGreaterThan(0);
    expect(occurrences(/\b8074\b/g).length).toBeGreaterThan(0);
  });

  it('give the one example site URL wherever SiteURL is set', () => {
    const values = occurrences(/(?:SiteURL|SITEURL)["']?\s*[:=]\s*["']?(https?:\/\/[^\s"',]+)/g);
    expect(values.length).toBeGreaterThan(0);
    // A template (${DOMAIN}) or a staging sub-domain of the example host is fine; another host is not.
    const ok = (url: string) => url.includes('${') || new URL(url).hostname === product.exampleHost || new URL(url).hostname.endsWith(`.${product.exampleHost}`);
    const wrong = values.filter(({match}) => !ok(match[1].replace(/\/$/, ''))).map(({file, match}) => `${file}: ${match[0]}`);
    expect(wrong).toEqual([]);
  });
});

describe('Russian interface strings', () => {
  it('translate every theme and plugin string we override into Russian', () => {
    const code = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../i18n/ru/code.json'), 'utf8')) as Record<string, {message: string}>;
    const english = Object.entries(code).filter(([, v]) => !/[а-яё]/i.test(v.message)).map(([k]) => k);
    expect(english).toEqual([]);
    for (const id of ['theme.NavBar.navAriaLabel', 'theme.docs.sidebar.navAriaLabel']) {
      expect(code[id]?.message, id).toBeTruthy();
    }
  });

  it('give every text of the search interface in Russian', () => {
    for (const [key, value] of Object.entries(searchStrings)) {
      const text = typeof value === 'function' ? (value as (x: string) => string)('docker') : value;
      expect(text, key).toMatch(/^[^a-z]*[А-ЯЁ]/);
    }
  });
});
