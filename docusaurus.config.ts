import path from 'node:path';
import type {Config, PluginConfig} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';

import {site} from './config/site';
import {navbar} from './config/navbar';
import {footer} from './config/footer';
import {announcementBar} from './config/announcement';
import {plainPluginOptions, searchIndexOptions} from './config/search';
import {languageTabs} from './config/openapi';
import {apiDocsInstances, openapiPlugins} from './plugins/openapi';
import {darkCodeTheme, lightCodeTheme, prismLanguages} from './config/prism';
import {dataManagementRedirect, redirects} from './config/redirects';
import {movedOperationPages} from './plugins/openapi/moved-pages';
import contentCheck from './plugins/content-check';
import announcementReset from './plugins/announcement-reset';
import apiChunks from './plugins/api-chunks';
import codeHighlight, {remarkHighlight} from './plugins/code-highlight';
import {remarkMermaid} from './plugins/mermaid-static';
import search from './plugins/search';
import markdownExport from './plugins/markdown-export';
import {llms} from './config/llms';
import rehypeA11y from './plugins/rehype-a11y';
import rehypeTypography from './plugins/rehype-typography';
import {ssrTemplate} from './config/ssrTemplate';
import remarkSettings from './plugins/settings/remark';
import remarkSamples from './plugins/remark-samples';
import settingsCatalogue from './plugins/settings';
import nginxRedirects from './plugins/nginx-redirects';
import {catalogueFingerprint} from './plugins/settings/catalogue';
import {samplesFingerprint} from './plugins/remark-samples/samples';
import {announceNoGitHistory, gitHistoryOptions} from './plugins/shared/git';

/** `TIME_SEARCH=plugin`: the stock search plugin instead of ours, for `npm run bench:search`. */
const plainSearchPlugin = process.env.TIME_SEARCH === 'plugin';

/** Update dates need git history; a source export without it builds without them. */
const git = gitHistoryOptions(__dirname);
if (!git.showLastUpdateTime) announceNoGitHistory();

