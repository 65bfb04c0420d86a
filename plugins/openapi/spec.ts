/**
 * The API specs: openapi/<version>/openapi.yaml (info, servers, tags, shared components) plus one
 * file per tag or service in openapi/<version>/paths/*.yaml (`paths` and their own `components`).
 * bundleSpec merges them into one OpenAPI 3.1 document and checks what the build relies on; every
 * problem names the file (and the JSON pointer) it comes from.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {pageSlug} from './slug';

export const OPENAPI_DIR = path.resolve(__dirname, '../../openapi');
export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const COMPONENT_KINDS = ['schemas', 'parameters', 'responses', 'requestBodies', 'headers', 'examples', 'securitySchemes'] as const;
const CYRILLIC = /[А-Яа-яЁё]/;
/** Latin letters and digits, as the vendor writes them: CreatePost, CreateOAuthApp, getPostsByIds. */
const OPERATION_ID = /^[A-Za-z][A-Za-z0-9]+$/;

export interface SpecProblem {
  file: string;
  pointer?: string;
  message: string;
}

export type Json = null | boolean | number | string | Json[] | {[key: string]: Json};
export type JsonObject = {[key: string]: Json};

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  file: string;
  op: JsonObject;
}

export interface Bundle {
  version: string;
  doc: JsonObject;
  operations: Operation[];
  problems: SpecProblem[];
  /** Which file defines each component, keyed "schemas/User". */
  owners: Map<string, string>;
}

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every `$ref` in a value, with the JSON pointer where it stands. */
function collectRefs(value: unknown, pointer: string, out: {pointer: string; ref: string}[] = []) {
  if (Array.isArray(value)) value.forEach((v, i) => collectRefs(v, `${pointer}/${i}`, out));
  else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push({pointer, ref: v});
      else collectRefs(v, `${pointer}/${escapePointer(k)}`, out);
    }
  }
  return out;
}

type ComponentKind = (typeof COMPONENT_KINDS)[number];
/** How a problem names each kind of component. */
const KIND_NAMES: Record<ComponentKind, string> = {
  schemas: 'a schema',
  parameters: 'a parameter',
  responses: 'a response',
  requestBodies: 'a request body',
  headers: 'a header',
  examples: 'an example',
  securitySchemes: 'a security scheme',
};

/**
 * Every `$ref` in one source file with the kind of component its place needs: a parameter in
 * `parameters`, a schema under `schema`, a response under `responses`… A `$ref` to the wrong kind
 * resolves, so the reference check alone lets it through to the generator.
 */
function typedRefs(data: JsonObject): {pointer: string; ref: string; kind: ComponentKind}[] {
  const out: {pointer: string; ref: string; kind: ComponentKind}[] = [];
  const entries = (v: Json | undefined): [string, Json][] => (isObject(v) ? Object.entries(v) : []);
  const items = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);
  /** A `$ref` standing for the whole object at `pointer`; true when there is one. */
  const ref = (v: Json, pointer: string, kind: ComponentKind) => {
    if (isObject(v) && typeof v.$ref === 'string') out.push({pointer, ref: v.$ref, kind});
    return isObject(v) && v.$ref !== undefined;
  };
  // Inside a schema every $ref is to a schema (examples are data and hold none).
  const schema = (v: Json | undefined, pointer: string) => {
    if (v !== undefined) for (const r of collectRefs(v, pointer)) out.push({...r, kind: 'schemas'});
  };
  const examples = (v: Json | undefined, pointer: string) => {
    for (const [name, e] of entries(v)) ref(e, `${pointer}/${escapePointer(name)}`, 'examples');
  };
  const media = (v: Json | undefined, pointer: string) => {
    for (const [type, m] of entries(v)) {
      const at = `${pointer}/${escapePointer(type)}`;
      if (!isObject(m)) continue;
      schema(m.schema, `${at}/schema`);
      examples(m.examples, `${at}/examples`);
    }
  };
  const header = (v: Json, pointer: string) => {
    if (ref(v, pointer, 'headers') || !isObject(v)) return;
    schema(v.schema, `${pointer}/schema`);
    media(v.content, `${pointer}/content`);
  };
  const parameter = (v: Json, pointer: string) => {
    if (ref(v, pointer, 'parameters') || !isObject(v)) return;
    schema(v.schema, `${pointer}/schema`);
    media(v.content, `${pointer}/content`);
    examples(v.examples, `${pointer}/examples`);
  };
  const requestBody = (v: Json, pointer: string) => {
    if (!ref(v, pointer, 'requestBodies') && isObject(v)) media(v.content, `${pointer}/content`);
  };
  const response = (v: Json, pointer: string) => {
    if (ref(v, pointer, 'responses') || !isObject(v)) return;
    for (const [name, h] of entries(v.headers)) header(h, `${pointer}/headers/${escapePointer(name)}`);
    media(v.content, `${pointer}/content`);
  };
  for (const [p, item] of entries(data.paths)) {
    const at = `/paths/${escapePointer(p)}`;
    items(isObject(item) ? item.parameters : undefined).forEach((v, i) => parameter(v, `${at}/parameters/${i}`));
    for (const method of METHODS) {
      const op = isObject(item) ? item[method] : undefined;
      if (!isObject(op)) continue;
      items(op.parameters).forEach((v, i) => parameter(v, `${at}/${method}/parameters/${i}`));
      if (op.requestBody !== undefined) requestBody(op.requestBody, `${at}/${method}/requestBody`);
      for (const [code, r] of entries(op.responses)) response(r, `${at}/${method}/responses/${escapePointer(code)}`);
    }
  }
  const components = isObject(data.components) ? data.components : {};
  const check: Partial<Record<ComponentKind, (v: Json, pointer: string) => void>> = {
    schemas: (v, pointer) => schema(v, pointer),
    parameters: parameter,
    responses: response,
    requestBodies: requestBody,
    headers: header,
    examples: (v, pointer) => ref(v, pointer, 'examples'),
  };
  for (const [kind, walk] of Object.entries(check) as [ComponentKind, (v: Json, pointer: string) => void][]) {
    for (const [name, v] of entries(components[kind])) walk(v, `/components/${kind}/${escapePointer(name)}`);
  }
  return out;
}

