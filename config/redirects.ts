import kebabCase from 'lodash/kebabCase';

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

/** A page that moved: readers and search engines at its old address are sent on for good. */
export interface MovedPage extends Redirect {
  /** Why the page moved, in one line. */
  reason: string;
}

/** API v4 operations renamed to the vendor's operationId: the page slug follows the new name. */
const renamedOperations: Record<string, string> = {
  GetApplicationsForTeam: 'GetTeamApplications',
  UpdateApplication: 'PatchApplication',
  CreateOauthApp: 'CreateOAuthApp',
  GetOauthApps: 'GetOAuthApps',
  GetOauthApp: 'GetOAuthApp',
  UpdateOauthApp: 'UpdateOAuthApp',
  DeleteOauthApp: 'DeleteOAuthApp',
  RegenerateOauthAppSecret: 'RegenerateOAuthAppSecret',
  GetOauthAppInfo: 'GetOAuthAppInfo',
  GetAuthorizedOauthAppsForUser: 'GetAuthorizedOAuthAppsForUser',
  TestObjectStorageConnection: 'TestS3Connection',
  SetThreadUnreadByPostId: 'SetThreadUnreadForUser',
};

const operationPage = (operationId: string): string => `/api/v4/${kebabCase(operationId)}`;

/**
 * API reference pages that moved, old path → new path. nginx answers each with a 301 (with and
 * without the trailing slash) and other static hosts get a redirect page; the build fails when a
 * target is not a page or a source still is one.
 */
export const movedOperationPages: MovedPage[] = Object.entries(renamedOperations).map(([from, to]) => ({
  from: operationPage(from),
  to: operationPage(to),
  reason: `operationId ${from} renamed to the vendor's ${to}`,
}));

/**
 * Section folders whose overview is a chapter inside them rather than the nearest page above: the
 * API references open with their introductions.
 */
export const folderOverviews: Record<string, string> = {
  '/api/v4': '/api/v4/introduction',
  '/api/v5': '/api/v5/time-api-reference',
};

const trimSlash = (p: string): string => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/**
 * Every folder of the site's page paths that is not a page itself (`/api/v4`, `/deployment/install`),
 * with the page a reader who trims a URL expects: the overview named in `folderOverviews`; else the
 * folder's own overview page named like it (`/api/v5/auth-service/auth-service`, an API service's
 * tag page); else, as for `/administration/settings/environment`, where its parent folder leads.
 */
export function folderRedirects(pagePaths: Iterable<string>): Redirect[] {
  const pages = new Set([...pagePaths].map(trimSlash));
  const folders = new Set<string>();
  for (const page of pages) {
    const parts = page.split('/').filter(Boolean);
    for (let i = 1; i < parts.length; i++) folders.add(`/${parts.slice(0, i).join('/')}`);
  }
  const overview = (folder: string): string => {
    if (pages.has(folder)) return folder;
    const named = folderOverviews[folder];
    if (named && pages.has(named)) return named;
    const own = `${folder}/${folder.slice(folder.lastIndexOf('/') + 1)}`;
    if (pages.has(own)) return own;
    const parent = folder.slice(0, folder.lastIndexOf('/'));
    return parent === '' ? '/' : overview(parent);
  };
  return [...folders]
    .filter((folder) => !pages.has(folder))
    .sort()
    .map((folder) => ({from: folder, to: overview(folder)}));
}
