/** The API reference in build/ (run after `npm run build`). */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {describe, expect, it} from 'vitest';
import {bundleSpec, derefLocal, schemaValidator, type Json, type JsonObject} from '../../plugins/openapi/spec';
import {pageSlug} from '../../plugins/openapi/slug';
import {curlSampleOf} from '../../plugins/openapi/sample-files';
import {V5_SERVICES} from '../../config/openapi';

const build = path.resolve(__dirname, '../../build');
const page = (route: string) => path.join(build, route, 'index.html');

describe('API reference pages', () => {
  const v4 = bundleSpec('v4');
  const v5 = bundleSpec('v5');

  it('has a page for every v4 operation, showing its method and full path', () => {
    const problems: string[] = [];
    for (const o of v4.operations) {
      const file = page(`api/v4/${pageSlug(o.operationId)}`);
      if (!fs.existsSync(file)) {
        problems.push(`${o.operationId}: no page`);
        continue;
      }
      const html = fs.readFileSync(file, 'utf8');
      const endpoint = `${o.method.toUpperCase()} ${o.path}`;
      if (!html.includes(endpoint)) problems.push(`${o.operationId}: "${endpoint}" is not in the HTML`);
    }
    expect(problems).toEqual([]);
  });

  it('makes every operation’s endpoint line reachable with the keyboard in the HTML as served (it scrolls sideways on long paths)', () => {
    const problems: string[] = [];
    for (const o of v4.operations) {
      const html = fs.readFileSync(page(`api/v4/${pageSlug(o.operationId)}`), 'utf8');
      const endpoint = /<pre[^>]*class="?openapi__method-endpoint"?[^>]*>/.exec(html)?.[0];
      if (!endpoint) problems.push(`${o.operationId}: no endpoint line`);
      else if (!/tabindex="?0"?/.test(endpoint)) problems.push(`${o.operationId}: ${endpoint} is not focusable`);
    }
    expect(problems).toEqual([]);
  });

  it('shows in every operation’s code samples a request body that validates against the operation’s schema', () => {
    const fits = schemaValidator(v4.doc);
    const problems: string[] = [];
    let checked = 0;
    for (const o of v4.operations) {
      const media = ((derefLocal(v4.doc, o.op.requestBody) as JsonObject | undefined)?.content as JsonObject | undefined)?.['application/json'] as
        JsonObject | undefined;
      if (!media) continue;
      const curl = curlSampleOf(path.resolve(__dirname, `../../api-reference/v4/${pageSlug(o.operationId)}.api.mdx`))!;
      const data = /(?:-d|--data-raw) '([\s\S]*)'\s*$/.exec(curl)?.[1];
      if (data === undefined) {
        problems.push(`${o.operationId}: the cURL sample sends no body`);
        continue;
      }
      const body = JSON.parse(data.replace(/'\\''/g, "'")) as Json;
      if (JSON.stringify(body).includes('"string"')) problems.push(`${o.operationId}: the body has placeholder values`);
      const error = fits(media.schema as Json, body);
      if (error) problems.push(`${o.operationId}: ${error}`);
      checked++;
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(150);
  });

  it('has a page for every v5 operation under its service', () => {
    const missing = v5.operations
      .map((o) => {
        const service = (o.op.tags as string[])[0];
        return `api/v5/${service}/${pageSlug(o.operationId)}`;
      })
      .filter((route) => !fs.existsSync(page(route)));
    expect(missing).toEqual([]);
    for (const service of V5_SERVICES)
      expect(
        v5.operations.some((o) => (o.op.tags as string[])[0] === service),
        service,
      ).toBe(true);
  });

  it('has the narrative chapters', () => {
    for (const chapter of ['introduction', 'authentication', 'websocket', 'rate-limiting', 'errors', 'schema', 'check-guest-limit']) {
      expect(fs.existsSync(page(`api/v4/${chapter}`)), chapter).toBe(true);
    }
    for (const chapter of ['time-api-reference', 'errors']) expect(fs.existsSync(page(`api/v5/${chapter}`)), chapter).toBe(true);
  });

  it('publishes the bundled specs for download', () => {
    for (const [version, bundle] of [
      ['v4', v4],
      ['v5', v5],
    ] as const) {
      const doc = YAML.parse(fs.readFileSync(path.join(build, 'openapi', `${version}.yaml`), 'utf8'));
      expect(doc.openapi).toBe('3.1.0');
      const count = Object.values(doc.paths as Record<string, object>).reduce((n, item) => n + Object.keys(item).filter((k) => k !== 'parameters').length, 0);
      expect(count).toBe(bundle.operations.length);
    }
  });
});
