/**
 * The upgrade canary: fails when Docusaurus or the OpenAPI theme and plugin change under the site's
 * theme overrides, client modules and deep imports (src/theme/README.md lists them and says why
 * each exists). Such code follows upstream files it cannot see change: a copy drifts from its
 * original, a wrap relies on the markup or the props of the component it wraps, a deep import on
 * a file path and its exports. So each upstream file is recorded here with the content hash it had
 * when its README entry was last checked, and the named exports or class names the site uses.
 *
 * After an upgrade (or a reinstall that changed one of these files): re-check each README entry
 * the failures name, adjust the code if needed, then record the new version or hash printed here.
 */
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const root = path.resolve(__dirname, '../..');
const README = 'src/theme/README.md';

/** The versions the README's inventory was checked against. */
const CHECKED_VERSIONS: Record<string, string> = {
  '@docusaurus/core': '3.10.2',
  '@docusaurus/theme-classic': '3.10.2',
  '@docusaurus/theme-common': '3.10.2',
  'docusaurus-theme-openapi-docs': '5.2.0',
  'docusaurus-plugin-openapi-docs': '5.2.0',
};

interface UpstreamFile {
  /** The README entry (its heading) that says what depends on the file and what to re-check. */
  entry: string;
  package: string;
  /** Path inside the package. */
  file: string;
  /** SHA-256 of the file when the entry was checked. */
  sha256: string;
  /** Named exports the site imports from it (`default` for the default export), or the CSS module classes it uses (`.name`). */
  uses?: string[];
}

