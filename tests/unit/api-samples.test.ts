import zlib from 'node:zlib';
import {describe, expect, it} from 'vitest';
import {decodeApiValue} from '../../plugins/markdown-export/api-front-matter';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {codeSamplesFor, initialAuth} from '../../plugins/openapi/samples';
import {curlSampleOf, readSamples} from '../../plugins/openapi/sample-files';
import {languageTabs} from '../../config/openapi';

/** An operation as docusaurus-plugin-openapi-docs stores it in a page's `api` front matter. */
const operation = {
  method: 'post',
  path: '/channels/{channel_id}/members',
  servers: [{url: 'https://{host}/api/v4', variables: {host: {default: 'time.example.ru'}}}],
  security: [{bearerAuth: []}],
  securitySchemes: {bearerAuth: {type: 'http', scheme: 'bearer'}},
  parameters: [
    {name: 'channel_id', in: 'path', required: true, schema: {type: 'string'}, example: '4xp9fdt7pjgwbqz5ejtotr6tyo'},
    {name: 'per_page', in: 'query', schema: {type: 'integer', default: 60}},
  ],
  requestBody: {content: {'application/json': {schema: {type: 'object', properties: {user_id: {type: 'string', example: 'qbw4ezi1d3gq9fiuu5sdrkjwcr'}}}}}},
  responses: {'201': {content: {'application/json': {schema: {type: 'object'}}}}, '400': {content: {'application/json': {}}}},
  postman: {
    url: {path: ['channels', ':channel_id', 'members'], host: ['{{baseUrl}}'], query: [], variable: [{key: 'channel_id', value: ''}]},
    header: [
      {key: 'Content-Type', value: 'application/json'},
      {key: 'Accept', value: 'application/json'},
    ],
    method: 'POST',
    body: {mode: 'raw', raw: ''},
  },
};

describe('build-time code samples (plugins/openapi/samples.ts)', () => {
  it('reads the operation from a generated page’s front matter value', () => {
    expect(decodeApiValue(zlib.deflateSync(JSON.stringify(operation)).toString('base64'))).toEqual(operation);
  });

  it('makes every configured language, in the configured order, with all its variants', async () => {
    const samples = await codeSamplesFor(operation);
    expect(samples.map((s) => s.language)).toEqual(languageTabs.map((t) => t.language));
    const python = samples.find((s) => s.language === 'python')!;
    expect(python.variant).toBe('requests');
    expect(python.variants.map((v) => v.name.toLowerCase())).toEqual(expect.arrayContaining(['requests', 'http.client']));
    for (const lang of samples) for (const v of lang.variants) expect(v.code.length, `${lang.language} ${v.name}`).toBeGreaterThan(40);
  });

  it('starts from the request the try-it form shows: server default, examples, body from the schema, masked token', async () => {
    const curl = (await codeSamplesFor(operation))[0].variants[0].code;
    expect(curl).toContain("curl -L 'https://time.example.ru/api/v4/channels/4xp9fdt7pjgwbqz5ejtotr6tyo/members?per_page=60'");
    expect(curl).toContain("-H 'Authorization: Bearer <token>'");
    expect(curl).toContain('"user_id": "qbw4ezi1d3gq9fiuu5sdrkjwcr"');
  });

  it('takes the body from the authored example when the operation has one', () => {
    const authored = {
      ...operation,
      requestBody: {
        content: {
          'application/json': {...operation.requestBody.content['application/json'], example: {user_id: '8fksdi9f8ffbinjr4qcuoa3hbw', post_root_id: ''}},
        },
      },
    };
    const curl = codeSamplesFor(authored)[0].variants[0].code;
    expect(curl).toContain('"user_id": "8fksdi9f8ffbinjr4qcuoa3hbw"');
    expect(curl).toContain('"post_root_id": ""');
  });

  it('starts authorization as the try-it form does: one option per requirement, fields empty, the first selected', () => {
    const auth = initialAuth([{bearerAuth: []}, {basicAuth: [], bearerAuth: []}], {
      bearerAuth: {type: 'http', scheme: 'bearer'},
      basicAuth: {type: 'http', scheme: 'basic'},
    });
    expect(Object.keys(auth.options)).toEqual(['bearerAuth', 'basicAuth and bearerAuth']);
    expect(auth.options['basicAuth and bearerAuth'].map((o) => o.key)).toEqual(['basicAuth', 'bearerAuth']);
    expect(auth.data).toEqual({bearerAuth: {token: undefined}, basicAuth: {username: undefined, password: undefined}});
    expect(Object.keys(auth.data.basicAuth)).toEqual(['username', 'password']);
    expect(auth.selected).toBe('bearerAuth');
  });

  it('leaves no browser global behind', async () => {
    await codeSamplesFor(operation);
    expect('window' in globalThis).toBe(false);
  });

  it('gives the Markdown copy of a page the cURL sample of the page’s samples file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-samples-'));
    const samples = codeSamplesFor(operation);
    fs.writeFileSync(path.join(dir, 'add-channel-member.samples.json'), JSON.stringify(samples));
    expect(curlSampleOf(path.join(dir, 'add-channel-member.api.mdx'))).toBe(samples[0].variants[0].code);
  });

  it('names the samples file when it is missing or not a list', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-samples-'));
    expect(() => readSamples(path.join(dir, 'missing.api.mdx'))).toThrow(/missing\.samples\.json: cannot read the page's code samples/);
    fs.writeFileSync(path.join(dir, 'odd.samples.json'), '{}');
    expect(() => readSamples(path.join(dir, 'odd.api.mdx'))).toThrow(/odd\.samples\.json: expected a list/);
    expect(() => readSamples(path.join(dir, 'intro.md'))).toThrow(/intro\.md is not a generated operation page/);
  });
});
