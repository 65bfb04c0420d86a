/**
 * The Pagefind variant of `npm run bench:search`: the built site (`build/`) indexed by Pagefind
 * (the `pagefind` package, its own Russian stemming chosen from the pages' `<html lang="ru">`),
 * served by the production nginx config from `build-pagefind/`:
 *
 *     build-pagefind/pagefind/          Pagefind's bundle, exactly as its CLI writes it
 *     build-pagefind/harness.js         a minimal search box over Pagefind's JavaScript API
 *     build-pagefind/index.html         the box, also copied to the other cold pages' paths
 *
 * Why this is fair: the harness only calls Pagefind's public API (`options`, `init`, `search`,
 * `data()` of the first ten results, which is what any results list shows), so the ranking is
 * Pagefind's own and every file it downloads (its script, worker, wasm, metadata, index chunks,
 * fragments) is fetched by Pagefind itself from nginx, as on a site that uses it. Like a site's
 * search box, the harness loads Pagefind when the box gets the focus, not with the page, so the
 * first query pays for all of it. The harness renders the result links as `[role="option"]`,
 * so the cold first results are read the same way as the other variants' navbar suggestions.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {SNIPPET, scriptSourceSnippet} from './csp';
import {listFiles} from '../../plugins/shared/files';
import {precompress} from './precompress';

const root = path.resolve(__dirname, '../..');
export const PAGEFIND_BIN = path.join(root, 'node_modules/.bin/pagefind');
/** Pagefind's bundle folder under the served directory, and its URL path. */
const BUNDLE = 'pagefind';
export const READY = 'html[data-ready="true"]';
export const BOX = 'input#search';

const HARNESS_HTML = `<!doctype html>
<html lang="ru">
<head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Pagefind</title><script type="module" src="/harness.js"></script></head>
<body><main><input id="search" type="search" autocomplete="off" aria-label="Поиск"><div id="results" role="listbox"></div></main></body>
</html>
`;

const HARNESS_JS = `let pagefind;
const load = () =>
  (pagefind ??= import('/${BUNDLE}/pagefind.js').then(async (pf) => {
    await pf.init();
    return pf;
  }));

/** The URLs of the first ten results, in Pagefind's order. */
async function urls(query) {
  const pf = await load();
  const search = await pf.search(query);
  const data = await Promise.all(search.results.slice(0, 10).map((r) => r.data()));
  return data.map((d) => d.url);
}

/** For the query set: the result URLs and the time of search() plus loading their data. */
window.runSearch = async (query) => {
  const start = performance.now();
  const found = await urls(query);
  return {urls: found, ms: performance.now() - start};
};

const box = document.getElementById('search');
const list = document.getElementById('results');
box.addEventListener('focus', load);
let latest = 0;
box.addEventListener('input', async () => {
  const run = ++latest;
  const query = box.value.trim();
  const found = query ? await urls(query) : [];
  if (run !== latest) return;
  list.replaceChildren(
    ...found.map((url) => {
      const a = document.createElement('a');
      a.setAttribute('role', 'option');
      a.href = url;
      a.textContent = url;
      return a;
    }),
  );
});
document.documentElement.dataset.ready = 'true';
`;

/** Pagefind's result URL as a page path: `/x/`, `/x/index.html` and `/x.html` are the page `/x`. */
export function pagefindPage(url: string): string {
  return url.replace(/(\/index)?\.html$/, '').replace(/\/$/, '') || '/';
}

/**
 * Indexes `build` with Pagefind into `<out>/pagefind` (the folder is made anew) and writes the
 * harness at `/` and at each of `pages`. Returns the number of pages Pagefind indexed.
 */
export function buildPagefindSite(build: string, out: string, pages: string[]): number {
  if (!fs.existsSync(PAGEFIND_BIN)) throw new Error(`${path.relative(root, PAGEFIND_BIN)} is missing: run \`npm ci\` (the dev dependency pagefind)`);
  fs.rmSync(out, {recursive: true, force: true});
  fs.mkdirSync(out, {recursive: true});
  const bundle = path.join(out, BUNDLE);
  // Only the article (<main>): the navbar, sidebar and footer are the same on every page.
  const result = spawnSync(PAGEFIND_BIN, ['--site', build, '--output-path', bundle, '--root-selector', 'main', '--quiet'], {cwd: root, encoding: 'utf8'});
  if (result.error || result.status !== 0) {
    // Its npm wrapper exits 1 without a word when the platform binary cannot be started.
    const why =
      result.error?.message ??
      (`${result.stderr}${result.stdout}`.trim() ||
        `exit status ${result.status}, no output: is @pagefind/${process.platform}-${process.arch} installed and executable?`);
    throw new Error(`pagefind could not index ${path.relative(root, build)}/ (${path.relative(root, PAGEFIND_BIN)}): ${why}`);
  }
  const entryFile = path.join(bundle, 'pagefind-entry.json');
  if (!fs.existsSync(entryFile)) throw new Error(`pagefind wrote no ${path.relative(root, entryFile)}`);
  const entry = JSON.parse(fs.readFileSync(entryFile, 'utf8')) as {languages: Record<string, {page_count: number}>};
  // The pages say lang="ru"; an index under another language would have no Russian stemming.
  if (!entry.languages.ru)
    throw new Error(
      `${path.relative(root, entryFile)}: no Russian index (languages: ${Object.keys(entry.languages).join(', ')}); the pages must say <html lang="ru">`,
    );

  fs.writeFileSync(path.join(out, 'harness.js'), HARNESS_JS);
  for (const page of ['/', ...pages]) {
    const dir = path.join(out, page);
    fs.mkdirSync(dir, {recursive: true});
    fs.writeFileSync(path.join(dir, 'index.html'), HARNESS_HTML);
  }
  // The nginx config includes the site's redirects and its script-src. Pagefind compiles its
  // WebAssembly, which a policy without 'wasm-unsafe-eval' blocks: a site using Pagefind has to
  // allow it, so this variant's policy does (the harness has no inline scripts to hash).
  fs.mkdirSync(path.join(out, '.nginx'), {recursive: true});
  fs.copyFileSync(path.join(build, '.nginx/redirects.conf'), path.join(out, '.nginx/redirects.conf'));
  fs.writeFileSync(path.join(out, SNIPPET), scriptSourceSnippet([], ["'wasm-unsafe-eval'"]));
  // Gzip copies like the build makes for ours (Pagefind's index files are compressed already).
  precompress(out);
  return entry.languages.ru.page_count;
}

/** Pagefind's index by kind of file: bytes as stored (its index files are gzip-compressed). */
export function pagefindIndexFiles(out: string): {context: string; files: string[]}[] {
  const bundle = path.join(out, BUNDLE);
  const files = listFiles(bundle, (f) => !f.endsWith('.gz'));
  const kinds: [string, RegExp][] = [
    ['meta', /\.pf_meta$/],
    ['index chunks', /\.pf_index$/],
    ['fragments', /\.pf_fragment$/],
    ['wasm', /\.pagefind$/],
  ];
  return kinds.map(([context, pattern]) => {
    const matching = files.filter((f) => pattern.test(f));
    return {context: `${context} (${matching.length})`, files: matching};
  });
}