const UPSTREAM: UpstreamFile[] = [
  {
    entry: 'ApiExplorer/FloatingButton',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ApiExplorer/FloatingButton/index.js',
    sha256: 'ef588e4db08e560cf6097093c00152b999ab1a85a514bcc405e583ca2e550625',
    uses: ['default'],
  },
  {
    entry: 'ApiExplorer/LiveEditor',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ApiExplorer/LiveEditor/index.js',
    sha256: 'd6ec4e8533206307ce80a777976468321b724dfbfad45057440a998ef80c37ed',
    uses: ['default'],
  },
  {
    entry: 'ApiExplorer/MethodEndpoint',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ApiExplorer/MethodEndpoint/index.js',
    sha256: 'aea76b2570fecf8cea83771c53f7725f835bdf0513a252b339eaf76316915a3d',
    uses: ['default'],
  },
  {
    entry: 'ApiExplorer/Response',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ApiExplorer/Response/index.js',
    sha256: '6d7be2ac932f279d506d5ed40279579089ce2788cc453891872cfdbb6daafceb',
    uses: ['default'],
  },
  {
    entry: 'ApiExplorer/Response',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ApiExplorer/Response/slice.js',
    sha256: '6a25b597a2faffe572ba3a4605706f17915dab20491b2b78349f7e09283be492',
    uses: ['clearResponse', 'clearCode', 'clearHeaders'],
  },
  {
    entry: 'ApiExplorer/persistenceMiddleware',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ApiExplorer/persistenceMiddleware.js',
    sha256: 'b2571af1027d2bdf36d2d2097b650bfcaa1522f2d12591c32fb41793f6ef575e',
    uses: ['createPersistenceMiddleware'],
  },
  {
    entry: 'ApiExplorer/storage-utils',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ApiExplorer/storage-utils.js',
    sha256: '351849df9522d8f20d8228cd9092f4a3b95af55d476f38a345ddd5739cc72622',
    uses: ['hashArray', 'createStorage'],
  },
  {
    entry: 'ApiItem',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ApiItem/index.js',
    sha256: 'fd059f169de5c073fa3e6b57a6574f105e51c3656c57ea53146a65807848f878',
    uses: ['default'],
  },
  {
    entry: 'ApiItem',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ApiItem/store.js',
    sha256: '355626c56d67696f7d739a98f355767f62ff3f998cf314cf90ae6199f2aa0e85',
    uses: ['createStoreWithState'],
  },
  {
    entry: 'ApiItem',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ApiItem/hooks.js',
    sha256: 'f1535d38d96073a80335725e3a1571c9d157282f04aa938f15906728b62c41be',
    uses: ['useTypedSelector', 'useTypedDispatch'],
  },
  {
    entry: 'ApiItem',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ApiItem/Layout/index.js',
    sha256: '2ae7c88142b0cece66c3d1424eff9d4284360ed7149d9cdfbe65ae8b59c283b6',
    uses: ['default'],
  },
  {
    entry: 'ApiItem',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ApiExplorer/Authorization/slice.js',
    sha256: 'edbb3f87ee147516a680726a3ffabee9051d9700138a7f3c2d22ebf324e456e4',
    uses: ['createAuth', 'setAuthData', 'setSelectedAuth'],
  },
  {
    entry: 'plugins/openapi/samples.ts',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ApiExplorer/Authorization/slice.js',
    sha256: 'edbb3f87ee147516a680726a3ffabee9051d9700138a7f3c2d22ebf324e456e4',
    uses: ['createAuth'],
  },
  {
    entry: 'ApiItem',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/SchemaExpansion/index.js',
    sha256: '4fc5ee1d540b49461419e4b756a3b5ef122de32fe57ab5df0af183a201dd9779',
    uses: ['SchemaExpansionProvider'],
  },
  {
    entry: 'ArrayBrackets',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ArrayBrackets/index.js',
    sha256: 'f255f2eb4c84218b0c2ec2f36dd527bce0400a84cd31a6975b515e846134b4a2',
    uses: ['OpeningArrayBracket', 'ClosingArrayBracket'],
  },
  {
    entry: 'Markdown',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/Markdown/index.js',
    sha256: 'a23feb9237909de9332e14ac14fb214eb255973e6f9538e1ba0b1ea6d3d0f2eb',
    uses: ['default'],
  },
  {
    entry: 'SchemaItem',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/SchemaItem/index.js',
    sha256: '5b25dc3be9212cc5b2a35afc511cd23824be1f5603ec4b18bd8b33eaf02dc494',
    uses: ['default'],
  },
  {
    entry: 'SchemaItem',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/Schema/index.js',
    sha256: '6ae0000f696ff3ec249e977bbd1e027a994a515b413fc6cd97ac800a92bb82de',
  },
  {
    entry: 'SchemaTabs',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/SchemaTabs/index.js',
    sha256: 'e06177b659b9bee4847de1488502c9a97cb9270876d4803e48f56de2b87ad8d5',
    uses: ['default'],
  },
  {
    entry: 'CodeBlock/Content',
    package: '@docusaurus/theme-classic',
    file: 'lib/theme/CodeBlock/Content/index.js',
    sha256: '0d361f5894590ea483a8cd846925bf41d85301eed29e0cfb4dc515128ab35556',
    uses: ['default'],
  },
  {
    entry: 'CodeBlock/Content',
    package: '@docusaurus/theme-classic',
    file: 'lib/theme/CodeBlock/Content/styles.module.css',
    sha256: '26dba21a9e8eb53810a03017513a07ac613288682addf075f186ed52b1b5e07f',
    uses: ['.codeBlock', '.codeBlockLines', '.codeBlockLinesWithNumbering'],
  },
  {
    entry: 'CodeBlock/Content',
    package: '@docusaurus/theme-common',
    file: 'lib/internal.d.ts',
    sha256: 'b73b8a644d0b04fb2304f0e0823e9fa4a89412362985e89ff50f7e6c1e35fae7',
    uses: ['useCodeBlockContext'],
  },
  {
    entry: 'CodeBlock/Content/String',
    package: '@docusaurus/theme-classic',
    file: 'lib/theme/CodeBlock/Content/String.js',
    sha256: '81ab153e9e797be7a86bcfe00dfd53ae6eb14bca2b40d30515d075e5b4e95f99',
    uses: ['default'],
  },
  {
    entry: 'CodeBlock/Line',
    package: '@docusaurus/theme-classic',
    file: 'lib/theme/CodeBlock/Line/index.js',
    sha256: '5512298d8a194b78aec9759f944e035c75660bb887040779576dc1fed63ddce8',
    uses: ['default'],
  },
  {
    entry: 'CodeBlock/Line',
    package: '@docusaurus/theme-classic',
    file: 'lib/theme/CodeBlock/Line/styles.module.css',
    sha256: 'ecac30a50af15f4a16453cbe05c13791b6c9d4368c673291a3389a0211aec7d6',
    uses: ['.codeLine', '.codeLineNumber', '.codeLineContent'],
  },
  {
    entry: 'CodeBlock/Line',
    package: '@docusaurus/theme-classic',
    file: 'lib/theme/CodeBlock/Line/Token/index.js',
    sha256: '4e10e6f7181cd3aa8a98cc745d8867e2bfb9abcab1d879198c544ccefdc42e63',
    uses: ['default'],
  },
  {
    entry: 'DocBreadcrumbs',
    package: '@docusaurus/theme-classic',
    file: 'lib/theme/DocBreadcrumbs/index.js',
    sha256: 'a5e21e8d877b58a2d058ce737bb9252b465ecce68a4052ce87bbd57f092e7515',
    uses: ['default'],
  },
  {
    entry: 'LastUpdated',
    package: '@docusaurus/theme-classic',
    file: 'lib/theme/LastUpdated/index.js',
    sha256: '30948229c514009458316d5f6d94da1562993c6d05ca40f3f56be9079f89b35c',
    uses: ['default'],
  },
  {
    entry: 'Loading',
    package: '@docusaurus/core',
    file: 'lib/client/theme-fallback/Loading/index.js',
    sha256: 'ffd8013daa28cd24a849721acc38e47bb44582dfb8922f633d42eac5344dda54',
    uses: ['default'],
  },
  {
    entry: 'NotFound/Content',
    package: '@docusaurus/theme-classic',
    file: 'lib/theme/NotFound/Content/index.js',
    sha256: '1339cadd0fe0b2a29e2b200f0b10487e33bd49a8fdc7a86a91e9a6c16616e113',
    uses: ['default'],
  },
  {
    entry: 'SiteMetadata',
    package: '@docusaurus/theme-classic',
    file: 'lib/theme/SiteMetadata/index.js',
    sha256: 'e99690522970a284bd260aad81bf5d3c4b6a0b0df7b411d46427b0bf1b11fea3',
    uses: ['default'],
  },
  {
    entry: 'apiListSemantics.ts',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/RequestSchema/index.js',
    sha256: 'ce06b111abfc642545c3750df1e7621c0aa5793fd4408aa85b9784560617a8b2',
  },
  {
    entry: 'apiListSemantics.ts',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ResponseSchema/index.js',
    sha256: '6900a2d39665bb9cdbf159afe6e0bf46514e146378b3bebb3f6b17a573d2137b',
  },
  {
    entry: 'apiListSemantics.ts',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ResponseHeaders/index.js',
    sha256: '58945218e5ae6d6fa7d86e80093eacee6f012c1f3caa3f612455e8f3a80f7185',
  },
  {
    entry: 'apiListSemantics.ts',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ParamsDetails/index.js',
    sha256: 'be8427f1a1366eb471d04870a755e371354021cae9fee4f1e7f4b799f3f490a9',
  },
  {
    entry: 'apiListSemantics.ts',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ParamsItem/index.js',
    sha256: 'b12b733a7b60142f1f1b405b23bf109a7763531cf99159c4ca8281e04ed98132',
  },
  {
    entry: 'apiListSemantics.ts',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ApiTabs/index.js',
    sha256: 'fd5ffca5e1feefa8bb01bab4809b1c499880b886d05cd233308dc81c55c17bbb',
  },
  {
    entry: 'apiListSemantics.ts',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/MimeTabs/index.js',
    sha256: '9c4e38e8e0c9f21dd59d7fe989d7301b2122a7aa3c52bedd2979fd8bb72d76b2',
  },
  {
    entry: 'apiListSemantics.ts',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/DiscriminatorTabs/index.js',
    sha256: 'be501450eebca0596b0464fbd6f5c48ba5dc9e5c3f7eeba563472d6f737137bd',
  },
  {
    entry: 'apiListSemantics.ts',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/OperationTabs/index.js',
    sha256: '991f5da7389cd31008ebe85ee37569506253778672e5e37c8803f748e8ca9254',
  },
  {
    entry: 'mobileMenuKeyboard.ts',
    package: '@docusaurus/theme-classic',
    file: 'lib/theme/Navbar/MobileSidebar/Toggle/index.js',
    sha256: 'daa023d1c382110294842f2fe30356e2002fed2511b8b36969b151e974008ec8',
  },
  {
    entry: 'mobileMenuKeyboard.ts',
    package: '@docusaurus/theme-classic',
    file: 'lib/theme/Navbar/Layout/index.js',
    sha256: '3bf17c6c30ed6d8928614bafd9efd6fba92c434a78e60135b16b22e36d50dad9',
  },
  {
    entry: 'idlePrefetch.ts',
    package: '@docusaurus/core',
    file: 'lib/client/exports/Link.js',
    sha256: 'cd83fc0c2bffaab83186636c309c8086aac4aa53594dc7eeb4b9f9817527d277',
  },
  {
    entry: 'idlePrefetch.ts',
    package: '@docusaurus/core',
    file: 'lib/client/clientEntry.js',
    sha256: 'a9d6514eaf79c05c7d5275b5139298a5467c1c8339ab8a887c5d8ba61aff9871',
  },
  {
    entry: 'mobileMenuKeyboard.ts',
    package: '@docusaurus/theme-classic',
    file: 'lib/theme/Navbar/MobileSidebar/Header/index.js',
    sha256: '036bc1d9200993d165dc4f5418def457b887c47894c43b8e471e90710b66a4a4',
  },
  {
    entry: 'config/ssrTemplate.ts',
    package: '@docusaurus/core',
    file: 'lib/ssg/ssgTemplate.html.js',
    sha256: '5d6584e4a61b22d44bbbd7fe92a7a30352564b5a1dc89853a9bdbbf14d092597',
    uses: ['default'],
  },
  {
    entry: 'plugins/openapi/pages.ts',
    package: 'docusaurus-plugin-openapi-docs',
    file: 'lib/markdown/utils.js',
    sha256: '24298285925b85b0f1b4cbdb9b12c6b94429a926493ce725cffe6922c0b14111',
    uses: ['create', 'render'],
  },
  {
    entry: 'plugins/openapi/pages.ts',
    package: 'docusaurus-plugin-openapi-docs',
    file: 'lib/markdown/createHeading.js',
    sha256: 'ff987fea6f554fd562a94c8025bb23ba8eaa3bfb202ee3726a0cfd023285e446',
    uses: ['createHeading'],
  },
  {
    entry: 'plugins/openapi/pages.ts',
    package: 'docusaurus-plugin-openapi-docs',
    file: 'lib/markdown/createMethodEndpoint.js',
    sha256: 'a7e94b8d1c4aeecbc3fdcf00447c5efc4553c8336688ecf276878461f5894805',
    uses: ['createMethodEndpoint'],
  },
  {
    entry: 'plugins/openapi/pages.ts',
    package: 'docusaurus-plugin-openapi-docs',
    file: 'lib/markdown/createAuthorization.js',
    sha256: 'ae5523a5288375ef1da5e9cb2b6be6e5cab9b66c21b30c4bd0ae1b0afcc4e82f',
    uses: ['createAuthorization'],
  },
  {
    entry: 'plugins/openapi/pages.ts',
    package: 'docusaurus-plugin-openapi-docs',
    file: 'lib/markdown/createDeprecationNotice.js',
    sha256: 'd28062210cffb05690d804569ff271f3c323ac8df2c2c3f16e030e3ed80cbe87',
    uses: ['createDeprecationNotice'],
  },
  {
    entry: 'plugins/openapi/pages.ts',
    package: 'docusaurus-plugin-openapi-docs',
    file: 'lib/markdown/createDescription.js',
    sha256: 'e559ac9245cfc0d56e8af11938b7da0e996f4b91801902e2c1e3c30c8a7444ff',
    uses: ['createDescription'],
  },
  {
    entry: 'plugins/openapi/pages.ts',
    package: 'docusaurus-plugin-openapi-docs',
    file: 'lib/markdown/createParamsDetails.js',
    sha256: '229b20d2e305a72bad095d9943f7ff15452c407e9f84fa8e7330c8065db4e3df',
    uses: ['createParamsDetails'],
  },
  {
    entry: 'plugins/openapi/pages.ts',
    package: 'docusaurus-plugin-openapi-docs',
    file: 'lib/markdown/createRequestBodyDetails.js',
    sha256: '3afadaa21146c562de2a03b8b2becd35ef694aa364b5335bb226eb0f91f9b6d0',
    uses: ['createRequestBodyDetails'],
  },
  {
    entry: 'plugins/openapi/pages.ts',
    package: 'docusaurus-plugin-openapi-docs',
    file: 'lib/markdown/createStatusCodes.js',
    sha256: 'b20ff257c7158e89ba1192f6eb477aeb4ad32d38c50da45e0c46291f09947f25',
    uses: ['createStatusCodes'],
  },
  {
    entry: 'plugins/openapi/samples.ts',
    package: 'docusaurus-plugin-openapi-docs',
    file: 'lib/openapi/createSchemaExample.js',
    sha256: 'dd7ef9ec2d751206806347ee082d721a573e38d080258d0a22693dc60d7ab8ae',
    uses: ['sampleFromSchema'],
  },
  {
    entry: 'plugins/openapi/samples.ts',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ApiExplorer/buildPostmanRequest.js',
    sha256: 'f2e1ed9e4ef35c718e19a993b7224fab7e532ce124356fd4db37f56c69dfb24e',
    uses: ['default'],
  },
  {
    entry: 'plugins/openapi/samples.ts',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ApiExplorer/CodeSnippets/languages.js',
    sha256: '541217e36a30be3181416df53fa9ec2c215086f8a3ae2466eda476e6b1a3be04',
    uses: ['generateLanguageSet', 'mergeArraysbyLanguage', 'mergeCodeSampleLanguage'],
  },
  {
    entry: 'plugins/openapi/samples.ts',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ApiExplorer/Body/resolveSchemaWithSelections.js',
    sha256: '0c24eb34e4bf5ae380f1fe01932d9b3d4986bfb0379e0617f776289632f02e60',
    uses: ['resolveSchemaWithSelections'],
  },
  {
    entry: 'plugins/openapi/pages.ts',
    package: 'docusaurus-plugin-openapi-docs',
    file: 'lib/markdown/createCallbacks.js',
    sha256: '232ca2dbd6824f490306683ca6651b252d448a39a7759a902eb3211bcd1ac99f',
    uses: ['createCallbacks'],
  },
  {
    entry: 'plugins/markdown-export',
    package: 'docusaurus-plugin-openapi-docs',
    file: 'lib/openapi/createSchemaExample.js',
    sha256: 'dd7ef9ec2d751206806347ee082d721a573e38d080258d0a22693dc60d7ab8ae',
    uses: ['sampleFromSchema'],
  },
  {
    entry: 'src/types/openapi-theme.d.ts',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ApiExplorer/index.js',
    sha256: '70cd82a3ea6bf44472da19bcf0a188037b370a3e876d9cdc3c728f81718c8675',
    uses: ['default'],
  },
  {
    entry: 'src/types/openapi-theme.d.ts',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ApiExplorer/ApiCodeBlock/index.js',
    sha256: '10274692b77f86e9bea40950a9b0a88c1c2431552dafb3da88e6023e6af7ad9f',
    uses: ['default'],
  },
  {
    entry: 'src/types/openapi-theme.d.ts',
    package: 'docusaurus-theme-openapi-docs',
    file: 'lib/theme/ApiExplorer/CodeTabs/index.js',
    sha256: 'a6e7063b0baf8f7df0a5fd003bd38a54bc23560c32180f8706a490a9fdc58c22',
    uses: ['default'],
  },
];

