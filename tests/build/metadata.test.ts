import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const build = path.resolve(__dirname, '../../build');
const read = (file: string) => fs.readFileSync(path.join(build, file), 'utf8');
const sitemapPaths = () => [...read('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);

describe('page metadata', () => {
  it('the 404 page is titled «Страница не найдена» and names no canonical address', () => {
    const html = read('404.html');
    expect(html).toMatch(/<title[^>]*>Страница не найдена \| Time Docs<\/title>/);
    expect(html).not.toMatch(/rel="?canonical/);
    expect(html).not.toMatch(/og:url|hreflang/);
    expect(html).toMatch(/<meta[^>]*name="?robots"?[^>]*content="?noindex/);
  });

  it('every page of the sitemap keeps its canonical address and stays indexable', () => {
    const wrong: string[] = [];
    for (const page of sitemapPaths()) {
      const html = read(path.join(page, 'index.html'));
      const canonical = /<link[^>]*rel="?canonical"?[^>]*href="?([^"\s>]+)/.exec(html)?.[1];
      if (!canonical || new URL(canonical).pathname.replace(/\/$/, '') !== page.replace(/\/$/, '') || /noindex/.test(html)) wrong.push(page);
    }
    expect(wrong).toEqual([]);
  });
});
