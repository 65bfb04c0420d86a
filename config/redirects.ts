/**
 * Redirects from the public route contract (shared/ROUTES.md) that a static host can serve as
 * pages. nginx adds the rules a static page cannot express (`X.html` → `X`), see deploy/nginx.
 */
export interface Redirect {
  from: string;
  to: string;
}

/** The historical misspelling is the canonical path; the correct spelling redirects to it. */
export function dataManagementRedirect(existingPath: string): string[] | undefined {
  const canonical = '/administration/data-managment';
  if (existingPath === canonical || existingPath.startsWith(`${canonical}/`)) {
    return [existingPath.replace(canonical, '/administration/data-management')];
  }
  return undefined;
}

/** The API v4 chapters once had Cyrillic slugs; old links keep working (ROUTES.md). */
export const cyrillicChapterSlugs: Record<string, string> = {
  введение: 'introduction',
  аутентификация: 'authentication',
  'веб-сокет': 'websocket',
  схема: 'schema',
  ошибки: 'errors',
  'лимитирование-запросов': 'rate-limiting',
};

export const redirects: Redirect[] = Object.entries(cyrillicChapterSlugs).map(([from, to]) => ({
  from: `/api/v4/${from}`,
  to: `/api/v4/${to}`,
}));