const config: Config = {
  // Pages paint before their JavaScript runs (config/ssrTemplate.ts).
  ssrTemplate,
  title: site.title,
  tagline: site.tagline,
  favicon: 'img/favicon.svg',
  url: site.url,
  baseUrl: site.baseUrl,
  trailingSlash: undefined,
  // Off: core's base-URL check is an English developer banner, and with the bundles loaded after the
  // first paint (config/ssrTemplate.ts) its test (no `window.docusaurus` at DOMContentLoaded) is true
  // on every visit. The base URL is fixed here; a page whose code fails to load gets the Russian
  // notice of config/ssrTemplate.ts instead.
  baseUrlIssueBanner: false,

  // Broken links and anchors fail the build; duplicate routes warn (a test reads the log).
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'warn',

  i18n: {
    defaultLocale: 'ru',
    locales: ['ru'],
    localeConfigs: {
      ru: {label: 'Русский', direction: 'ltr', htmlLang: 'ru', calendar: 'gregory', path: 'ru'},
    },
  },

  future: {
    v4: {
      removeLegacyPostBuildHeadAttribute: true,
      // Off: the API theme's stylesheet is not in a layer, so layered site CSS could never override it.
      useCssCascadeLayers: false,
      fasterByDefault: true,
      // The colour mode lives in localStorage under the plain key `theme` rather than one namespaced by
      // the site's URL, so a reader's choice holds whatever address serves the portal.
      siteStorageNamespacing: false,
      // CONTRIBUTING.md prescribes explicit heading ids `## Заголовок {#id}`.
      mdx1CompatDisabledByDefault: false,
    },
    faster: true,
    experimental_vcs: git.vcs,
  },

  markdown: {
    mdx1Compat: {comments: false, admonitions: true, headingIds: true},
    hooks: {
      onBrokenMarkdownLinks: 'throw',
      onBrokenMarkdownImages: 'throw',
    },
  },

  presets: [
    [
      'classic',
      {
        // The guides' docs instance is in `plugins` (lean-docs) so that it can leave out unused data.
        docs: false,
        blog: false,
        theme: {
          customCss: './src/css/custom.css',
        },
        sitemap: {
          changefreq: 'weekly',
          priority: 0.5,
          ignorePatterns: ['/tags/**', '/search'],
        },
      } satisfies Preset.Options,
    ],
  ],

  // API schema trees get list semantics the theme leaves out (src/clientModules/apiListSemantics.ts).
  // The mobile menu opens and closes with the keyboard (src/clientModules/mobileMenuKeyboard.ts).
  // Links fetch their pages' code ahead when the browser is idle (src/clientModules/idlePrefetch.ts).
  clientModules: ['./src/clientModules/apiListSemantics.ts', './src/clientModules/mobileMenuKeyboard.ts', './src/clientModules/idlePrefetch.ts'],

  themes: [
    'docusaurus-theme-openapi-docs',
    // Only in the benchmark's copy of the site (scripts/bench-search.ts): the stock search plugin.
    ...(plainSearchPlugin ? [['@easyops-cn/docusaurus-search-local', plainPluginOptions] as PluginConfig] : []),
  ],

  plugins: [
    contentCheck,
    [
      './plugins/lean-docs/index.ts',
      {
        path: 'docs',
        routeBasePath: '/',
        sidebarPath: './sidebars.ts',
        // Each page shows when it last changed (from git, when there is history) and links to its source.
        showLastUpdateTime: git.showLastUpdateTime,
        editUrl: site.editUrl,
        breadcrumbs: true,
        // The fingerprint makes the build cache recompile settings pages when data/settings changes.
        beforeDefaultRemarkPlugins: [
          [remarkSettings, {docsDir: path.resolve(__dirname, 'docs'), fingerprint: catalogueFingerprint()}],
          // Code samples shown from samples/ (tests/samples runs the same files).
          [remarkSamples, {rootDir: __dirname, fingerprint: samplesFingerprint()}],
        ],
        // Code is highlighted when the page compiles (plugins/code-highlight).
        // Diagrams are drawn at build time (plugins/mermaid-static), code highlighted at build time
        // (plugins/code-highlight): neither Mermaid nor Prism runs on a guide page.
        remarkPlugins: [remarkMermaid, remarkHighlight],
        rehypePlugins: [rehypeA11y, rehypeTypography],
        // No DocCardList on guide pages: their version docs map stays out of every page (≈12 KB gzip).
        lean: {versionDocs: false, globalDocs: true},
      },
    ],
    settingsCatalogue,
    ...(apiDocsInstances as unknown as PluginConfig[]),
    ...(openapiPlugins as unknown as PluginConfig[]),
    announcementReset(announcementBar.id),
    apiChunks,
    codeHighlight,
    // Every page as Markdown at <path>.md, /llms.txt and /llms-full.txt, for AI assistants and plain-text readers.
    markdownExport(llms),
    ...(plainSearchPlugin ? [] : [search(searchIndexOptions)]),
    [
      '@docusaurus/plugin-client-redirects',
      {
        redirects: [...redirects, ...movedOperationPages.map(({from, to}) => ({from, to}))],
        createRedirects: dataManagementRedirect,
      },
    ],
    // Section folders (/api/v4/, /deployment/install/) lead to their overview pages, and moved
    // pages to their new addresses: 301s in nginx.
    nginxRedirects,
  ],

  themeConfig: {
    metadata: [{name: 'keywords', content: site.keywords}],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: false,
    },
    docs: {
      sidebar: {hideable: false, autoCollapseCategories: false},
    },
    announcementBar,
    navbar,
    footer,
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    prism: {
      theme: lightCodeTheme,
      darkTheme: darkCodeTheme,
      additionalLanguages: prismLanguages,
    },
    languageTabs,
    // Try-it keeps the reader's token for the browser tab's session only.
    api: {authPersistence: 'sessionStorage'},
  } satisfies Preset.ThemeConfig,
};

export default config;
