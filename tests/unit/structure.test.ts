/**
 * The dependency direction of the code base, read from every import in the repository:
 * - `scripts/` holds command-line entry points and post-build tooling; they may import anything, but
 *   nothing outside `scripts/` imports them (tests and their browser runner's config excepted: they
 *   check each module where it lives and serve the build the way the scripts do);
 * - `config/` is data: it imports neither plugins nor scripts;
 * - `src/` is browser code: it imports no plugins, except the browser-safe modules listed below;
 * - a build feature lives in its own folder `plugins/<feature>/`; code that several plugins and the
 *   scripts share lives in `plugins/shared/`; any other import of one plugin's files by another is
 *   an edge listed below with its reason.
 * Every static import and export, `import()` (in code and in types) and `require()` with a literal
 * path counts, type-only imports included; relative and `@site/` paths are resolved to the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {describe, expect, it} from 'vitest';

const root = path.resolve(__dirname, '../..');

/** An import that the rules would refuse but that is allowed, and why. */
interface Edge {
  /** The importing file, or a folder for every file in it. */
  from: string;
  /** The imported file. */
  to: string;
  why: string;
}

/** Pure modules that browser code may import from plugins: they use no Node API and nothing heavy. */
const BROWSER_SAFE: Edge[] = [
  {
    from: 'src/components/Sizing',
    to: 'plugins/rehype-typography/index.ts',
    why: 'the capacity table groups thousands exactly as the typography of the text does',
  },
  {
    from: 'src/theme/CodeBlock/Content/tokens.ts',
    to: 'plugins/code-highlight/index.ts',
    why: 'type only: the token format the plugin writes at build time and the theme decodes',
  },
];

/** Plugins that use another feature's module, and why that module is not moved to plugins/shared/. */
const BETWEEN_PLUGINS: Edge[] = [
  {
    from: 'plugins/content-check',
    to: 'plugins/settings/env-var.ts',
    why: 'the content rules reject a hand-typed TIME_… variable by the rule the catalogue derives them with',
  },
  {
    from: 'plugins/content-check',
    to: 'plugins/settings/catalogue.ts',
    why: 'settings pages and their anchors come from the catalogue, which the content check validates first',
  },
  {
    from: 'plugins/content-check',
    to: 'plugins/settings/lineage.ts',
    why: 'config keys named in the guides are checked against the same lineage as the catalogue',
  },
  {
    from: 'plugins/content-check',
    to: 'plugins/remark-samples/samples.ts',
    why: 'the check knows the include syntax of the samples plugin and the folders it may include from',
  },
  ...['code-highlight', 'rehype-a11y', 'rehype-typography'].map((plugin) => ({
    from: 'plugins/openapi/index.ts',
    to: `plugins/${plugin}/index.ts`,
    why: "the reference's docs instances render with the same Markdown plugins as the guides",
  })),
  {
    from: 'plugins/content-check/links.ts',
    to: 'plugins/openapi/index.ts',
    why: 'links into the reference are checked against the folders its docs instances serve',
  },
  {
    from: 'plugins/content-check/links.ts',
    to: 'plugins/openapi/routes.ts',
    why: 'links to operation pages are checked against the routes the generator will make',
  },
  {from: 'plugins/markdown-export/index.ts', to: 'plugins/openapi/sample-files.ts', why: "an operation's Markdown copy carries the cURL sample its page shows"},
  {
    from: 'plugins/markdown-export/operation-to-markdown.ts',
    to: 'plugins/openapi/endpoint.ts',
    why: "an operation's Markdown copy shows the endpoint line its page shows",
  },
  {
    from: 'plugins/nginx-redirects/index.ts',
    to: 'plugins/openapi/moved-pages.ts',
    why: "nginx answers the reference's moved and removed operation pages with 301s",
  },
  {
    from: 'plugins/search/index.ts',
    to: 'plugins/openapi/spec.ts',
    why: 'operation pages are found by their method, path and operationId, read from the bundled spec',
  },
  {from: 'plugins/search/index.ts', to: 'plugins/openapi/slug.ts', why: "an operation's page is where the one slug rule puts it"},
  {
    from: 'plugins/search/index.ts',
    to: 'plugins/settings/index.ts',
    why: "the search index reads the catalogue the settings plugin loaded, found by that plugin's name",
  },
  {
    from: 'plugins/search/index.ts',
    to: 'plugins/settings/catalogue.ts',
    why: 'setting keys, variables and values are indexed from the catalogue, not read back from the HTML',
  },
  {from: 'plugins/settings/remark.ts', to: 'plugins/rehype-typography/index.ts', why: 'bounds and defaults group thousands as the typography of the text does'},
];