export function readYaml(file: string, shown: string, problems: SpecProblem[]): JsonObject | undefined {
  try {
    const parsed = YAML.parse(fs.readFileSync(file, 'utf8'), {prettyErrors: true, uniqueKeys: true});
    if (!isObject(parsed)) {
      problems.push({file: shown, message: 'must be a YAML mapping'});
      return undefined;
    }
    return parsed;
  } catch (error) {
    problems.push({file: shown, message: `not valid YAML: ${(error as Error).message.split('\n')[0]}`});
    return undefined;
  }
}

/** Resolves a local `#/components/...` pointer in the bundled document. */
function resolvePointer(doc: JsonObject, ref: string): Json | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: Json | undefined = doc;
  for (const part of ref.slice(2).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    if (!isObject(node) || !(part in node)) return undefined;
    node = node[part];
  }
  return node;
}

/** How the file `from` refers to a component defined in the file `owner`. */
function refTo(from: string, owner: string, local: string): string {
  return owner === from ? `#${local}` : `${path.relative(path.dirname(from), owner)}#${local}`;
}

/** File-qualified component references, as in the bundle: `users.yaml#/components/…` → `#/components/…`. */
function localiseRefs(value: Json): void {
  if (Array.isArray(value)) value.forEach(localiseRefs);
  else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string' && v.includes('#/components/')) value[k] = v.slice(v.indexOf('#'));
      else localiseRefs(v);
    }
  }
}

/** A value with its local `$ref`s followed (`#/components/responses/NotFound` → that response). */
export function derefLocal(doc: JsonObject, value: Json | undefined): Json | undefined {
  return isObject(value) && typeof value.$ref === 'string' ? derefLocal(doc, resolvePointer(doc, value.$ref)) : value;
}

/** A spec file as read: its name as problems show it, its path, its data. */
interface Source {
  file: string;
  abs: string;
  data: JsonObject;
}

/** The root file and the path files of one version, parsed; unreadable files are problems. */
function readSources(dir: string, rel: (file: string) => string, problems: SpecProblem[]): {root: Source; parts: Source[]} {
  const rootFile = path.join(dir, 'openapi.yaml');
  const root = {file: rel(rootFile), abs: rootFile, data: readYaml(rootFile, rel(rootFile), problems) ?? {}};
  const partDir = path.join(dir, 'paths');
  const names = fs.existsSync(partDir) ? fs.readdirSync(partDir).filter((f) => /\.ya?ml$/.test(f)).sort() : [];
  const parts: Source[] = [];
  for (const name of names) {
    const abs = path.join(partDir, name);
    const data = readYaml(abs, rel(abs), problems);
    if (data) parts.push({file: rel(abs), abs, data});
  }
  return {root, parts};
}

