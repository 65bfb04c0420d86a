import {describe, expect, it} from 'vitest';
import {folderRedirects} from '../../config/redirects';
import {movedOperationPages} from '../../plugins/openapi/moved-pages';
import {checkMovedPages, nginxSnippet, redirectPage} from '../../plugins/nginx-redirects';
import {bundleSpec} from '../../plugins/openapi/spec';
import {pageSlug} from '../../plugins/openapi/slug';

const pages = [
  '/',
  '/administration/',
  '/administration/settings/',
  '/administration/settings/environment/smtp',
  '/administration/manage-authentication/ldap-ad',
  '/deployment/',
  '/deployment/install/docker-compose',
  '/api/v4/introduction',
  '/api/v4/create-post',
  '/api/v5/time-api-reference',
  '/api/v5/auth-service/auth-service',
  '/api/v5/auth-service/login',
  '/license/licences',
];

describe('section folders lead to their overview (config/redirects.ts)', () => {
  const redirects = Object.fromEntries(folderRedirects(pages).map((r) => [r.from, r.to]));

  it('lists every folder of the page paths that is not a page, and only those', () => {
    expect(Object.keys(redirects)).toEqual([
      '/administration/manage-authentication',
      '/administration/settings/environment',
      '/api',
      '/api/v4',
      '/api/v5',
      '/api/v5/auth-service',
      '/deployment/install',
      '/license',
    ]);
  });

  it('sends the API references to their introductions and a service folder to its overview page', () => {
    expect(redirects['/api/v4']).toBe('/api/v4/introduction');
    expect(redirects['/api/v5']).toBe('/api/v5/time-api-reference');
    expect(redirects['/api/v5/auth-service']).toBe('/api/v5/auth-service/auth-service');
  });

  it('sends other folders to the nearest overview page above them', () => {
    expect(redirects['/administration/settings/environment']).toBe('/administration/settings');
    expect(redirects['/administration/manage-authentication']).toBe('/administration');
    expect(redirects['/deployment/install']).toBe('/deployment');
    expect(redirects['/license']).toBe('/');
  });

  it('always ends on a page', () => {
    const set = new Set(pages.map((p) => (p.length > 1 ? p.replace(/\/$/, '') : p)));
    for (const to of Object.values(redirects)) expect(set.has(to), to).toBe(true);
  });
});

describe('the redirects as served (plugins/nginx-redirects)', () => {
  it('writes an exact nginx location for the folder with and without its slash, query kept', () => {
    const snippet = nginxSnippet([{from: '/api/v4', to: '/api/v4/introduction'}]);
    expect(snippet).toContain('location = /api/v4 {\n    return 301 /api/v4/introduction$is_args$args;\n}');
    expect(snippet).toContain('location = /api/v4/ {\n    return 301 /api/v4/introduction$is_args$args;\n}');
  });

  it('writes the moved API pages with the folders, each with and without its slash', () => {
    const snippet = nginxSnippet(movedOperationPages);
    expect(snippet).toContain('location = /api/v4/create-oauth-app {\n    return 301 /api/v4/create-o-auth-app$is_args$args;\n}');
    expect(snippet).toContain('location = /api/v4/create-oauth-app/ {\n    return 301 /api/v4/create-o-auth-app$is_args$args;\n}');
    expect(snippet.match(/^location = /gm)).toHaveLength(movedOperationPages.length * 2);
  });

  it('refuses a source redirected twice, naming it', () => {
    expect(() =>
      nginxSnippet([
        {from: '/api/v4', to: '/api/v4/introduction'},
        {from: '/api/v4', to: '/api/v4/create-post'},
      ]),
    ).toThrow(/"\/api\/v4" is redirected twice/);
  });

  it('refuses a path that would break out of the nginx config, naming it', () => {
    expect(() => nginxSnippet([{from: '/a; return 200', to: '/b'}])).toThrow(/"\/a; return 200"/);
  });

  it('gives other hosts a page that refreshes to the overview and links to it', () => {
    const html = redirectPage('/api/v4/introduction');
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/api/v4/introduction">');
    expect(html).toContain('<a href="/api/v4/introduction">');
    expect(html).not.toContain('<script');
  });
});

describe('moved API pages (config/redirects.ts)', () => {
  const v4 = new Set(bundleSpec('v4').operations.map((o) => `/api/v4/${pageSlug(o.operationId)}`));

  it("send every old address of a renamed operation to the vendor's address, each with a reason", () => {
    const moved = Object.fromEntries(movedOperationPages.map((m) => [m.from, m.to]));
    expect(moved).toMatchObject({
      '/api/v4/get-applications-for-team': '/api/v4/get-team-applications',
      '/api/v4/update-application': '/api/v4/patch-application',
      '/api/v4/create-oauth-app': '/api/v4/create-o-auth-app',
      '/api/v4/get-authorized-oauth-apps-for-user': '/api/v4/get-authorized-o-auth-apps-for-user',
      '/api/v4/test-object-storage-connection': '/api/v4/test-s-3-connection',
      '/api/v4/set-thread-unread-by-post-id': '/api/v4/set-thread-unread-for-user',
    });
    expect(movedOperationPages).toHaveLength(55);
    for (const m of movedOperationPages) expect(m.reason, m.from).toMatch(/\S/);
  });

  it('lead from addresses that are no operation page to ones that are', () => {
    expect(checkMovedPages(movedOperationPages, v4)).toEqual([]);
  });

  it('are refused at build time when the target is missing or the source is still a page, naming the entry', () => {
    expect(checkMovedPages([{from: '/api/v4/create-post', to: '/api/v4/nowhere'}], ['/api/v4/create-post/'])).toEqual([
      '/api/v4/create-post → /api/v4/nowhere: the target is not a page of the build',
      '/api/v4/create-post → /api/v4/nowhere: the source is still a page of the build',
    ]);
  });
});
