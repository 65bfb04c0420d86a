import {describe, expect, it} from 'vitest';
import {folderRedirects} from '../../config/redirects';
import {nginxSnippet, redirectPage} from '../../plugins/folder-redirects';

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

describe('the folder redirects as served (plugins/folder-redirects)', () => {
  it('writes an exact nginx location for the folder with and without its slash, query kept', () => {
    const snippet = nginxSnippet([{from: '/api/v4', to: '/api/v4/introduction'}]);
    expect(snippet).toContain('location = /api/v4 {\n    return 301 /api/v4/introduction$is_args$args;\n}');
    expect(snippet).toContain('location = /api/v4/ {\n    return 301 /api/v4/introduction$is_args$args;\n}');
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