/** The bundle being built: the merged document, its operations and who defines each component. */
interface Merged {
  doc: JsonObject;
  operations: Operation[];
  owners: Map<string, string>;
}

/** A path file's operations merged into the bundle; a method defined twice stays with its first file. */
function mergePaths(part: Source, merged: Merged, problems: SpecProblem[]): void {
  const {file, data} = part;
  for (const [p, item] of Object.entries(isObject(data.paths) ? data.paths : {})) {
    if (!p.startsWith('/')) problems.push({file, pointer: `/paths/${escapePointer(p)}`, message: 'a path must start with "/"'});
    if (!isObject(item)) continue;
    const target = ((merged.doc.paths as JsonObject)[p] ??= {}) as JsonObject;
    for (const [method, op] of Object.entries(item)) {
      const pointer = `/paths/${escapePointer(p)}/${method}`;
      if (!(METHODS as readonly string[]).includes(method)) {
        if (method !== 'parameters') problems.push({file, pointer, message: `unknown method "${method}"`});
        else target[method] = op;
        continue;
      }
      if (target[method]) {
        const first = merged.operations.find((o) => o.path === p && o.method === method)?.file;
        problems.push({file, pointer, message: `${method.toUpperCase()} ${p} is also defined in ${first}`});
        continue;
      }
      target[method] = op;
      if (isObject(op)) merged.operations.push({method, path: p, operationId: String(op.operationId ?? ''), file, op});
    }
  }
}

/** A path file's components merged into the bundle; a name defined twice stays with its first file. */
function mergeComponents(part: Source, merged: Merged, problems: SpecProblem[]): void {
  const {file, data} = part;
  const components = merged.doc.components as JsonObject;
  for (const [kind, entries] of Object.entries(isObject(data.components) ? data.components : {})) {
    if (!(COMPONENT_KINDS as readonly string[]).includes(kind) || !isObject(entries)) {
      problems.push({file, pointer: `/components/${kind}`, message: `unknown component kind "${kind}"`});
      continue;
    }
    const target = (components[kind] ??= {}) as JsonObject;
    for (const [name, value] of Object.entries(entries)) {
      const key = `${kind}/${name}`;
      if (merged.owners.has(key)) {
        problems.push({file, pointer: `/components/${key}`, message: `${key} is already defined in ${merged.owners.get(key)}`});
        continue;
      }
      merged.owners.set(key, file);
      target[name] = value;
    }
  }
}

/** The root file's data with every path file's paths and components merged in (deep copies: sources stay as read). */
function mergeSources(root: Source, parts: Source[], problems: SpecProblem[]): Merged {
  const rootComponents = isObject(root.data.components) ? root.data.components : {};
  const doc: JsonObject = {...structuredClone(root.data), paths: {}, components: structuredClone(rootComponents)};
  const owners = new Map<string, string>();
  for (const kind of COMPONENT_KINDS) {
    for (const name of Object.keys(isObject(rootComponents[kind]) ? (rootComponents[kind] as JsonObject) : {})) owners.set(`${kind}/${name}`, root.file);
  }
  const merged: Merged = {doc, operations: [], owners};
  for (const part of parts) {
    for (const key of Object.keys(part.data)) {
      if (key !== 'paths' && key !== 'components') problems.push({file: part.file, message: `unexpected top-level key "${key}" (only paths and components)`});
    }
    mergePaths(part, merged, problems);
    mergeComponents(part, merged, problems);
  }
  return merged;
}

/**
 * References. Each file names the file that defines a component (`#/components/…` for its own,
 * `users.yaml#/components/…` for another path file, `../openapi.yaml#/components/…` for the root),
 * so that stock tools (`redocly bundle`) resolve the spec without this code. A `$ref` to the wrong
 * kind of component (a schema where a parameter belongs) is reported in the file that holds it.
 */
