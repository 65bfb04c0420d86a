// Lint rules of the site, its plugins, scripts and tests. Type-aware rules are left out on purpose: they
// need a full TypeScript program per run, `npm run typecheck` already builds one, and `npm run check` must
// stay under a minute on two cores.
import docusaurus from '@docusaurus/eslint-plugin';
import js from '@eslint/js';
import {importX} from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Code that runs only in development: tests, the code samples they run, command-line scripts, tool configs. */
const DEV_ONLY = ['tests/**', 'samples/**', 'scripts/**', 'bench/**', '*.config.{ts,mts,mjs}'];

export default tseslint.config(
  {
    // Generated output, installed packages and reports; hand-written code only from here on.
    ignores: ['build*/', '.docusaurus/', '.openapi/', 'api-reference/**/sidebar.ts', 'static/openapi/', 'test-results/', 'playwright-report/', 'reports/'],
  },
  {linterOptions: {reportUnusedDisableDirectives: 'error'}},
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {...globals.node, ...globals.browser},
    },
    plugins: {'import-x': importX},
    rules: {
      // An import of a package that package.json does not declare works only while some other package
      // happens to pull it in: the next install may drop it or bring another version.
      'import-x/no-extraneous-dependencies': ['error', {devDependencies: DEV_ONLY, includeTypes: true, packageDir: import.meta.dirname}],
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true}],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A table that scrolls sideways is a focusable region, so that keyboard users can scroll it.
      'jsx-a11y/no-noninteractive-tabindex': ['error', {tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true}],
    },
  },
  {
    // The rules of hooks. The plugin's React Compiler rules are left out: they judge code by what the
    // compiler can optimise, and the site is not compiled with it.
    files: ['src/**/*.{ts,tsx}'],
    plugins: {'react-hooks': reactHooks},
    rules: {'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error'},
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: {'@docusaurus': docusaurus},
    rules: docusaurus.configs.recommended.rules,
  },
);
