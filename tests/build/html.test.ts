/**
 * The HTML of every page type, checked with the Nu HTML checker (vnu-jar, run with Debian's Java).
 * Errors in our own markup fail; the few that the frameworks' components produce are listed below
 * with the reason, and each listing must still be needed.
 */
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import vnuJar from 'vnu-jar';

const build = path.resolve(__dirname, '../../build');

/** One page of each type, as built. */
const PAGES = {
  home: 'index.html',
  guide: 'deployment/install/docker-compose/index.html',
  settings: 'administration/settings/environment/smtp/index.html',
  'settings reference': 'administration/settings/index.html',
  'API section': 'api/index.html',
  'API chapter': 'api/v4/introduction/index.html',
  'API operation': 'api/v4/create-post/index.html',
  'API v5 operation': 'api/v5/auth-service/login/index.html',
  search: 'search/index.html',
  'not found': '404.html',
  FAQ: 'faq/index.html',
  'redirect page': 'api/v4/введение/index.html',
};

/** Errors that come from framework components we render as they are, and why they stay. */
const FRAMEWORK_OWNED: {message: RegExp; extract?: RegExp; page?: keyof typeof PAGES; reason: string}[] = [
  {
    message: /Element “h2” not allowed as child of element “pre”/,
    extract: /openapi__method-endpoint-path/,
    reason:
      "docusaurus-theme-openapi-docs (MethodEndpoint) puts the operation path in an <h2> inside <pre>; src/theme/ApiExplorer/MethodEndpoint keeps that markup so the theme's styles and the heading outline stay as they are",
  },
  {
    message: /Every active “role=tab” element must have a corresponding “role=tabpanel” element/,
    // The checker pairs tabs and panels over the whole document and reports the response tabs'
    // missing pair on the page's last active tab: the code samples' variant tab since those are in
    // the HTML. The samples' own tabs, validated alone, have no error.
    extract: /openapi-tabs__(response-code-item|code-item--variant)/,
    reason:
      "docusaurus-theme-openapi-docs (ApiTabs) puts the response panels outside the tab list's container, so the checker finds no panel for the active response tab",
  },
  {
    message: /Element “div” not allowed as child of element “ul”/,
    extract: /openapi-schema__list-item/,
    reason:
      'docusaurus-theme-openapi-docs (SchemaItem) puts schema rows as <div>s in a <ul>; src/clientModules/apiListSemantics.ts gives them list semantics in the browser',
  },
  ...[
    /Element “head” is missing a required instance of child element “title”/,
    /“script” element between “head” and “body”/,
    /Cannot recover after last error/,
  ].map((message) => ({
    message,
    page: 'redirect page' as const,
    reason:
      '@docusaurus/plugin-client-redirects writes its redirect pages from a fixed template (no <title>, the script after </head>); nginx answers these paths with a 301 before the file is read',
  })),
];

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  extract?: string;
}

function check(files: string[]): VnuMessage[] {
  const result = spawnSync('java', ['-jar', vnuJar, '--format', 'json', '--errors-only', ...files], {encoding: 'utf8', maxBuffer: 64 * 1024 * 1024});
  if (result.error) throw new Error('java was not found: install it (Debian: apt-get install -y default-jre-headless)');
  // vnu writes its report to stderr and exits 1 when it found errors.
  return (JSON.parse(result.stderr) as {messages: VnuMessage[]}).messages;
}

describe('HTML validity (Nu HTML checker)', () => {
  const files = Object.values(PAGES).map((p) => path.join(build, p));
  const messages = check(files);
  const page = (m: VnuMessage) => {
    const file = path.relative(build, fileURLToPath(m.url));
    return Object.entries(PAGES).find(([, p]) => p === file)?.[0] ?? file;
  };
  const owner = (m: VnuMessage) =>
    FRAMEWORK_OWNED.find((f) => f.message.test(m.message) && (!f.extract || f.extract.test(m.extract ?? '')) && (!f.page || page(m) === f.page));

  it('finds no error in our own markup on any page type', () => {
    const ours = messages.filter((m) => !owner(m)).map((m) => `${page(m)}: ${m.message} [${(m.extract ?? '').trim()}]`);
    expect(ours).toEqual([]);
  });

  it('lists only framework-owned errors that still occur', () => {
    for (const allowance of FRAMEWORK_OWNED) {
      expect(
        messages.some((m) => owner(m) === allowance),
        allowance.reason,
      ).toBe(true);
    }
  });
});