const packageDir = (name: string) => path.join(root, 'node_modules', name);

function installedVersion(name: string): string {
  return (JSON.parse(fs.readFileSync(path.join(packageDir(name), 'package.json'), 'utf8')) as {version: string}).version;
}

const sha256 = (text: Buffer) => createHash('sha256').update(text).digest('hex');

/** Whether a compiled module (CommonJS or ES) or a declaration file exports `name`; for CSS, whether it defines the class. */
function provides(source: string, name: string): boolean {
  if (name.startsWith('.')) return new RegExp(`\\${name}(?![\\w-])`).test(source);
  if (name === 'default') return /exports\.default\s*=|export default\b|export\s*\{[^}]*\bas default\b/.test(source);
  if (new RegExp(`exports\\.${name}\\s*=|export (?:declare )?(?:async )?(?:function\\*?|const|let|var|class) ${name}\\b`).test(source)) return true;
  for (const list of source.matchAll(/export\s*(?:type\s*)?\{([^}]*)\}/g)) {
    if (
      list[1].split(',').some(
        (item) =>
          item
            .trim()
            .split(/\s+as\s+/)
            .pop() === name,
      )
    )
      return true;
  }
  return false;
}

const recheck = (entry: string) => `re-check ${README}, entry «${entry}»`;

