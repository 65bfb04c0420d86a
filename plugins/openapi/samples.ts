/**
 * Code samples of the API reference, made at build time.
 *
 * The OpenAPI theme makes an operation's code samples in the browser with postman-code-generators, a
 * 5 MB bundle (1.7 MB gzip) that every operation page would download before it could show a single
 * `curl` line. Here the same generators run once per operation in Node, with the request the try-it
 * form starts from: the first server with its defaults, the parameters' defaults and examples, the
 * operation's authored body example, masked credentials. The results go into the generated page
 * (./pages.ts) as a JSON file beside it that the page exports, and src/theme/ApiItem renders
 * them into the HTML. The generators reach the browser only when a reader opens the try-it form.
 *
 * The request is built by the theme's own code (buildPostmanRequest, the language merging), so a
 * sample made here is the sample the form shows before the reader changes anything.
 */
import {createRequire} from 'node:module';
import path from 'node:path';
import {languageTabs} from '../../config/openapi';
import {acceptOptions, contentTypeOptions, initialParams} from '../../src/components/ApiPanel/requestDefaults';
import type {CodeSampleLanguage} from '../../src/components/ApiPanel/StaticCodeSamples';

const load = createRequire(__filename);
const THEME = path.join(path.dirname(load.resolve('docusaurus-theme-openapi-docs/package.json')), 'lib/theme');

/* eslint-disable @typescript-eslint/no-explicit-any -- the theme's modules are untyped CommonJS. */
const sdk = load('postman-collection');
const codegen = load('postman-code-generators');
const buildPostmanRequest = load(path.join(THEME, 'ApiExplorer/buildPostmanRequest')).default;
const {getAuthDataKeys} = load(path.join(THEME, 'ApiExplorer/Authorization/auth-types'));
const {generateLanguageSet, mergeArraysbyLanguage, mergeCodeSampleLanguage} = load(path.join(THEME, 'ApiExplorer/CodeSnippets/languages'));
const {resolveSchemaWithSelections} = load(path.join(THEME, 'ApiExplorer/Body/resolveSchemaWithSelections'));
const {sampleFromSchema} = load('docusaurus-plugin-openapi-docs/lib/openapi/createSchemaExample');

/**
 * The body of the sample: the operation's authored example. The spec check requires one for every
 * JSON body, so the schema-made stand-in («string», 0) is only for specs that lack it.
 */
function initialBody(api: any, contentType: string | undefined) {
  const media = contentType ? api.requestBody?.content?.[contentType] : undefined;
  const isJson = contentType?.includes('application/json') || contentType?.endsWith('+json');
  const schema = media?.schema ? resolveSchemaWithSelections(media.schema, {}, 'requestBody') : undefined;
  if (!isJson || !schema || schema.format === 'binary') return {type: 'empty'};
  const authored = media.example ?? (Object.values(media.examples ?? {}) as {value?: unknown}[])[0]?.value;
  const example = authored ?? sampleFromSchema(schema, {type: 'request'}) ?? api.jsonRequestBodyExample;
  return example === undefined ? {type: 'empty'} : {type: 'raw', content: {type: 'string', value: JSON.stringify(example, null, 2)}};
}

/**
 * The try-it form's authorization state before the reader types anything (the theme's `createAuth`
 * with nothing stored): the operation's security requirements as options, each scheme's fields
 * empty, the first option selected. The theme's own function reads browser storage through a
 * `@theme/` import, which only the bundler resolves; without storage it comes down to this.
 */
export function initialAuth(security: Record<string, string[]>[] | undefined, securitySchemes: Record<string, any> | undefined) {
  const data: Record<string, Record<string, undefined>> = {};
  const options: Record<string, any[]> = {};
  for (const requirement of security ?? []) {
    const id = Object.keys(requirement).join(' and ');
    for (const [schemeId, scopes] of Object.entries(requirement)) {
      const scheme = securitySchemes?.[schemeId];
      if (!scheme) continue;
      options[id] ??= [];
      for (const key of getAuthDataKeys(scheme) as string[]) (data[schemeId] ??= {})[key] = undefined;
      options[id].push({...scheme, key: schemeId, scopes});
    }
  }
  return {data, options, selected: Object.keys(options)[0]};
}