const ALLOWED = [...BROWSER_SAFE, ...BETWEEN_PLUGINS];

const CODE = /\.(ts|tsx|mts|cts|mjs|cjs)$/;
/** Folders at the root that hold build output, reports or generated files, not sources. */
const OUTPUT = new Set(['build', 'build-plugin-search', 'build-pagefind', 'reports', 'test-results', 'playwright-report', '.openapi', '.cache-loader']);
/** Folders skipped at any depth. */
const SKIPPED = new Set(['node_modules', '.git', '.docusaurus']);

/** Every file of the repository (relative, with `/`), without dependencies and build output. */
function repositoryFiles(): string[] {
  return fs
    .readdirSync(root, {recursive: true, withFileTypes: false, encoding: 'utf8'})
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => {
      const parts = file.split('/');
      return !OUTPUT.has(parts[0]) && !parts.some((part) => SKIPPED.has(part));
    })
    .filter((file) => fs.statSync(path.join(root, file)).isFile());
}

interface Import {
  line: number;
  specifier: string;
}

/** The module specifiers of a file with their lines: imports, exports, import() and require(). */
function importsOf(file: string, text: string): Import[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Import[] = [];
  const add = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteralLike(node)) found.push({line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, specifier: node.text});
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) add(node.moduleReference.expression);
    else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    )
      add(node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Files that exist only after `npm run build` or `npm start`: the API reference's sidebars (scripts/prepare-api.ts). */
const GENERATED = /^api-reference\/.+\/sidebar$/;

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '.json', '/index.ts', '/index.tsx', '/index.js'];

/**
 * The repository file an import names: `null` for a package, `undefined` when a relative or
 * `@site/` path names no file.
 */
function resolveImport(from: string, specifier: string, exists: (file: string) => boolean): string | null | undefined {
  let target: string;
  if (specifier.startsWith('.')) target = path.posix.join(path.posix.dirname(from), specifier);
  else if (specifier.startsWith('@site/')) target = path.posix.normalize(specifier.slice('@site/'.length));
  else return null;
  return EXTENSIONS.map((ext) => target + ext).find(exists);
}

