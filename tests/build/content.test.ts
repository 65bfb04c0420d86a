/** Checks of the rendered pages in build/ (run after `npm run build`). */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {contractRoutes} from '../../data/routes';
import {loadCatalogue, routeForPage} from '../../plugins/settings/catalogue';

const build = path.resolve(__dirname, '../../build');
const htmlOf = (route: string) => fs.readFileSync(path.join(build, route.replace(/^\//, ''), 'index.html'), 'utf8');

/** Words of running text in the article: code blocks and inline code excluded. */
export function proseWords(html: string): number {
  const article = /<article[\s\S]*<\/article>/.exec(html)?.[0] ?? '';
  const text = article
    .replace(/<pre[\s\S]*?<\/pre>/g, ' ')
    .replace(/<code[\s\S]*?<\/code>/g, ' ')
    .replace(/<svg[\s\S]*?<\/svg>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ');
  return text.split(/\s+/).filter((w) => /[A-Za-zА-Яа-яЁё]{2,}/.test(w)).length;
}

describe('rendered pages', () => {
  it('have at least 300 words of prose each (code excluded); API reference pages are measured by their spec', () => {
    const short = contractRoutes
      .filter((r) => r.sidebar && !/^\/api\/v[45]\//.test(r.path))
      .map((r) => ({path: r.path, words: proseWords(htmlOf(r.path))}))
      .filter((p) => p.words < 300);
    expect(short).toEqual([]);
  });

  it('hold the task guides to their own minimum of prose', () => {
    const guides = contractRoutes.filter((r) => r.minWords);
    expect(guides.length).toBeGreaterThan(0);
    const short = guides.map((r) => ({path: r.path, words: proseWords(htmlOf(r.path)), min: r.minWords})).filter((p) => p.words < (p.min ?? 0));
    expect(short).toEqual([]);
  });
});

describe('settings pages', () => {
  const catalogue = loadCatalogue();

  it('show every catalogue entry exactly once, at its anchor, with its environment variable', () => {
    const problems: string[] = [];
    for (const page of catalogue.pages.values()) {
      const html = htmlOf(routeForPage(page.page));
      for (const s of page.sections.flatMap((x) => x.settings)) {
        const count = html.split(new RegExp(`\\sid="?${s.anchor}"?[\\s>]`)).length - 1;
        if (count !== 1) problems.push(`${s.url}: id ${s.anchor} appears ${count} times`);
        if (!html.includes(s.env ?? 'TIME_PLUGINSETTINGS_PLUGINS')) problems.push(`${s.url}: ${s.env} is not shown`);
        // The minified HTML may keep the quotes of PluginSettings.Plugins["<id>"] as they are or escape them.
        if (![s.configPath, s.configPath.replaceAll('"', '&quot;')].some((shown) => html.includes(shown)))
          problems.push(`${s.url}: ${s.configPath} is not shown`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('list every setting in the reference, linked to its page and anchor', () => {
    const html = htmlOf('/administration/settings/');
    const missing = catalogue.settings.filter((s) => !html.includes(`href="${s.url}"`) && !html.includes(`href=${s.url}`)).map((s) => s.key);
    expect(missing).toEqual([]);
  });
});
