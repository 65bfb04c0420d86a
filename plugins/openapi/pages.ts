/**
 * The operation pages of the API reference, written through docusaurus-plugin-openapi-docs'
 * `markdownGenerators`: the plugin parses the spec and hands each operation here, and the page
 * is composed from the plugin's own building blocks, with three changes of ours:
 * - Russian labels where the plugin writes English ones (the «Запрос» heading, «Тело запроса»);
 * - the method and full path as static text: the theme shows the server address only in the
 *   browser, so without it the HTML and the search index would have `/bots/:bot_user_id` but never
 *   `POST /api/v4/bots`;
 * - the code samples, made here at build time from the operation (./samples.ts) and written as data
 *   next to the page (`<id>.samples.json`, ./sample-files.ts), which the page's module re-exports
 *   for src/theme/ApiItem and the Markdown export reads: operation pages do not download the code
 *   generators, and nothing parses samples back out of a page.
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {codeSamplesFor} from './samples';
import {SAMPLES_EXPORT, samplesFileName} from './sample-files';
import {serverBasePath} from './endpoint';

/* eslint-disable @typescript-eslint/no-explicit-any -- the plugin's page data is untyped JSON. */
const load = createRequire(__filename);
const md = (name: string) => load(`docusaurus-plugin-openapi-docs/lib/markdown/${name}`);
const {create, render} = md('utils');
const {createHeading} = md('createHeading');
const {createMethodEndpoint} = md('createMethodEndpoint');
const {createAuthorization} = md('createAuthorization');
const {createDeprecationNotice} = md('createDeprecationNotice');
const {createDescription} = md('createDescription');
const {createParamsDetails} = md('createParamsDetails');
const {createRequestBodyDetails} = md('createRequestBodyDetails');
const {createStatusCodes} = md('createStatusCodes');
const {createCallbacks} = md('createCallbacks');

const IMPORTS = [
  'import MethodEndpoint from "@theme/ApiExplorer/MethodEndpoint";',
  'import ParamsDetails from "@theme/ParamsDetails";',
  'import RequestSchema from "@theme/RequestSchema";',
  'import StatusCodes from "@theme/StatusCodes";',
  'import OperationTabs from "@theme/OperationTabs";',
  'import TabItem from "@theme/TabItem";',
  'import Heading from "@theme/Heading";',
  'import Translate from "@docusaurus/Translate";',
].join('\n');

/** The request as a line of text: «Запрос: POST /api/v4/posts». */
export function endpointText(method: string, fullPath: string): string {
  return `<p className="api-endpoint-text">Запрос: <code>{${JSON.stringify(`${method.toUpperCase()} ${fullPath}`)}}</code></p>\n\n`;
}

/**
 * The try-it form fills its body editor from the schema (a schema's own `example` first), so each
 * JSON body's schema takes the authored example: the form, its live samples and the build-time
 * samples then all start from that example instead of «string» and 0. The plugin stores `api` in
 * the page after this generator has run, so the page carries the change; the published spec does not.
 */
export function startFromAuthoredExamples(api: any): void {
  for (const media of Object.values<any>(api.requestBody?.content ?? {})) {
    if (media?.schema && media.example !== undefined && media.schema.example === undefined) media.schema = {...media.schema, example: media.example};
  }
}

interface ApiPage {
  id: string;
  title: string;
  api: any;
  infoPath?: string;
}

/** An operation page's MDX; `samples` is the module path its code samples are exported from. */
export function createApiPageMD({title, api, infoPath}: ApiPage, samples?: string): string {
  startFromAuthoredExamples(api);
  const {deprecated, 'x-deprecated-description': deprecatedDescription, description, method, path, parameters, requestBody, responses, callbacks} = api;
  return render([
    `${IMPORTS}\n\n`,
    createHeading(title),
    createMethodEndpoint(method, path),
    endpointText(method, `${serverBasePath(api)}${path}`),
    infoPath && createAuthorization(infoPath),
    createDeprecationNotice({deprecated, description: deprecatedDescription}),
    createDescription(description),
    // Plain text, not <Translate>: the heading's anchor takes its label from the text.
    requestBody || parameters ? [create('Heading', {id: 'request', as: 'h2', className: 'openapi-tabs__heading', children: ['{"Запрос"}']}), '\n\n'] : undefined,
    createParamsDetails({parameters}),
    createRequestBodyDetails({title: 'Тело запроса', body: requestBody}),
    createStatusCodes({responses}),
    createCallbacks({callbacks}),
    samples && `\nexport {default as ${SAMPLES_EXPORT}} from ${JSON.stringify(samples)};\n`,
  ]);
}

/**
 * The generator of one spec's operation pages (`outputDir` as in the plugin's options, from the site
 * folder): each page's code samples are written to its samples file, and the page exports them.
 */
export function apiPageGenerator(outputDir: string, siteDir = path.resolve(__dirname, '../..')) {
  return (page: ApiPage): string => {
    const file = samplesFileName(page.id);
    // After the page: it makes the operation's body start from the authored example, as the samples do.
    const mdx = createApiPageMD(page, `./${file}`);
    fs.mkdirSync(path.join(siteDir, outputDir), {recursive: true});
    fs.writeFileSync(path.join(siteDir, outputDir, file), JSON.stringify(codeSamplesFor(page.api)));
    return mdx;
  };
}