function checkReferences(sources: Source[], merged: Merged, rel: (file: string) => string): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const {doc, owners} = merged;
  const absOf = new Map(sources.map((s) => [s.file, s.abs]));
  for (const [i, {file, abs, data}] of sources.entries()) {
    // The root's paths are references to path items, checked by checkRootPaths.
    for (const {pointer, ref} of collectRefs(i === 0 ? {...data, paths: {}} : data, '')) {
      const match = /^([^#]*)#(\/components\/([^/]+)\/(.+))$/.exec(ref);
      if (!match) {
        problems.push({file, pointer, message: `$ref "${ref}" must point into components: #/components/…, or <file>.yaml#/components/… for another file's`});
        continue;
      }
      const [, target, local, kind, name] = match;
      const definedIn = owners.get(`${kind}/${name.replace(/~1/g, '/').replace(/~0/g, '~')}`);
      const named = rel(target ? path.resolve(path.dirname(abs), target) : abs);
      if (resolvePointer(doc, `#${local}`) === undefined) problems.push({file, pointer, message: `$ref "${ref}" does not exist`});
      else if (definedIn !== named) problems.push({file, pointer, message: `$ref "${ref}" names ${named}, but ${kind}/${name} is defined in ${definedIn}: write ${refTo(abs, absOf.get(definedIn!)!, local)}`});
    }
    for (const {pointer, ref, kind} of typedRefs(data)) {
      const found = /#\/components\/([^/]+)\//.exec(ref)?.[1] as ComponentKind | undefined;
      const local = ref.slice(ref.indexOf('#'));
      if (found && found !== kind && KIND_NAMES[found] && resolvePointer(doc, local) !== undefined) {
        problems.push({file, pointer, message: `$ref "${ref}" is ${KIND_NAMES[found]}, but ${KIND_NAMES[kind]} belongs here: use #/components/${kind}/…`});
      }
    }
  }
  return problems;
}

/** The root lists every path with a `$ref` to the path file that defines it, and no other path. */
function checkRootPaths(root: Source, parts: Source[], dir: string): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const rootPaths = isObject(root.data.paths) ? root.data.paths : {};
  const definedPaths = new Map<string, string>();
  for (const {abs, data} of parts) for (const p of Object.keys(isObject(data.paths) ? data.paths : {})) definedPaths.set(p, `${path.relative(dir, abs)}#/paths/${escapePointer(p)}`);
  for (const [p, target] of definedPaths) {
    const listed = rootPaths[p];
    if (!isObject(listed) || listed.$ref !== target) {
      problems.push({file: root.file, pointer: `/paths/${escapePointer(p)}`, message: `must be {$ref: '${target}'}, so that every path reaches the bundle`});
    }
  }
  for (const p of Object.keys(rootPaths)) {
    if (!definedPaths.has(p)) problems.push({file: root.file, pointer: `/paths/${escapePointer(p)}`, message: 'no path file defines this path'});
  }
  return problems;
}

/** An operation's answers: a documented 2xx (with a schema and example) or a 3xx with its Location. */
function checkResponses(doc: JsonObject, o: Operation, fail: (message: string) => void): void {
  const responses = isObject(o.op.responses) ? o.op.responses : {};
  const success = Object.entries(responses).filter(([code]) => /^2\d\d$/.test(code));
  // Some operations never answer 2xx: their outcome is a redirect (a sign-in that ends on the site address).
  // Such a redirect is documented only with the Location header it sets.
  const redirects = Object.entries(responses).filter(([code]) => /^3\d\d$/.test(code));
  if (success.length === 0 && redirects.length === 0) fail('needs a 2xx response (or a 3xx redirect)');
  for (const [code, raw] of redirects) {
    const response = derefLocal(doc, raw);
    const headers = isObject(response) && isObject(response.headers) ? response.headers : {};
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'location')) fail(`${code} redirect response needs a Location header`);
  }
  for (const [code, raw] of success) {
    const response = derefLocal(doc, raw);
    const content = isObject(response) && isObject(response.content) ? response.content : {};
    // Some answers have a body that no source describes; then the response says so in Russian.
    const said = isObject(response) && typeof response.description === 'string' && CYRILLIC.test(response.description);
    if (code !== '204' && Object.keys(content).length === 0 && !said) fail(`${code} response needs content with a schema, or a Russian description of the answer`);
    for (const [type, media] of Object.entries(content)) {
      if (!isObject(media) || !media.schema) fail(`${code} ${type} response needs a schema`);
      else if (type.includes('json') && media.example === undefined && media.examples === undefined) fail(`${code} ${type} response needs an example`);
    }
  }
}

