/**
 * Our API v4 against the vendor's own API document. openapi/v4/vendor/ keeps its structure (every
 * operation, parameter and schema, with all prose removed): the facts our reference is checked
 * against. compareWithVendor lists every difference as one line; openapi/v4/vendor/differences.yaml
 * explains the ones we keep on purpose.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {derefLocal as deref, isObject, METHODS, OPENAPI_DIR, type Json, type JsonObject} from './spec';

export const VENDOR_DIR = path.join(OPENAPI_DIR, 'v4/vendor');
export const VENDOR_STRUCTURE = path.join(VENDOR_DIR, 'time-api-v4.structure.yaml');
export const VENDOR_DIFFERENCES = path.join(VENDOR_DIR, 'differences.yaml');

/** OpenAPI 3.0 schemas as 3.1 writes them: `nullable: true` becomes a `null` type. */
export function nullableTo31(value: Json): Json {
  if (Array.isArray(value)) return value.map(nullableTo31);
  if (!isObject(value)) return value;
  const out: JsonObject = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, nullableTo31(v)]));
  if (out.nullable !== true) return out;
  delete out.nullable;
  if (typeof out.type === 'string') out.type = [out.type, 'null'];
  else if (Array.isArray(out.type)) out.type = [...out.type, 'null'];
  else return {oneOf: [out, {type: 'null'}]};
  return out;
}

interface Op {
  method: string;
  path: string;
  op: JsonObject;
  /** Parameters declared on the path item, which apply to every method under it. */
  shared: Json[];
}

function operationsOf(doc: JsonObject): Map<string, Op> {
  const out = new Map<string, Op>();
  for (const [p, item] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (isObject(op) && typeof op.operationId === 'string') {
        out.set(op.operationId, {method, path: p, op, shared: Array.isArray(item.parameters) ? item.parameters : []});
      }
    }
  }
  return out;
}

const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);
const typeOf = (s: JsonObject): string => {
  const t = s.type;
  if (t === undefined) return '';
  return Array.isArray(t) ? [...t].map(String).sort().join('|') : String(t);
};
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
const list = (xs: string[]) => `[${[...xs].sort().join(', ')}]`;

/**
 * Differences between the vendor's schema and ours at `at`: types, `$ref` targets, enums, property
 * names, required lists, array items and combinations. Descriptions, examples, formats and limits
 * are ours to add.
 */
function compareSchema(vendor: Json | undefined, ours: Json | undefined, at: string, out: string[]) {
  if (!isObject(vendor) || !isObject(ours)) {
    if (isObject(vendor) !== isObject(ours)) out.push(`${at}: ${isObject(ours) ? 'has a schema the vendor does not' : 'has no schema'}`);
    return;
  }
  if (typeof vendor.$ref === 'string' || typeof ours.$ref === 'string') {
    const v = typeof vendor.$ref === 'string' ? refName(vendor.$ref) : undefined;
    const o = typeof ours.$ref === 'string' ? refName(ours.$ref) : undefined;
    if (v !== o) out.push(`${at}: ${o ? `$ref ${o}` : `inline ${typeOf(ours) || 'schema'}`} (vendor: ${v ? `$ref ${v}` : `inline ${typeOf(vendor) || 'schema'}`})`);
    return;
  }
  if (typeOf(vendor) !== typeOf(ours)) out.push(`${at}: type ${typeOf(ours) || 'none'} (vendor: ${typeOf(vendor) || 'none'})`);
  const enumOf = (s: JsonObject) => (Array.isArray(s.enum) ? s.enum.map((e) => JSON.stringify(e)) : undefined);
  const [ve, oe] = [enumOf(vendor), enumOf(ours)];
  if ((ve || oe) && !(ve && oe && sameSet(ve, oe))) out.push(`${at}: enum ${oe ? list(oe) : 'none'} (vendor: ${ve ? list(ve) : 'none'})`);

  const props = (s: JsonObject) => (isObject(s.properties) ? s.properties : {});
  const [vp, op] = [props(vendor), props(ours)];
  for (const name of Object.keys(vp)) {
    if (!(name in op)) out.push(`${at}.${name}: missing`);
    else compareSchema(vp[name], op[name], `${at}.${name}`, out);
  }
  for (const name of Object.keys(op)) if (!(name in vp)) out.push(`${at}.${name}: not in the vendor's schema`);
  const required = (s: JsonObject) => (Array.isArray(s.required) ? s.required.map(String) : []);
  if (!sameSet(required(vendor), required(ours))) out.push(`${at}: required ${list(required(ours))} (vendor: ${list(required(vendor))})`);

  if (vendor.items !== undefined || ours.items !== undefined) compareSchema(vendor.items, ours.items, `${at}[]`, out);
  const extra = (s: JsonObject) => s.additionalProperties;
  if (isObject(extra(vendor)) || isObject(extra(ours))) compareSchema(extra(vendor), extra(ours), `${at}{}`, out);
  else if ((extra(vendor) ?? true) !== (extra(ours) ?? true)) out.push(`${at}: additionalProperties ${JSON.stringify(extra(ours))} (vendor: ${JSON.stringify(extra(vendor))})`);
  for (const kind of ['allOf', 'oneOf', 'anyOf'] as const) {
    const [va, oa] = [vendor[kind], ours[kind]];
    if (!Array.isArray(va) && !Array.isArray(oa)) continue;
    if (!Array.isArray(va) || !Array.isArray(oa) || va.length !== oa.length) {
      out.push(`${at}: ${kind} of ${Array.isArray(oa) ? oa.length : 0} (vendor: ${Array.isArray(va) ? va.length : 0})`);
      continue;
    }
    va.forEach((v, i) => compareSchema(v, oa[i], `${at}.${kind}[${i}]`, out));
  }
}