describe('upgrade canary: the framework code the site depends on is the code its inventory was checked against', () => {
  it('finds the checked version of Docusaurus and of the OpenAPI theme and plugin installed', () => {
    const changed = Object.entries(CHECKED_VERSIONS)
      .filter(([name, version]) => installedVersion(name) !== version)
      .map(
        ([name, version]) =>
          `${name}: checked against ${version}, installed ${installedVersion(name)}: follow ${README}, section «Upgrading», for every entry the next test names, then record the new version here`,
      );
    expect(changed).toEqual([]);
  });

  it('finds every upstream file that an override copies, wraps or deep-imports unchanged, with the exports the site uses', () => {
    const problems: string[] = [];
    for (const upstream of UPSTREAM) {
      const file = path.join(packageDir(upstream.package), upstream.file);
      const where = `${upstream.package}/${upstream.file}`;
      if (!fs.existsSync(file)) {
        problems.push(`${where} is gone: ${recheck(upstream.entry)}`);
        continue;
      }
      const content = fs.readFileSync(file);
      const hash = sha256(content);
      if (hash !== upstream.sha256) problems.push(`${where} changed (sha256 now ${hash}): ${recheck(upstream.entry)}, then record the new hash`);
      const missing = (upstream.uses ?? []).filter((name) => !provides(content.toString('utf8'), name));
      if (missing.length > 0) problems.push(`${where} no longer provides ${missing.join(', ')}: ${recheck(upstream.entry)}`);
    }
    expect(problems).toEqual([]);
  });

  it('has a README entry for every upstream file recorded here', () => {
    const readme = fs.readFileSync(path.join(root, README), 'utf8');
    const missing = [...new Set(UPSTREAM.map((u) => u.entry))].filter((entry) => !readme.includes(`### \`${entry}\``));
    expect(missing, `entries missing from ${README}`).toEqual([]);
  });
});

