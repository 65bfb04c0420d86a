/**
 * The site's chrome speaks Russian: texts the framework would show in English (the loader's
 * «Retry», the base-URL banner, code block buttons' labels) are translated or gone.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {listFiles} from '../../plugins/shared/files';

const build = path.resolve(__dirname, '../../build');
const pages = listFiles(build, (f) => f.endsWith('.html'));
// The minifier writes non-ASCII as \uXXXX escapes: decode them before searching.
const js = () =>
  fs
    .readdirSync(path.join(build, 'assets/js'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => fs.readFileSync(path.join(build, 'assets/js', f), 'utf8'))
    .join('\n')
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Attribute values a reader hears or sees as UI text. Brand names are not English prose. */
const UI_ATTRIBUTE = /\s(aria-label|title|placeholder|alt)=("[^"]*"|[^\s>]+)/g;
const BRAND = new Set(['Time', 'Time Docs']);

describe('chrome texts in the build', () => {
  it('the loader of a page part says in Russian that it failed and offers to try again', {timeout: 60_000}, () => {
    const code = js();
    // Booleans, not toContain: a failure must not print megabytes of bundled JS.
    expect(code.includes('Не удалось загрузить эту часть страницы'), 'error text').toBe(true);
    expect(/children:"Retry"/.test(code), 'core fallback «Retry»').toBe(false);
  });

  it('no page carries the English base-URL banner', () => {
    const withBanner = pages.filter((f) => fs.readFileSync(f, 'utf8').includes('did not load properly')).map((f) => path.relative(build, f));
    expect(withBanner).toEqual([]);
  });

  it('no page has an English aria-label, title, placeholder or alt text', () => {
    const english = new Map<string, string>();
    for (const file of pages) {
      for (const [, name, raw] of fs.readFileSync(file, 'utf8').matchAll(UI_ATTRIBUTE)) {
        const value = raw.replace(/^"|"$/g, '');
        if (BRAND.has(value) || /[а-яё]/i.test(value) || !/[a-z]{3}/i.test(value)) continue;
        if (!english.has(`${name}="${value}"`)) english.set(`${name}="${value}"`, path.relative(build, file));
      }
    }
    expect(Object.fromEntries(english)).toEqual({});
  });

  it("every page has the notice for code that fails to load, in the bundle loader's script", () => {
    for (const file of ['index.html', '404.html', 'api/v4/create-post/index.html']) {
      const loader = /<script>requestAnimationFrame\([\s\S]*?<\/script>/.exec(fs.readFileSync(path.join(build, file), 'utf8'))?.[0] ?? '';
      expect(loader.includes('Обновить страницу'), file).toBe(true);
    }
  });
});
