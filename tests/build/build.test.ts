/** Checks of the production build (run `npm run build` first; `npm test` does). */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {contractRoutes} from '../../data/routes';
import {site} from '../../config/site';
import config from '../../docusaurus.config';

const root = path.resolve(__dirname, '../..');
const build = path.join(root, 'build');
const read = (file: string) => fs.readFileSync(path.join(build, file), 'utf8');
const htmlFor = (route: string) => path.join(build, route.replace(/^\//, ''), 'index.html');

describe('production build', () => {
  it('exists', () => {
    expect(fs.existsSync(path.join(build, 'index.html')), 'run "npm run build" first').toBe(true);
  });

  it('contains every landed route of the contract', () => {
    const missing = contractRoutes.filter((r) => !fs.existsSync(htmlFor(r.path))).map((r) => r.path);
    expect(missing).toEqual([]);
  });

  it('fails on a broken anchor instead of printing a warning the log would have to be searched for', () => {
    expect(config.onBrokenAnchors).toBe('throw');
  });

  it('printed no warnings (duplicate routes, anything else)', () => {
    const log = fs.readFileSync(path.join(root, 'build-log.txt'), 'utf8');
    expect(log).toContain('[SUCCESS] Generated static files');
    const warnings = log.split('\n').filter((line) => /\[WARNING\]|broken anchor|duplicate route/i.test(line));
    expect(warnings).toEqual([]);
  });

  it('declares Russian on every page', () => {
    for (const route of contractRoutes) {
      expect(fs.readFileSync(htmlFor(route.path), 'utf8'), route.path).toMatch(/<html[^>]*\slang="?ru"?[\s>]/);
    }
  });

  it('loads its bundles after the first paint (config/ssrTemplate.ts): no script file in the HTML, one loader naming files that exist', () => {
    for (const route of [...contractRoutes.map((r) => r.path), '/404.html']) {
      const html = fs.readFileSync(route.endsWith('.html') ? path.join(build, route) : htmlFor(route), 'utf8');
      expect(html, route).not.toMatch(/<script[^>]*\ssrc=/);
      const loaders = [...html.matchAll(/<script>requestAnimationFrame\(.*?(\[[^\]]*\])/g)];
      expect(loaders.length, route).toBe(1);
      const bundles = JSON.parse(loaders[0][1]) as string[];
      expect(
        bundles.map((b) => b.replace(/\.[0-9a-f]+\.js$/, '')),
        route,
      ).toEqual(['/assets/js/runtime~main', '/assets/js/main']);
      for (const bundle of bundles) expect(fs.existsSync(path.join(build, bundle)), bundle).toBe(true);
    }
  });

  it('has the Russian 404 page', () => {
    const html = read('404.html');
    expect(html).toContain('Страница не найдена');
    expect(html).toContain('К сожалению, мы не смогли найти запрашиваемую вами страницу');
    expect(html).toContain('обратитесь к владельцу сайта, с которого вы перешли на эту ссылку');
  });

  it('ships the Russian crash screen texts', () => {
    // The minifier writes non-ASCII as \uXXXX escapes: decode them before searching.
    const js = fs
      .readdirSync(path.join(build, 'assets/js'))
      .map((f) => read(`assets/js/${f}`))
      .join('\n')
      .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    // Booleans, not toContain: a failure must not print megabytes of bundled JS.
    expect(js.includes('На странице произошёл сбой.'), 'crash title').toBe(true);
    expect(js.includes('Попробуйте ещё раз'), 'try-again button').toBe(true);
  });

  it('lists every landed doc in the sitemap under the public URL, and no tag or search pages', () => {
    const sitemap = read('sitemap.xml');
    const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const route of contractRoutes.filter((r) => r.sidebar)) {
      const expected = `${site.url}${route.path === '/' ? '/' : route.path}`;
      expect(
        urls.some((u) => u === expected || u === `${expected}/` || `${u}/` === expected),
        expected,
      ).toBe(true);
    }
    expect(urls.filter((u) => /\/tags(\/|$)/.test(u) || new URL(u).pathname === '/search')).toEqual([]);
  });
});

describe('every page in the sitemap', () => {
  it('is built with exactly one h1 and one main landmark', () => {
    const sitemap = read('sitemap.xml');
    const problems: string[] = [];
    for (const url of [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname)) {
      const file = htmlFor(url);
      if (!fs.existsSync(file)) {
        problems.push(`${url}: not built`);
        continue;
      }
      const html = fs.readFileSync(file, 'utf8');
      const h1 = (html.match(/<h1[\s>]/g) ?? []).length;
      const main = (html.match(/<main[\s>]/g) ?? []).length;
      if (h1 !== 1 || main !== 1) problems.push(`${url}: ${h1} h1, ${main} main`);
    }
    expect(problems).toEqual([]);
  });
});
