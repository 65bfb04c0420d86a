/**
 * Client module: on API reference pages, loads and starts the accessibility repairs of
 * `apiListFixes.ts`; elsewhere it stops them. The repairs are a separate chunk so that guide pages,
 * which never need them, do not download them with the main bundle.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

export const API_PAGE = /^\/api\/v\d+\//;

let fixes: Promise<typeof import('./apiListFixes')> | undefined;

/** Docusaurus client-module lifecycle: runs on the first render and after every navigation. */
export function onRouteDidUpdate({location}: {location: {pathname: string}}): void {
  if (!ExecutionEnvironment.canUseDOM) return;
  if (API_PAGE.test(location.pathname)) {
    fixes ??= import('./apiListFixes');
    void fixes.then((m) => m.watch());
  } else if (fixes) {
    void fixes.then((m) => m.unwatch());
  }
}
