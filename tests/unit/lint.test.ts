import fs from 'node:fs';
import path from 'node:path';
import {ESLint} from 'eslint';
import {describe, expect, it} from 'vitest';

const root = path.resolve(__dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const eslint = new ESLint({cwd: root});

/** The messages of the undeclared-import rule for `code` as if it were the file at `file`. */
async function importProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, {filePath: path.join(root, file)});
  return result.messages.filter((m) => m.ruleId === 'import-x/no-extraneous-dependencies').map((m) => `${file}:${m.line}: ${m.message}`);
}

// Installed (the import plugin depends on it) but not declared by us: what a forgotten declaration looks like.
const UNDECLARED = 'comment-parser';

describe('lint: every imported package is declared in package.json', () => {
  it('the undeclared package of these checks is installed, and not declared', () => {
    expect(fs.existsSync(path.join(root, 'node_modules', UNDECLARED, 'package.json'))).toBe(true);
    expect(manifest.dependencies[UNDECLARED] ?? manifest.devDependencies[UNDECLARED]).toBeUndefined();
  });

  it('fails an import of an installed package that package.json does not declare, in site and test code', async () => {
    for (const file of ['src/components/Example.tsx', 'plugins/example/index.ts', 'tests/unit/example.test.ts']) {
      expect(await importProblems(file, `import {parse} from '${UNDECLARED}';\nexport const parsed = parse('');\n`)).toEqual([
        expect.stringContaining(`${file}:1: '${UNDECLARED}' should be listed in the project's dependencies`),
      ]);
    }
  });

  it('fails a type-only import of an undeclared package too', async () => {
    expect(await importProblems('src/lib/example.ts', `import type {Block} from '${UNDECLARED}';\nexport type B = Block;\n`)).toHaveLength(1);
  });

  it('fails a development-only package imported by the site or its plugins, and allows it in tests and scripts', async () => {
    const code = "import {describe} from 'vitest';\nexport {describe};\n";
    expect(manifest.devDependencies.vitest).toBeDefined();
    expect(await importProblems('plugins/example/index.ts', code)).toEqual([
      expect.stringContaining("'vitest' should be listed in the project's dependencies, not devDependencies"),
    ]);
    expect(await importProblems('tests/unit/example.test.ts', code)).toEqual([]);
    expect(await importProblems('scripts/example.ts', code)).toEqual([]);
  });

  it('passes declared packages and Node built-ins', async () => {
    expect(manifest.dependencies.clsx).toBeDefined();
    expect(await importProblems('src/components/Example.tsx', "import fs from 'node:fs';\nimport clsx from 'clsx';\nexport const x = [fs, clsx];\n")).toEqual(
      [],
    );
  });
});