function compareMedia(vendor: Json | undefined, ours: Json | undefined, at: string, out: string[]) {
  const content = (v: Json | undefined) => (isObject(v) && isObject(v.content) ? v.content : {});
  const [vc, oc] = [content(vendor), content(ours)];
  if (!sameSet(Object.keys(vc), Object.keys(oc))) {
    out.push(`${at}: content ${list(Object.keys(oc))} (vendor: ${list(Object.keys(vc))})`);
    return;
  }
  for (const type of Object.keys(vc)) {
    const [v, o] = [vc[type], oc[type]];
    compareSchema(isObject(v) ? v.schema : undefined, isObject(o) ? o.schema : undefined, `${at} ${type}`, out);
  }
}

/** Every difference between our bundled v4 document and the vendor's, one line each. */
export function compareWithVendor(ours: JsonObject, vendorRaw: JsonObject): string[] {
  const vendor = nullableTo31(vendorRaw) as JsonObject;
  const out: string[] = [];
  const [vops, oops] = [operationsOf(vendor), operationsOf(ours)];
  for (const [id, v] of vops) {
    const o = oops.get(id);
    const at = `operation ${id}`;
    if (!o) {
      out.push(`${at}: missing`);
      continue;
    }
    if (o.method !== v.method || o.path !== v.path) out.push(`${at}: ${o.method.toUpperCase()} ${o.path} (vendor: ${v.method.toUpperCase()} ${v.path})`);
    const params = (doc: JsonObject, x: Op) => {
      const m = new Map<string, JsonObject>();
      for (const raw of [...x.shared, ...(Array.isArray(x.op.parameters) ? x.op.parameters : [])]) {
        const p = deref(doc, raw);
        if (isObject(p)) m.set(`${p.in} ${p.name}`, p);
      }
      return m;
    };
    const [vp, op] = [params(vendor, v), params(ours, o)];
    for (const [key, p] of vp) {
      const q = op.get(key);
      if (!q) out.push(`${at} parameter ${key}: missing`);
      else {
        if (Boolean(p.required) !== Boolean(q.required)) out.push(`${at} parameter ${key}: required ${Boolean(q.required)} (vendor: ${Boolean(p.required)})`);
        compareSchema(p.schema, q.schema, `${at} parameter ${key}`, out);
      }
    }
    for (const key of op.keys()) if (!vp.has(key)) out.push(`${at} parameter ${key}: not in the vendor's API`);
    const [vb, ob] = [deref(vendor, v.op.requestBody), deref(ours, o.op.requestBody)];
    if (vb !== undefined || ob !== undefined) compareMedia(vb, ob, `${at} request body`, out);

    const responses = (x: Op) => (isObject(x.op.responses) ? x.op.responses : {});
    const [vr, or] = [responses(v), responses(o)];
    for (const code of Object.keys(vr)) {
      if (!(code in or)) out.push(`${at} response ${code}: missing`);
      else compareMedia(deref(vendor, vr[code]), deref(ours, or[code]), `${at} response ${code}`, out);
    }
    // Error answers we document beyond the vendor's list share the one AppError shape.
    for (const code of Object.keys(or)) if (!(code in vr) && /^2/.test(code)) out.push(`${at} response ${code}: not in the vendor's API`);
  }
  for (const id of oops.keys()) if (!vops.has(id)) out.push(`operation ${id}: not in the vendor's API`);

  const schemas = (doc: JsonObject) => (isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {});
  const [vs, os] = [schemas(vendor), schemas(ours)];
  for (const name of Object.keys(vs)) {
    if (!(name in os)) out.push(`schema ${name}: missing`);
    else compareSchema(vs[name], os[name], `schema ${name}`, out);
  }
  return out;
}

export interface ExplainedDifference {
  difference: string;
  reason: string;
}

/** The explained differences; a malformed entry is an error naming the file and the entry. */
export function readExplainedDifferences(file = VENDOR_DIFFERENCES): ExplainedDifference[] {
  const shown = path.relative(path.resolve(OPENAPI_DIR, '..'), file);
  const doc = YAML.parseDocument(fs.readFileSync(file, 'utf8'), {uniqueKeys: true});
  if (doc.errors.length) throw new Error(`${shown}: ${doc.errors[0].message}`);
  const data = doc.toJS() as unknown;
  if (!Array.isArray(data)) throw new Error(`${shown}: must be a list of {difference, reason}`);
  return data.map((entry, i) => {
    if (!isObject(entry) || typeof entry.difference !== 'string' || typeof entry.reason !== 'string' || !entry.reason.trim()) {
      throw new Error(`${shown}: entry ${i + 1} needs a \`difference\` and a non-empty \`reason\``);
    }
    return {difference: entry.difference, reason: entry.reason};
  });
}

export function readVendorStructure(): JsonObject {
  return YAML.parse(fs.readFileSync(VENDOR_STRUCTURE, 'utf8')) as JsonObject;
}
