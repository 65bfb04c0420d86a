/**
 * The configuration files the operations guides offer for download (static/downloads): each one is in
 * the build byte for byte, each link to /downloads/ on a page leads to one of them, and none is
 * shipped without a page that explains it.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {listFiles} from '../../plugins/shared/files';
import {DOWNLOADS_DIR} from '../../plugins/remark-samples/samples';

const build = path.resolve(__dirname, '../../build');
const shipped = listFiles(DOWNLOADS_DIR).map((file) => path.relative(DOWNLOADS_DIR, file).split(path.sep).join('/'));

/** Every `/downloads/…` address a built page links to, with the pages that link it. */
function downloadLinks(): Map<string, string[]> {
  const links = new Map<string, string[]>();
  for (const file of listFiles(build, (f) => f.endsWith('.html'))) {
    const html = fs.readFileSync(file, 'utf8');
    for (const [, href] of html.matchAll(/href="?(\/downloads\/[^"\s>#?]+)/g)) {
      const page = path.relative(build, file);
      links.set(href, [...(links.get(href) ?? []), page]);
    }
  }
  return links;
}

describe('downloadable configuration files', () => {
  const links = downloadLinks();

  it('are shipped, and the build serves each one unchanged', () => {
    expect(shipped.length).toBeGreaterThan(0);
    const changed = shipped.filter((rel) => {
      const built = path.join(build, 'downloads', rel);
      return !fs.existsSync(built) || !fs.readFileSync(built).equals(fs.readFileSync(path.join(DOWNLOADS_DIR, rel)));
    });
    expect(changed).toEqual([]);
  });

  it('are each linked from a page, and every download link leads to a shipped file', () => {
    const broken = [...links]
      .filter(([href]) => !shipped.includes(decodeURIComponent(href.slice('/downloads/'.length))))
      .map(([href, pages]) => `${pages[0]} → ${href}`);
    expect(broken).toEqual([]);
    const orphans = shipped.filter((rel) => !links.has(`/downloads/${rel}`));
    expect(orphans).toEqual([]);
  });
});
