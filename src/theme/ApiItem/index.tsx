/**
 * Pages of the API reference. Based on docusaurus-theme-openapi-docs' ApiItem (MIT licence,
 * © Palo Alto Networks): the same Redux store for the try-it form and the same two-column layout,
 * with these changes:
 *
 * - The right column is rendered into the HTML (src/components/ApiPanel): the code samples made at
 *   build time, and the try-it form loaded only when the reader opens it. The theme drew the column
 *   in the browser only, behind a skeleton, and every operation page downloaded its code generators.
 * - Code made in the browser (try-it responses, the samples once the reader edits the request) is
 *   highlighted by Prism: the two grammars it lacks are registered in ./prismLanguages, and code
 *   blocks without build-time tokens get theme-classic's Prism renderer through
 *   RuntimeHighlighterContext.
 * - What the form takes back from browser storage is checked (./storedState) and storage is
 *   guarded (../ApiExplorer/storage-utils): blocked storage or a malformed stored value leaves the
 *   form with the operation's defaults instead of failing the page.
 */
import {useMemo, type ReactNode} from 'react';
import {DocProvider} from '@docusaurus/plugin-content-docs/client';
import {HtmlClassNameProvider} from '@docusaurus/theme-common';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {createAuth} from '@theme/ApiExplorer/Authorization/slice';
import {createPersistenceMiddleware} from '@theme/ApiExplorer/persistenceMiddleware';
import {createStorage} from '@theme/ApiExplorer/storage-utils';
import DocItemLayout from '@theme/ApiItem/Layout';
import {createStoreWithState} from '@theme/ApiItem/store';
import type {Props} from '@theme/DocItem';
import DocItemMetadata from '@theme/DocItem/Metadata';
import PrismContent from '@theme-original/CodeBlock/Content';
import {SchemaExpansionProvider} from '@theme/SchemaExpansion';
import clsx from 'clsx';
import {ungzip} from 'pako';
import {Provider} from 'react-redux';
import ApiPanel from '@site/src/components/ApiPanel';
import {acceptOptions, contentTypeOptions, initialParams, type Operation} from '@site/src/components/ApiPanel/requestDefaults';
import type {CodeSampleLanguage} from '@site/src/components/ApiPanel/StaticCodeSamples';
import {RuntimeHighlighterContext} from '../CodeBlock/Content/tokens';
import {checkedAuth, restoreServer, type Server} from './storedState';
import './prismLanguages';

/** The generated page's module: the MDX content with its front matter and build-time samples. */
type Content = Props['content'] & {codeSamples?: CodeSampleLanguage[]};

/** The `api` front matter: deflated JSON in base64 (docusaurus-plugin-openapi-docs). */
function decodeOperation(encoded: unknown): Operation | undefined {
  if (typeof encoded !== 'string') return undefined;
  const binary = atob(encoded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(ungzip(bytes)));
}

/**
 * The try-it form's store, with the operation's defaults. The theme rendered the server HTML from an
 * empty store and built the real one after hydration, which re-rendered the whole page (on a long
 * schema, a second of main-thread work on a phone). Here the server and the browser start from the
 * same state; what only the browser has — a server address or credentials the reader saved in this
 * session — is read in the browser only and shown by components that render after hydration
 * (the endpoint's server address, the try-it form).
 */
function createOperationStore(api: Operation, options: ApiOptions | undefined) {
  const inBrowser = ExecutionEnvironment.canUseDOM;
  const persisting = inBrowser ? options : {...options, authPersistence: false as const};
  const accept = acceptOptions(api);
  const contentTypes = contentTypeOptions(api);
  const servers: Server[] = api.servers ?? [];
  // Guarded storage (./storedState, ../ApiExplorer/storage-utils): blocked storage or a stored value
  // of the wrong shape leaves the operation's defaults.
  const storedServer = inBrowser ? createStorage(options?.authPersistence ?? 'sessionStorage').getItem('server') : null;
  const server = restoreServer(storedServer, servers);
  return createStoreWithState(
    {
      accept: {value: accept[0], options: accept},
      contentType: {value: contentTypes[0], options: contentTypes},
      // The first server, as the form's Server field would set it on opening.
      server: {value: server ?? servers[0], options: servers},
      response: {value: undefined},
      body: {type: 'empty'},
      params: initialParams(api),
      auth: checkedAuth(createAuth({security: api.security, securitySchemes: api.securitySchemes, options: persisting})),
      schemaSelection: {selections: {}},
      encodingSelection: {},
    },
    [createPersistenceMiddleware(persisting)],
  );
}

type ApiOptions = {authPersistence?: false | 'localStorage' | 'sessionStorage'};

function OperationColumns({content, api}: {content: Content; api: Operation}): ReactNode {
  const MDXComponent = content;
  const {siteConfig} = useDocusaurusContext();
  const options = (siteConfig.themeConfig as {api?: ApiOptions}).api;
  // One store per operation (the theme made a new one on every render, losing the form's state).
  const store = useMemo(() => createOperationStore(api, options), [api, options]);
  const infoPath = (content.frontMatter as {info_path?: string}).info_path ?? '';
  return (
    <Provider store={store}>
      <SchemaExpansionProvider>
        <div className={clsx('row', 'theme-api-markdown')}>
          <div className="col col--7 openapi-left-panel__container">
            <MDXComponent />
          </div>
          <div className="col col--5 openapi-right-panel__container">
            <ApiPanel key={content.metadata.id} item={api} infoPath={infoPath} samples={content.codeSamples ?? []} />
          </div>
        </div>
      </SchemaExpansionProvider>
    </Provider>
  );
}

export default function ApiItem(props: Props): ReactNode {
  const content = props.content as Content;
  const MDXComponent = content;
  const encoded = (content.frontMatter as {api?: unknown}).api;
  const api = useMemo(() => decodeOperation(encoded), [encoded]);
  return (
    <RuntimeHighlighterContext.Provider value={PrismContent}>
      <DocProvider content={props.content}>
        <HtmlClassNameProvider className={`docs-doc-id-${content.metadata.id}`}>
          <DocItemMetadata />
          <DocItemLayout>
            {api ? (
              <OperationColumns content={content} api={api} />
            ) : (
              // The reference's hand-written chapters (introduction, errors…).
              <div className="row">
                <div className="col col--12 markdown">
                  <MDXComponent />
                </div>
              </div>
            )}
          </DocItemLayout>
        </HtmlClassNameProvider>
      </DocProvider>
    </RuntimeHighlighterContext.Provider>
  );
}
