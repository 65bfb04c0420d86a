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
import kebabCase from 'lodash/kebabCase';

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

/**
 * operationId → the page slug, exactly as docusaurus-plugin-openapi-docs computes it
 * (lodash kebabCase): CreatePost → create-post, CreateOAuthApp → create-o-auth-app.
 */
export function slugForOperationId(operationId: string): string {
  return kebabCase(operationId);
}

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

function readYaml(file: string, shown: string, problems: SpecProblem[]): JsonObject | undefined {
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

/** Merges and checks one API version (openapi/v4 or openapi/v5). */
export function bundleSpec(version: string, dir = path.join(OPENAPI_DIR, version), relativeTo = path.resolve(OPENAPI_DIR, '..')): Bundle {
  const problems: SpecProblem[] = [];
  const rel = (f: string) => path.relative(relativeTo, f);
  const rootFile = path.join(dir, 'openapi.yaml');
  const root = readYaml(rootFile, rel(rootFile), problems) ?? {};
  // A deep copy: part files are merged into the bundle, never into the root file's own data.
  const doc: JsonObject = {...structuredClone(root), paths: {}, components: structuredClone(isObject(root.components) ? root.components : {})};
  const components = doc.components as JsonObject;
  const owner = new Map<string, string>();
  for (const kind of COMPONENT_KINDS) {
    for (const name of Object.keys(isObject(components[kind]) ? (components[kind] as JsonObject) : {})) owner.set(`${kind}/${name}`, rel(rootFile));
  }

  const partDir = path.join(dir, 'paths');
  const parts = fs.existsSync(partDir) ? fs.readdirSync(partDir).filter((f) => /\.ya?ml$/.test(f)).sort() : [];
  const sources: {file: string; abs: string; data: JsonObject}[] = [{file: rel(rootFile), abs: rootFile, data: root}];
  const operations: Operation[] = [];
  const tagNames = new Set((Array.isArray(root.tags) ? root.tags : []).filter(isObject).map((t) => String(t.name)));

  for (const name of parts) {
    const file = path.join(partDir, name);
    const shown = rel(file);
    const data = readYaml(file, shown, problems);
    if (!data) continue;
    sources.push({file: shown, abs: file, data});
    for (const key of Object.keys(data)) {
      if (key !== 'paths' && key !== 'components') problems.push({file: shown, message: `unexpected top-level key "${key}" (only paths and components)`});
    }
    for (const [p, item] of Object.entries(isObject(data.paths) ? data.paths : {})) {
      if (!p.startsWith('/')) problems.push({file: shown, pointer: `/paths/${escapePointer(p)}`, message: 'a path must start with "/"'});
      if (!isObject(item)) continue;
      const merged = ((doc.paths as JsonObject)[p] ??= {}) as JsonObject;
      for (const [method, op] of Object.entries(item)) {
        const pointer = `/paths/${escapePointer(p)}/${method}`;
        if (!(METHODS as readonly string[]).includes(method)) {
          if (method !== 'parameters') problems.push({file: shown, pointer, message: `unknown method "${method}"`});
          else merged[method] = op;
          continue;
        }
        if (merged[method]) {
          problems.push({file: shown, pointer, message: `${method.toUpperCase()} ${p} is also defined in ${operations.find((o) => o.path === p && o.method === method)?.file}`});
          continue;
        }
        merged[method] = op;
        if (isObject(op)) operations.push({method, path: p, operationId: String(op.operationId ?? ''), file: shown, op});
      }
    }
    for (const [kind, entries] of Object.entries(isObject(data.components) ? data.components : {})) {
      if (!(COMPONENT_KINDS as readonly string[]).includes(kind) || !isObject(entries)) {
        problems.push({file: shown, pointer: `/components/${kind}`, message: `unknown component kind "${kind}"`});
        continue;
      }
      const target = (components[kind] ??= {}) as JsonObject;
      for (const [compName, value] of Object.entries(entries)) {
        const key = `${kind}/${compName}`;
        if (owner.has(key)) {
          problems.push({file: shown, pointer: `/components/${key}`, message: `${key} is already defined in ${owner.get(key)}`});
          continue;
        }
        owner.set(key, shown);
        target[compName] = value;
      }
    }
  }

  // References. Each file names the file that defines a component (`#/components/…` for its own,
  // `users.yaml#/components/…` for another path file, `../openapi.yaml#/components/…` for the root),
  // so that stock tools (`redocly bundle`) resolve the spec without this code. The bundle then uses
  // plain `#/components/…` references.
  const absOf = new Map(sources.map((s) => [s.file, s.abs]));
  for (const {file, abs, data} of sources) {
    // The root's paths are references to path items, checked below.
    for (const {pointer, ref} of collectRefs(data === root ? {...data, paths: {}} : data, '')) {
      const match = /^([^#]*)#(\/components\/([^/]+)\/(.+))$/.exec(ref);
      if (!match) {
        problems.push({file, pointer, message: `$ref "${ref}" must point into components: #/components/…, or <file>.yaml#/components/… for another file's`});
        continue;
      }
      const [, target, local, kind, name] = match;
      const definedIn = owner.get(`${kind}/${name.replace(/~1/g, '/').replace(/~0/g, '~')}`);
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
  localiseRefs(doc);

  // The root lists every path with a $ref to the path file that defines it.
  const rootPaths = isObject(root.paths) ? root.paths : {};
  const definedPaths = new Map<string, string>();
  for (const {abs, data} of sources.slice(1)) for (const p of Object.keys(isObject(data.paths) ? data.paths : {})) definedPaths.set(p, `${path.relative(dir, abs)}#/paths/${escapePointer(p)}`);
  for (const [p, target] of definedPaths) {
    const listed = rootPaths[p];
    if (!isObject(listed) || listed.$ref !== target) {
      problems.push({file: rel(rootFile), pointer: `/paths/${escapePointer(p)}`, message: `must be {$ref: '${target}'}, so that every path reaches the bundle`});
    }
  }
  for (const p of Object.keys(rootPaths)) {
    if (!definedPaths.has(p)) problems.push({file: rel(rootFile), pointer: `/paths/${escapePointer(p)}`, message: 'no path file defines this path'});
  }

  // Operations: what every reference page needs.
  // Pages are named by the slug, so two operationIds that differ only in case or word breaks
  // (GetOAuthApp, getOAuthApp) would share one page.
  const slugs = new Map<string, Operation>();
  for (const o of operations) {
    const at = {file: o.file, pointer: `/paths/${escapePointer(o.path)}/${o.method}`};
    const fail = (message: string) => problems.push({...at, message});
    const slug = slugForOperationId(o.operationId);
    if (!OPERATION_ID.test(o.operationId)) fail(`operationId "${o.operationId}" must be Latin letters and digits in camel case (CreatePost)`);
    else if (slugs.has(slug)) fail(`operationId ${o.operationId} gives the page slug "${slug}", as ${slugs.get(slug)!.operationId} in ${slugs.get(slug)!.file} does`);
    else slugs.set(slug, o);
    if (typeof o.op.summary !== 'string' || !CYRILLIC.test(o.op.summary)) fail('summary must be in Russian');
    if (typeof o.op.description !== 'string' || !CYRILLIC.test(o.op.description)) fail('description must be in Russian');
    const tags = Array.isArray(o.op.tags) ? o.op.tags : [];
    if (tags.length !== 1 || !tagNames.has(String(tags[0]))) fail(`needs exactly one tag from the root tag list, got ${JSON.stringify(tags)}`);
    const responses = isObject(o.op.responses) ? o.op.responses : {};
    const success = Object.entries(responses).filter(([code]) => /^2\d\d$/.test(code));
    // Some operations never answer 2xx: their outcome is a redirect (a sign-in that ends on the site address).
    // Such a redirect is documented only with the Location header it sets.
    const redirects = Object.entries(responses).filter(([code]) => /^3\d\d$/.test(code));
    if (success.length === 0 && redirects.length === 0) fail('needs a 2xx response (or a 3xx redirect)');
    for (const [code, raw] of redirects) {
      const response = isObject(raw) && typeof raw.$ref === 'string' ? resolvePointer(doc, raw.$ref) : raw;
      const headers = isObject(response) && isObject(response.headers) ? response.headers : {};
      if (!Object.keys(headers).some((name) => name.toLowerCase() === 'location')) fail(`${code} redirect response needs a Location header`);
    }
    for (const [code, raw] of success) {
      const response = isObject(raw) && typeof raw.$ref === 'string' ? resolvePointer(doc, raw.$ref) : raw;
      const content = isObject(response) && isObject(response.content) ? response.content : {};
      // Some answers have a body that no source describes; then the response says so in Russian.
      const said = isObject(response) && typeof response.description === 'string' && CYRILLIC.test(response.description);
      if (code !== '204' && Object.keys(content).length === 0 && !said) fail(`${code} response needs content with a schema, or a Russian description of the answer`);
      for (const [type, media] of Object.entries(content)) {
        if (!isObject(media) || !media.schema) fail(`${code} ${type} response needs a schema`);
        else if (type.includes('json') && media.example === undefined && media.examples === undefined) fail(`${code} ${type} response needs an example`);
      }
    }
    const body = isObject(o.op.requestBody) && typeof o.op.requestBody.$ref === 'string' ? resolvePointer(doc, o.op.requestBody.$ref) : o.op.requestBody;
    for (const [type, media] of Object.entries(isObject(body) && isObject(body.content) ? body.content : {})) {
      if (!isObject(media) || !media.schema) fail(`request body ${type} needs a schema`);
      else if (type.includes('json') && media.example === undefined && media.examples === undefined) fail(`request body ${type} needs an example`);
    }
    for (const param of Array.isArray(o.op.parameters) ? o.op.parameters : []) {
      const resolved = isObject(param) && typeof param.$ref === 'string' ? resolvePointer(doc, param.$ref) : param;
      if (isObject(resolved) && (typeof resolved.description !== 'string' || !CYRILLIC.test(resolved.description))) {
        fail(`parameter "${resolved.name}" needs a Russian description`);
      }
    }
  }
  problems.push(...checkExamples(doc, operations));
  return {version, doc, operations, problems, owners: owner};
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

/**
 * Redocly's recommended lint over a bundled spec file. Errors are mapped back to the source file
 * whose path or component they fall in; warnings are returned separately.
 */
export async function lintBundle(bundledFile: string, bundle: Bundle): Promise<{errors: SpecProblem[]; warnings: SpecProblem[]}> {
  const {lint, loadConfig} = await import('@redocly/openapi-core');
  const config = await loadConfig({});
  const found = await lint({ref: bundledFile, config});
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

/**
 * The routes of the generated reference pages, as docusaurus-plugin-openapi-docs names them: a page
 * per operation (`/api/v4/create-post`) and per tag (`/api/v4/posts`). With `byTag` (v5: one spec
 * per service, config/openapi.ts) both live in the tag's folder: `/api/v5/auth-service/login`.
 * Only reads the files: their problems are bundleSpec's to report.
 */
export function apiPageRoutes(version: string, byTag: boolean, dir = path.join(OPENAPI_DIR, version)): string[] {
  const ignored: SpecProblem[] = [];
  const base = `/api/${version}/`;
  const folder = (tag: string) => (byTag ? `${kebabCase(tag)}/` : '');
  const root = readYaml(path.join(dir, 'openapi.yaml'), 'openapi.yaml', ignored) ?? {};
  const tags = (Array.isArray(root.tags) ? root.tags : []).filter(isObject).map((t) => String(t.name));
  const routes = tags.map((tag) => `${base}${folder(tag)}${kebabCase(tag)}`);
  const partDir = path.join(dir, 'paths');
  for (const name of fs.existsSync(partDir) ? fs.readdirSync(partDir).filter((f) => /\.ya?ml$/.test(f)) : []) {
    const data = readYaml(path.join(partDir, name), name, ignored);
    for (const item of Object.values(isObject(data?.paths) ? data.paths : {})) {
      for (const op of Object.values(isObject(item) ? item : {})) {
        if (!isObject(op) || typeof op.operationId !== 'string') continue;
        const tag = Array.isArray(op.tags) ? String(op.tags[0]) : '';
        routes.push(`${base}${folder(tag)}${slugForOperationId(op.operationId)}`);
      }
    }
  }
  return routes;
}
