import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {bundleSpec, type JsonObject} from '../../plugins/openapi/spec';
import {pageSlug} from '../../plugins/openapi/slug';
import {compareWithVendor, nullableTo31, readExplainedDifferences, readVendorStructure, VENDOR_DIR} from '../../plugins/openapi/vendor-spec';

const ours = bundleSpec('v4');
const vendor = readVendorStructure();

describe('API v4 against the vendor’s API', () => {
  it('differs only where openapi/v4/vendor/differences.yaml explains why', () => {
    const found = compareWithVendor(ours.doc, vendor);
    const explained = readExplainedDifferences();
    const reasons = new Set(explained.map((e) => e.difference));
    expect(
      found.filter((d) => !reasons.has(d)),
      'differences without a reason',
    ).toEqual([]);
    expect(
      [...reasons].filter((d) => !found.includes(d)),
      'explained differences that no longer exist',
    ).toEqual([]);
    expect(explained.length, 'each difference is explained once').toBe(reasons.size);
  });

  it('has every operation of the vendor at the page address its readers know', () => {
    const rows = fs.readFileSync(path.join(VENDOR_DIR, 'time-api-v4.operations.tsv'), 'utf8').trim().split('\n').slice(1);
    expect(rows).toHaveLength(470);
    const ids = new Set(ours.operations.map((o) => o.operationId));
    for (const row of rows) {
      const [operationId, page] = row.split('\t');
      expect(ids.has(operationId), operationId).toBe(true);
      expect(`/api/v4/${pageSlug(operationId)}`).toBe(page);
    }
  });

  it('names the Mattermost source of every operation the vendor does not list', () => {
    const vendorIds = new Set(
      Object.values(vendor.paths as JsonObject).flatMap((item) => Object.values(item as JsonObject).map((op) => (op as JsonObject).operationId)),
    );
    const extra = ours.operations.filter((o) => !vendorIds.has(o.operationId));
    expect(extra.length).toBeGreaterThan(0);
    for (const o of extra) expect(o.op['x-time-source'], o.operationId).toMatch(/^Mattermost 7\.8: \S/);
  });
});

describe('the comparison', () => {
  const doc = (paths: JsonObject, schemas: JsonObject = {}): JsonObject => ({paths, components: {schemas}});
  const op = (extra: JsonObject = {}): JsonObject => ({
    operationId: 'GetThing',
    responses: {'200': {content: {'application/json': {schema: {$ref: '#/components/schemas/Thing'}}}}},
    ...extra,
  });
  const thing = {type: 'object', required: ['id'], properties: {id: {type: 'string'}, count: {type: 'integer'}}};

  it('sees nothing when the shapes agree, whatever the prose', () => {
    const described = {...thing, description: 'Вещь.', properties: {id: {type: 'string', description: 'Идентификатор.'}, count: {type: 'integer', minimum: 0}}};
    expect(compareWithVendor(doc({'/t': {get: op({summary: 'Вещь'})}}, {Thing: described}), doc({'/t': {get: op()}}, {Thing: thing}))).toEqual([]);
  });

  it('names a moved path, a lost parameter, a changed field and an extra operation', () => {
    const vendorDoc = doc({'/t/{id}': {get: op({parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'string'}}]})}}, {Thing: thing});
    const ourDoc = doc(
      {'/things/{id}': {get: op()}, '/other': {post: {...op(), operationId: 'MakeThing'}}},
      {Thing: {...thing, properties: {id: {type: 'integer'}, count: {type: 'integer'}, extra: {type: 'string'}}}},
    );
    expect(compareWithVendor(ourDoc, vendorDoc)).toEqual([
      'operation GetThing: GET /things/{id} (vendor: GET /t/{id})',
      'operation GetThing parameter path id: missing',
      "operation MakeThing: not in the vendor's API",
      'schema Thing.id: type integer (vendor: string)',
      "schema Thing.extra: not in the vendor's schema",
    ]);
  });

  it('reads the vendor’s OpenAPI 3.0 nullable as a null type', () => {
    expect(nullableTo31({type: 'string', nullable: true})).toEqual({type: ['string', 'null']});
    const vendorDoc = doc({}, {Thing: {type: 'object', properties: {p: {type: 'array', nullable: true, items: {type: 'string'}}}}});
    expect(compareWithVendor(doc({}, {Thing: {type: 'object', properties: {p: {type: ['array', 'null'], items: {type: 'string'}}}}}), vendorDoc)).toEqual([]);
    expect(compareWithVendor(doc({}, {Thing: {type: 'object', properties: {p: {type: 'array', items: {type: 'string'}}}}}), vendorDoc)).toEqual([
      'schema Thing.p: type array (vendor: array|null)',
    ]);
  });

  it('refuses an allow-list entry without a reason, naming the file and the entry', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vendor-')), 'differences.yaml');
    fs.writeFileSync(file, '- difference: "operation X: missing"\n  reason: "gone"\n- difference: "operation Y: missing"\n');
    expect(() => readExplainedDifferences(file)).toThrow(/differences\.yaml: entry 2 needs a `difference` and a non-empty `reason`/);
  });
});