/** Credentials replaced by `<name>` placeholders, as the theme masks them (maskCredentials). */
function maskedAuth(auth: any) {
  const clone = structuredClone(auth);
  let placeholder: string | undefined;
  const clean = (obj: any): any => {
    for (const key of Object.keys(obj)) {
      if (typeof obj[key] === 'object' && obj[key] !== null) {
        const combined = Object.keys(obj).join(' and ');
        placeholder = (clone.options?.[key] ?? clone.options?.[combined])?.find((o: any) => o.key === key)?.name;
        obj[key] = clean(obj[key]);
      } else {
        obj[key] = `<${placeholder ?? key}>`;
      }
    }
    return obj;
  };
  return {...clone, data: clean(clone.data)};
}

/** The request the try-it form starts from, as a Postman request. */
export function initialRequest(api: any) {
  const accept = acceptOptions(api)[0];
  const contentType = contentTypeOptions(api)[0];
  const params = initialParams(api);
  const auth = initialAuth(api.security, api.securitySchemes);
  const postman = new sdk.Request(api.postman ?? {});
  // Without a server the builder takes the page's origin; every operation here has one, but the
  // builder reads `window` first. It exists only for this synchronous call, never for the rest of the build.
  const global = globalThis as {window?: unknown};
  const hadWindow = 'window' in global;
  if (!hadWindow) global.window = {location: {origin: 'https://time.example.ru'}};
  try {
    return build(postman, params, contentType, accept, api, auth);
  } finally {
    if (!hadWindow) delete global.window;
  }
}

function build(postman: unknown, params: Record<string, any[]>, contentType: string | undefined, accept: string | undefined, api: any, auth: any) {
  const spec = contentType ? api.requestBody?.content?.[contentType]?.encoding : undefined;
  return buildPostmanRequest(postman, {
    queryParams: params.query,
    pathParams: params.path,
    cookieParams: params.cookie,
    headerParams: params.header,
    contentType,
    accept,
    body: initialBody(api, contentType),
    server: api.servers?.[0],
    auth: maskedAuth(auth),
    encoding: spec && Object.keys(spec).length ? spec : undefined,
  });
}

/**
 * One snippet. The generators take a callback but call it before they return; a generator that
 * ever answers later is an error here, not a page without its sample.
 */
function convert(language: string, variant: string, request: unknown, options: unknown): string {
  let result: {error: Error | null; snippet: string} | undefined;
  codegen.convert(language, variant, request, options, (error: Error | null, snippet: string) => {
    result = {error, snippet};
  });
  if (!result) throw new Error(`postman-code-generators (${language}, ${variant}) did not answer synchronously`);
  if (result.error) throw new Error(`postman-code-generators (${language}, ${variant}): ${result.error.message ?? result.error}`);
  return result.snippet;
}

let mergedLanguages: any[] | undefined;

/** The language tabs of the site (config/openapi.ts: data), merged with the generators' defaults as the theme does; made once. */
function languages(): any[] {
  if (mergedLanguages) return mergedLanguages;
  const all = generateLanguageSet();
  const configured = all.filter((l: any) => languageTabs.some((t) => t.language === l.language));
  mergedLanguages = mergeCodeSampleLanguage(mergeArraysbyLanguage(structuredClone(languageTabs), configured), []);
  return mergedLanguages!;
}

/** Every language tab and variant of one operation's code samples. */
export function codeSamplesFor(api: any): CodeSampleLanguage[] {
  const request = initialRequest(api);
  const out: CodeSampleLanguage[] = [];
  for (const lang of languages()) {
    const variants = [];
    for (const name of lang.variants as string[]) variants.push({name, code: convert(lang.language, name, request, lang.options)});
    out.push({language: lang.language, highlight: lang.highlight, logoClass: lang.logoClass, variant: lang.variant, variants});
  }
  return out;
}