/** An operation's request: each body type with a schema (and an example for JSON), each parameter described in Russian. */
function checkRequest(doc: JsonObject, o: Operation, fail: (message: string) => void): void {
  const body = derefLocal(doc, o.op.requestBody);
  for (const [type, media] of Object.entries(isObject(body) && isObject(body.content) ? body.content : {})) {
    if (!isObject(media) || !media.schema) fail(`request body ${type} needs a schema`);
    else if (type.includes('json') && media.example === undefined && media.examples === undefined) fail(`request body ${type} needs an example`);
  }
  for (const param of Array.isArray(o.op.parameters) ? o.op.parameters : []) {
    const resolved = derefLocal(doc, param);
    if (isObject(resolved) && (typeof resolved.description !== 'string' || !CYRILLIC.test(resolved.description))) {
      fail(`parameter "${resolved.name}" needs a Russian description`);
    }
  }
}

/**
 * What every reference page needs of its operation. Pages are named by the slug, so two
 * operationIds that differ only in case or word breaks (GetOAuthApp, getOAuthApp) would share one page.
 */
function checkOperations(doc: JsonObject, operations: Operation[], tagNames: Set<string>): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const slugs = new Map<string, Operation>();
  for (const o of operations) {
    const fail = (message: string) => problems.push({file: o.file, pointer: `/paths/${escapePointer(o.path)}/${o.method}`, message});
    const slug = pageSlug(o.operationId);
    if (!OPERATION_ID.test(o.operationId)) fail(`operationId "${o.operationId}" must be Latin letters and digits in camel case (CreatePost)`);
    else if (slugs.has(slug)) fail(`operationId ${o.operationId} gives the page slug "${slug}", as ${slugs.get(slug)!.operationId} in ${slugs.get(slug)!.file} does`);
    else slugs.set(slug, o);
    if (typeof o.op.summary !== 'string' || !CYRILLIC.test(o.op.summary)) fail('summary must be in Russian');
    if (typeof o.op.description !== 'string' || !CYRILLIC.test(o.op.description)) fail('description must be in Russian');
    const tags = Array.isArray(o.op.tags) ? o.op.tags : [];
    if (tags.length !== 1 || !tagNames.has(String(tags[0]))) fail(`needs exactly one tag from the root tag list, got ${JSON.stringify(tags)}`);
    checkResponses(doc, o, fail);
    checkRequest(doc, o, fail);
  }
  return problems;
}

/**
 * Merges and checks one API version (openapi/v4 or openapi/v5): reads the files, merges the path
 * files into the root, checks references, the root's path list, the operations and the examples.
 */
export function bundleSpec(version: string, dir = path.join(OPENAPI_DIR, version), relativeTo = path.resolve(OPENAPI_DIR, '..')): Bundle {
  const problems: SpecProblem[] = [];
  const rel = (f: string) => path.relative(relativeTo, f);
  const {root, parts} = readSources(dir, rel, problems);
  const merged = mergeSources(root, parts, problems);
  problems.push(...checkReferences([root, ...parts], merged, rel));
  // The bundle uses plain `#/components/…` references.
  localiseRefs(merged.doc);
  problems.push(...checkRootPaths(root, parts, dir));
  const tagNames = new Set((Array.isArray(root.data.tags) ? root.data.tags : []).filter(isObject).map((t) => String(t.name)));
  problems.push(...checkOperations(merged.doc, merged.operations, tagNames));
  problems.push(...checkExamples(merged.doc, merged.operations));
  return {version, doc: merged.doc, operations: merged.operations, problems, owners: merged.owners};
}

/**
 * A JSON Schema 2020-12 validator for values against schemas of the bundled document (whose `$ref`s
 * point into its components): undefined when the value fits, else the first error.
 */
