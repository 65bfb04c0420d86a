import {describe, expect, it} from 'vitest';
import type {ThemeConfig} from '@docusaurus/preset-classic';
import config from '../../docusaurus.config';
import sidebars from '../../sidebars';
import {parseSiteUrl, site} from '../../config/site';
import {navbar} from '../../config/navbar';
import {copyright, footer} from '../../config/footer';
import {announcementBar} from '../../config/announcement';
import {plainPluginOptions, searchContexts} from '../../config/search';
import {RESULT_LIMIT, SUGGESTION_LIMIT} from '../../src/search/limits';
import {dataManagementRedirect} from '../../config/redirects';

const themeConfig = config.themeConfig as ThemeConfig;

describe('site settings', () => {
  it('serves docs from the root in Russian only, blog off', () => {
    expect(config.baseUrl).toBe('/');
    expect(config.i18n).toMatchObject({defaultLocale: 'ru', locales: ['ru']});
    expect(config.i18n?.localeConfigs?.ru).toMatchObject({htmlLang: 'ru', direction: 'ltr'});
    const [, presetOptions] = config.presets![0] as [string, Record<string, unknown>];
    expect(presetOptions.blog).toBe(false);
    // The guides' docs instance is declared in `plugins` (lean-docs), not by the preset.
    expect(presetOptions.docs).toBe(false);
    const guides = config.plugins!.find((p) => Array.isArray(p) && p[0] === './plugins/lean-docs/index.ts' && !(p[1] as {id?: string}).id);
    expect((guides as [string, Record<string, unknown>])[1]).toMatchObject({path: 'docs', routeBasePath: '/', lean: {versionDocs: false, globalDocs: true}});
  });

  it('fails on broken links and anchors, warns (for the build-log test) on duplicate routes', () => {
    expect(config.onBrokenLinks).toBe('throw');
    expect(config.markdown?.hooks?.onBrokenMarkdownLinks).toBe('throw');
    expect(config.onBrokenAnchors).toBe('throw');
    expect(config.onDuplicateRoutes).toBe('warn');
  });

  it('takes the public URL from one setting and validates it', () => {
    expect(config.url).toBe(site.url);
    expect(parseSiteUrl('https://docs.example.ru/')).toBe('https://docs.example.ru');
    expect(() => parseSiteUrl('docs.example.ru')).toThrow(/absolute URL/);
    expect(() => parseSiteUrl('ftp://docs.example.ru')).toThrow(/http or https/);
    expect(() => parseSiteUrl('https://example.ru/docs/')).toThrow(/without a path/);
  });
});

describe('chrome', () => {
  it('has light mode by default, a switch, and ignores the OS preference', () => {
    expect(themeConfig.colorMode).toEqual({defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false});
  });

  it('keeps storage keys unprefixed so the colour mode is stored under "theme"', () => {
    expect((config.future?.v4 as {siteStorageNamespacing?: boolean}).siteStorageNamespacing).toBe(false);
  });

  it('has a navbar item per section sidebar, the user guide link, hide on scroll', () => {
    expect(navbar.hideOnScroll).toBe(true);
    const sidebarsInNavbar = navbar.items.filter((i) => i.type === 'docSidebar').map((i) => (i as {sidebarId: string}).sidebarId);
    expect(sidebarsInNavbar).toEqual(['api', 'deployment', 'administration', 'integrations', 'license']);
    expect(navbar.items).toContainEqual(expect.objectContaining({href: site.links.userGuide, label: 'Для пользователей'}));
    expect(themeConfig.navbar).toBe(navbar);
  });

  it('defines the six sidebars, each navbar one among them', () => {
    expect(Object.keys(sidebars).sort()).toEqual(['administration', 'api', 'deployment', 'docs', 'integrations', 'license']);
  });

  it('does not let the docs sidebar hide or auto-collapse', () => {
    expect(themeConfig.docs?.sidebar).toEqual({hideable: false, autoCollapseCategories: false});
  });

  it('shows h2–h3 in the table of contents', () => {
    expect(themeConfig.tableOfContents).toEqual({minHeadingLevel: 2, maxHeadingLevel: 3});
  });

  it('highlights bash and docker at least', () => {
    expect(themeConfig.prism?.additionalLanguages).toEqual(expect.arrayContaining(['bash', 'docker', 'yaml', 'json', 'nginx', 'go', 'python', 'typescript']));
  });

  it('links the footer to the about, download and policy pages with the 2025 copyright', () => {
    const links: {href?: string; to?: string}[] = footer.links.flatMap((column) => [...column.items]);
    expect(links).toContainEqual(expect.objectContaining({href: site.links.about}));
    expect(links).toContainEqual(expect.objectContaining({href: site.links.download}));
    expect(links).toContainEqual(expect.objectContaining({to: '/deployment/operation-and-update-policy'}));
    expect(copyright).toBe(`© 2025 ${site.owner}`);
    expect(site.owner).toBe(process.env.SITE_OWNER?.trim() || 'Time Messenger');
  });

  it('ships a closeable announcement with an id', () => {
    expect(announcementBar.id).toMatch(/^[a-z0-9-]+$/);
    expect(announcementBar.isCloseable).toBe(true);
    expect(announcementBar.content.length).toBeGreaterThan(20);
    expect(themeConfig.announcementBar).toBe(announcementBar);
  });
});

describe('search options', () => {
  it('shows ten results and ten suggestions at most', () => {
    expect([RESULT_LIMIT, SUGGESTION_LIMIT]).toEqual([10, 10]);
  });

  it('has a search context for every section sidebar but the general one', () => {
    expect(searchContexts.map((c) => c.path)).toEqual(['administration', 'deployment', 'integrations', 'api', 'license']);
    for (const c of searchContexts) expect(c.label).toMatch(/^[А-ЯЁA-Z]/);
  });

  it('the site runs its own search; the stock plugin only in the benchmark copy, plainly configured', () => {
    expect(JSON.stringify(config.themes)).not.toContain('docusaurus-search-local');
    expect(plainPluginOptions).toEqual({hashed: true, language: ['ru', 'en'], indexBlog: false, docsRouteBasePath: '/'});
  });
});

describe('redirects', () => {
  it('sends the correct spelling data-management to the historical data-managment path', () => {
    expect(dataManagementRedirect('/administration/data-managment/export-guide/data-export')).toEqual([
      '/administration/data-management/export-guide/data-export',
    ]);
    expect(dataManagementRedirect('/administration/data-managmentx')).toBeUndefined();
    expect(dataManagementRedirect('/faq')).toBeUndefined();
  });
});
