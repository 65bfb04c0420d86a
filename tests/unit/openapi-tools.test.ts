import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import {afterAll, describe, expect, it} from 'vitest';
import {bundleSpec, METHODS, type JsonObject} from '../../plugins/openapi/spec';

const root = path.resolve(__dirname, '../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-tools-'));
afterAll(() => fs.rmSync(tmp, {recursive: true, force: true}));

const operationIds = (doc: JsonObject): string[] =>
  Object.values(doc.paths as JsonObject)
    .flatMap((item) => METHODS.map((m) => (item as JsonObject)[m] as JsonObject | undefined))
    .filter((op): op is JsonObject => Boolean(op))
    .map((op) => String(op.operationId))
    .sort();

describe('stock OpenAPI tools on our files', () => {
  for (const version of ['v4', 'v5']) {
    it(`redocly bundle openapi/${version}/openapi.yaml yields the whole API`, () => {
      const out = path.join(tmp, `${version}.redocly.yaml`);
      execFileSync(bin('redocly'), ['bundle', `openapi/${version}/openapi.yaml`, '-o', out], {
        cwd: root,
        stdio: 'pipe',
        env: {...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true'},
      });
      const bundled = YAML.parse(fs.readFileSync(out, 'utf8')) as JsonObject;
      expect(operationIds(bundled)).toEqual(operationIds(bundleSpec(version).doc));
    }, 60_000);
  }

  it('the published v4 spec becomes a typed client with openapi-typescript that compiles under tsc --strict', () => {
    // The same document the build publishes as /openapi/v4.yaml.
    const spec = path.join(tmp, 'v4.yaml');
    fs.writeFileSync(spec, YAML.stringify(bundleSpec('v4').doc, {lineWidth: 0, aliasDuplicateObjects: false}));
    const types = path.join(tmp, 'v4.d.ts');
    execFileSync(bin('openapi-typescript'), [spec, '-o', types], {stdio: 'pipe'});
    fs.writeFileSync(
      path.join(tmp, 'client.ts'),
      "import type {paths, components} from './v4';\n" +
        "type Post = components['schemas']['Post'];\n" +
        "type Created = paths['/api/v4/posts']['post']['responses']['201']['content']['application/json'];\n" +
        'export const sameShape = (p: Created): Post => p;\n',
    );
    fs.writeFileSync(
      path.join(tmp, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {strict: true, noEmit: true, skipLibCheck: false, module: 'esnext', moduleResolution: 'bundler', target: 'es2022'},
        files: ['client.ts'],
      }),
    );
    execFileSync(bin('tsc'), ['-p', tmp], {stdio: 'pipe'});
  }, 120_000);
});