export function schemaValidator(doc: JsonObject): (schema: Json, value: Json) => string | undefined {
  const base = 'https://docs.time-messenger.ru/openapi';
  const ajv = new Ajv2020({strict: false, allErrors: false, validateFormats: true});
  addFormats(ajv);
  ajv.addSchema({$id: base, components: doc.components as JsonObject});
  const rewrite = (schema: Json): Json => {
    if (Array.isArray(schema)) return schema.map(rewrite);
    if (!isObject(schema)) return schema;
    return Object.fromEntries(
      Object.entries(schema).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${base}${v}` : rewrite(v)]),
    );
  };
  return (schema, value) => {
    const check = ajv.compile(rewrite(schema) as object);
    if (check(value)) return undefined;
    const e = check.errors?.[0];
    return `${e?.instancePath || '(root)'} ${e?.message}`;
  };
}

/** Validates every example in the bundle against the schema it illustrates (JSON Schema 2020-12). */
export function checkExamples(doc: JsonObject, operations: Operation[]): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const fits = schemaValidator(doc);
  const validate = (schema: Json | undefined, example: Json | undefined, file: string, pointer: string) => {
    if (schema === undefined || example === undefined) return;
    try {
      const error = fits(schema, example);
      if (error) problems.push({file, pointer, message: `example does not match its schema: ${error}`});
    } catch (error) {
      // An unresolved $ref is already reported by the reference check.
      if (!/can't resolve reference/.test((error as Error).message)) {
        problems.push({file, pointer, message: `schema cannot be compiled: ${(error as Error).message}`});
      }
    }
  };
  const deref = (v: Json | undefined) => derefLocal(doc, v);

  for (const o of operations) {
    const at = `/paths/${escapePointer(o.path)}/${o.method}`;
    for (const [i, raw] of (Array.isArray(o.op.parameters) ? o.op.parameters : []).entries()) {
      const p = deref(raw);
      if (isObject(p)) validate(p.schema, p.example, o.file, `${at}/parameters/${i}`);
    }
    const body = deref(o.op.requestBody);
    for (const [type, media] of Object.entries(isObject(body) && isObject(body.content) ? body.content : {})) {
      if (isObject(media)) validate(media.schema, media.example, o.file, `${at}/requestBody/content/${escapePointer(type)}`);
    }
    for (const [code, raw] of Object.entries(isObject(o.op.responses) ? o.op.responses : {})) {
      const response = deref(raw);
      for (const [type, media] of Object.entries(isObject(response) && isObject(response.content) ? response.content : {})) {
        if (isObject(media)) validate(media.schema, media.example, o.file, `${at}/responses/${code}/content/${escapePointer(type)}`);
      }
    }
  }
  for (const [name, schema] of Object.entries(isObject((doc.components as JsonObject).schemas) ? ((doc.components as JsonObject).schemas as JsonObject) : {})) {
    if (isObject(schema) && schema.example !== undefined) validate(schema, schema.example, 'components', `/components/schemas/${name}`);
  }
  return problems;
}

export function formatSpecProblems(problems: SpecProblem[]): string {
  return problems.map((p) => `  ${p.file}${p.pointer ? ` ${p.pointer}` : ''}: ${p.message}`).join('\n');
}

export class SpecError extends Error {
  constructor(version: string, public readonly problems: SpecProblem[]) {
    super(`OpenAPI ${version} is invalid (${problems.length} problem(s)):\n${formatSpecProblems(problems)}`);
    this.name = 'SpecError';
  }
}

/** A bundle as the YAML text it is published as. */
export function specYaml(doc: Json): string {
  return YAML.stringify(doc, {lineWidth: 0, aliasDuplicateObjects: false});
}

/**
 * Redocly's recommended lint over a bundle, from its data in memory: the spec is not parsed again
 * (`text`, the published YAML, only places problems on lines). Errors are mapped back to the source
 * file whose path or component they fall in; warnings are returned separately.
 */
export async function lintBundle(bundle: Bundle, text = specYaml(bundle.doc)): Promise<{errors: SpecProblem[]; warnings: SpecProblem[]}> {
  const {BaseResolver, lintDocument, loadConfig, Source} = await import('@redocly/openapi-core');
  const config = await loadConfig({});
  const document = {source: new Source(path.join(OPENAPI_DIR, `${bundle.version}.yaml`), text), parsed: bundle.doc};
  const found = await lintDocument({document, config, externalRefResolver: new BaseResolver(config.resolve)});
  const sourceOf = (pointer: string): string => {
    const match = /^#\/paths\/([^/]+)\/([a-z]+)/.exec(pointer);
    if (match) {
      const p = match[1].replace(/~1/g, '/').replace(/~0/g, '~');
      const op = bundle.operations.find((o) => o.path === p && o.method === match[2]);
      if (op) return op.file;
    }
    const component = /^#\/components\/([^/]+)\/([^/]+)/.exec(pointer);
    if (component) return bundle.owners.get(`${component[1]}/${component[2]}`) ?? `openapi/${bundle.version}`;
    return `openapi/${bundle.version} (bundled)`;
  };
  const toProblem = (p: (typeof found)[number]): SpecProblem => {
    const pointer = p.location?.[0]?.pointer ?? '';
    return {file: sourceOf(pointer), pointer: pointer.replace(/^#/, ''), message: `${p.ruleId}: ${p.message}`};
  };
  return {
    errors: found.filter((p) => p.severity === 'error').map(toProblem),
    warnings: found.filter((p) => p.severity !== 'error').map(toProblem),
  };
}