const inFolder = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`);
const pluginOf = (file: string) => (file.startsWith('plugins/') ? file.split('/')[1] : undefined);

/** The rule an import from `from` to `to` breaks, if any. */
function brokenRule(from: string, to: string): string | undefined {
  if (inFolder(to, 'scripts') && !inFolder(from, 'scripts') && !inFolder(from, 'tests') && from !== 'playwright.config.ts') {
    return 'nothing outside scripts/ imports scripts/ (command-line entry points and post-build tooling only)';
  }
  if (inFolder(from, 'config') && (inFolder(to, 'plugins') || inFolder(to, 'scripts'))) return 'config/ is data: it imports no plugins and no scripts';
  if (inFolder(from, 'src') && inFolder(to, 'plugins')) return 'browser code (src/) imports no plugins but the browser-safe modules this test lists';
  const [a, b] = [pluginOf(from), pluginOf(to)];
  if (a && b && a !== b && b !== 'shared')
    return `plugins/${a} reaches into plugins/${b}: shared code belongs in plugins/shared/, or the edge is listed in this test with its reason`;
  return undefined;
}

const allowedBy = (from: string, to: string) => ALLOWED.find((edge) => edge.to === to && inFolder(from, edge.from));

interface Scan {
  problems: string[];
  /** The allowed edges some import used. */
  used: Set<Edge>;
}

/** Checks the imports of `sources` (file → text); `exists` tells whether a repository file exists. */
function checkImports(sources: Map<string, string>, exists: (file: string) => boolean): Scan {
  const scan: Scan = {problems: [], used: new Set()};
  for (const [from, text] of sources) {
    for (const {line, specifier} of importsOf(from, text)) {
      const to = resolveImport(from, specifier, exists);
      if (to === null) continue;
      if (to === undefined && !GENERATED.test(path.posix.join(path.posix.dirname(from), specifier))) {
        scan.problems.push(`${from}:${line} imports ${specifier}: no such file in the repository`);
        continue;
      }
      if (to === undefined) continue;
      const rule = brokenRule(from, to);
      if (!rule) continue;
      const edge = allowedBy(from, to);
      if (edge) scan.used.add(edge);
      else scan.problems.push(`${from}:${line} imports ${to}: ${rule}`);
    }
  }
  return scan;
}

function checkFixture(files: Record<string, string>): string[] {
  const sources = new Map(Object.entries(files).filter(([file]) => CODE.test(file)));
  return checkImports(sources, (file) => file in files).problems;
}

describe('dependency direction of the repository', () => {
  const files = repositoryFiles();
  const all = new Set(files);
  const sources = new Map(files.filter((file) => CODE.test(file)).map((file) => [file, fs.readFileSync(path.join(root, file), 'utf8')]));
  const scan = checkImports(sources, (file) => all.has(file));

  it('reads the code of every folder', () => {
    const folders = new Set([...sources.keys()].map((file) => file.split('/')[0]));
    for (const folder of ['config', 'plugins', 'scripts', 'src', 'tests', 'docusaurus.config.ts']) expect(folders).toContain(folder);
  });

  it('every import goes the allowed way', () => {
    expect(scan.problems.join('\n')).toBe('');
  });

  it('every allowed edge is still in use (a stale entry is removed, not kept)', () => {
    const unused = ALLOWED.filter((edge) => !scan.used.has(edge)).map((edge) => `${edge.from} → ${edge.to}`);
    expect(unused).toEqual([]);
  });
});

describe('the import check', () => {
  it('refuses an import of scripts/ from outside it, with file and line', () => {
    const problems = checkFixture({
      'docusaurus.config.ts': "import path from 'node:path';\n\nimport {catalogueFingerprint} from './scripts/lib/settings';\n",
      'scripts/lib/settings.ts': 'export const x = 1;\n',
    });
    expect(problems).toEqual([
      'docusaurus.config.ts:3 imports scripts/lib/settings.ts: nothing outside scripts/ imports scripts/ (command-line entry points and post-build tooling only)',
    ]);
  });

  it('lets scripts import plugins and tests import scripts', () => {
    expect(
      checkFixture({
        'scripts/check.ts': "import {checkSite} from '../plugins/content-check/rules';\n",
        'plugins/content-check/rules.ts': 'export const checkSite = 1;\n',
        'tests/unit/check.test.ts': "import '../../scripts/check';\n",
      }),
    ).toEqual([]);
  });

  it('refuses config/ importing a plugin, a type-only import included', () => {
    const problems = checkFixture({
      'config/llms.ts': "import type {Options} from '../plugins/markdown-export';\n",
      'plugins/markdown-export/index.ts': 'export interface Options {}\n',
    });
    expect(problems).toEqual(['config/llms.ts:1 imports plugins/markdown-export/index.ts: config/ is data: it imports no plugins and no scripts']);
  });

  it('refuses browser code importing a plugin by an @site/ path or a type import()', () => {
    const problems = checkFixture({
      'src/components/Search.tsx': "import {MANIFEST} from '@site/plugins/search';\ntype Shard = import('../../plugins/search/shard').Shard;\n",
      'plugins/search/index.ts': 'export const MANIFEST = 1;\n',
      'plugins/search/shard.ts': 'export type Shard = {};\n',
    });
    expect(problems).toEqual([
      'src/components/Search.tsx:1 imports plugins/search/index.ts: browser code (src/) imports no plugins but the browser-safe modules this test lists',
      'src/components/Search.tsx:2 imports plugins/search/shard.ts: browser code (src/) imports no plugins but the browser-safe modules this test lists',
    ]);
  });

  it("refuses a plugin reaching into another plugin's files, by require() or import(), but not into plugins/shared", () => {
    const problems = checkFixture({
      'plugins/a/index.ts':
        "const {b} = require('../b/internal');\nconst {listFiles} = require('../shared/files');\nexport async function load() {\n  return import('../b');\n}\n",
      'plugins/b/internal.ts': 'export const b = 1;\n',
      'plugins/b/index.ts': 'export const c = 1;\n',
      'plugins/shared/files.ts': 'export const listFiles = 1;\n',
    });
    expect(problems).toEqual([
      'plugins/a/index.ts:1 imports plugins/b/internal.ts: plugins/a reaches into plugins/b: shared code belongs in plugins/shared/, or the edge is listed in this test with its reason',
      'plugins/a/index.ts:4 imports plugins/b/index.ts: plugins/a reaches into plugins/b: shared code belongs in plugins/shared/, or the edge is listed in this test with its reason',
    ]);
  });

  it('reports a relative import that names no file', () => {
    expect(checkFixture({'plugins/a/index.ts': "export {x} from './gone';\n"})).toEqual([
      'plugins/a/index.ts:1 imports ./gone: no such file in the repository',
    ]);
  });

  it('ignores package imports and specifiers that are not literal', () => {
    expect(checkFixture({'plugins/a/index.ts': "import fs from 'node:fs';\nconst lang = 'go';\nrequire(`prismjs/components/prism-${lang}`);\n"})).toEqual([]);
  });
});
