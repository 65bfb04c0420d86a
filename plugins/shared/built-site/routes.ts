/**
 * Which HTML file of a built site serves which route. Docusaurus writes a route `/x` or `/x/` to
 * `x/index.html` (a few to `x.html`, such as `/404.html`); the rest of the site's tooling asks for
 * pages by route, the way links and sidebars name them.
 */
import fs from 'node:fs';
import path from 'node:path';
import {listFiles} from '../files';

/** Percent-decoding that leaves a malformed sequence as it is instead of throwing. */
export function decodePath(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The built HTML file that serves `href` (a route, or a link with a query or a hash), or
 * undefined when the build has none: `x/index.html` for `/x/`; `x/index.html`, else `x.html`, for `/x`.
 */
export function fileOfRoute(siteDir: string, href: string): string | undefined {
  const route = decodePath(href.split(/[?#]/)[0]);
  const candidates = route.endsWith('/') ? [`${route}index.html`] : [`${route}/index.html`, `${route}.html`];
  return candidates.map((candidate) => path.join(siteDir, candidate)).find((file) => fs.existsSync(file));
}

/** The route of a built HTML file: `a/b/index.html` → `/a/b/`, `404.html` → `/404.html`. */
export function routeOfFile(siteDir: string, file: string): string {
  const route = `/${path.relative(siteDir, file).split(path.sep).join('/')}`;
  return route.endsWith('/index.html') ? route.slice(0, -'index.html'.length) : route;
}

/** A route without `index.html`, `.html` or a trailing slash, so that links and sidebar hrefs compare equal. */
export function normalizeRoute(pathname: string): string {
  const route = decodePath(pathname)
    .replace(/\/index\.html$/, '/')
    .replace(/\.html$/, '');
  return route.length > 1 ? route.replace(/\/+$/, '') : route;
}

/** Every HTML file of a built site with the route it serves, sorted by file. */
export function builtHtmlFiles(siteDir: string): {route: string; file: string}[] {
  return listFiles(siteDir, (file) => file.endsWith('.html')).map((file) => ({route: routeOfFile(siteDir, file), file}));
}