/** The theme folders whose components a file in src/theme replaces when it has the same path. */
const THEMES = [
  ['@docusaurus/theme-classic', 'lib/theme'],
  ['docusaurus-theme-openapi-docs', 'lib/theme'],
  ['@docusaurus/core', 'lib/client/theme-fallback'],
].map(([name, dir]) => path.join(packageDir(name), dir));

/** The theme component (`@theme/…` path) a file of src/theme stands for. */
function themePath(file: string): string {
  return file.replace(/\.(tsx?|css)$/, '').replace(/\/index$/, '');
}

function overrides(): string[] {
  const dir = path.join(root, 'src/theme');
  const files = (fs.readdirSync(dir, {recursive: true}) as string[]).filter((f) => /\.tsx?$/.test(f)).map((f) => f.split(path.sep).join('/'));
  return files
    .map(themePath)
    .filter((component) =>
      THEMES.some((theme) => fs.existsSync(path.join(theme, `${component}.js`)) || fs.existsSync(path.join(theme, component, 'index.js'))),
    );
}

describe('theme inventory', () => {
  const readme = fs.readFileSync(path.join(root, README), 'utf8');

  it('finds the overrides where the inventory expects them (the listing of src/theme works)', () => {
    expect(overrides()).toEqual(expect.arrayContaining(['ApiItem', 'CodeBlock/Content/String', 'ApiExplorer/storage-utils']));
  });

  it('lists every file of src/theme that replaces a theme component, with a canary record of the component it replaces', () => {
    const unlisted = overrides().filter((component) => !readme.includes(`### \`${component}\``) || !UPSTREAM.some((u) => u.entry === component));
    expect(unlisted, `overrides without an entry in ${README} or a record in UPSTREAM`).toEqual([]);
  });

  it('lists every client module the site loads', () => {
    const config = fs.readFileSync(path.join(root, 'docusaurus.config.ts'), 'utf8');
    const modules = [...config.matchAll(/'\.\/src\/clientModules\/([\w-]+\.ts)'/g)].map((m) => m[1]);
    expect(modules.length).toBeGreaterThan(0);
    expect(modules.filter((m) => !readme.includes(`### \`${m}\``))).toEqual([]);
  });
});
