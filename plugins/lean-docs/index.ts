/**
 * The docs plugin, minus data that every page would download without using it.
 *
 * `@docusaurus/plugin-content-docs` ships two lists of all docs of an instance to the browser:
 * - the version's `docs` map (id, title, description of every doc) in the props of the version
 *   route, loaded by every page of the instance. Only DocCard (`<DocCardList>`, generated-index
 *   categories) reads it. The guides use neither (the content check keeps it so), and the map costs
 *   every guide page ≈12 KB of gzipped JavaScript; `versionDocs: false` sends an empty map.
 * - the global data's `docs` list (id, path, sidebar), in `main.js` of every page of the site. It
 *   lets navbar doc items find their page and mark it active. No navbar item points into the API
 *   reference, whose 440 pages made the list ≈4.4 KB gzip; `globalDocs: false` sends it empty.
 * Everything else (routes, sidebars, version metadata) is the plugin's own.
 */
import type {LoadContext, OptionValidationContext, Plugin, PluginContentLoadedActions, RouteConfig} from '@docusaurus/types';
import docsPlugin, {validateOptions as validateDocsOptions} from '@docusaurus/plugin-content-docs';
import type {PluginOptions} from '@docusaurus/plugin-content-docs';

export interface LeanOptions {
  /** Keep the version's docs map in the version route props (DocCard needs it). */
  versionDocs: boolean;
  /** Keep the docs list in the plugin's global data (navbar doc items need it). */
  globalDocs: boolean;
}

interface VersionProps {
  version?: {docs?: Record<string, unknown>};
}

/** The route tree with every version route's `docs` map emptied. */
export function withoutVersionDocs(route: RouteConfig): RouteConfig {
  const props = route.props as VersionProps | undefined;
  const version = props?.version;
  return {
    ...route,
    ...(version?.docs ? {props: {...props, version: {...version, docs: {}}}} : {}),
    ...(route.routes ? {routes: route.routes.map(withoutVersionDocs)} : {}),
  };
}

interface GlobalData {
  versions: {docs: unknown[]}[];
}

/** The plugin's global data with every version's docs list emptied. */
export function withoutGlobalDocs<T extends GlobalData>(data: T): T {
  return {...data, versions: data.versions.map((version) => ({...version, docs: []}))};
}

/** Sidebar categories whose index page is generated (it lists its docs as DocCards). */
export function generatedIndexCategories(content: unknown): string[] {
  const found: string[] = [];
  const walk = (items: unknown[]) => {
    for (const item of items as {type?: string; label?: string; link?: {type?: string}; items?: unknown[]}[]) {
      if (item.type === 'category' && item.link?.type === 'generated-index') found.push(item.label ?? '?');
      if (item.items) walk(item.items);
    }
  };
  for (const version of (content as {loadedVersions?: {sidebars?: Record<string, unknown[]>}[]}).loadedVersions ?? []) {
    for (const sidebar of Object.values(version.sidebars ?? {})) walk(sidebar);
  }
  return found;
}

/** Options: the docs plugin's own, plus `lean` (what to leave out). */
export type LeanDocsOptions = PluginOptions & {lean: LeanOptions};

/**
 * A docs plugin that leaves out what `lean` turns off. Used by module path
 * (`['./plugins/lean-docs', {...docsOptions, lean}]`) because docusaurus-plugin-openapi-docs finds
 * the docs instance of the reference by that string (its `docsPlugin` option).
 */
export default async function leanDocs(context: LoadContext, options: LeanDocsOptions): Promise<Plugin<unknown>> {
  const {lean, ...docsOptions} = options;
  const docs = (await docsPlugin(context, docsOptions as PluginOptions)) as Plugin<unknown>;
  const contentLoaded = docs.contentLoaded;
  if (!contentLoaded) throw new Error('lean-docs: the docs plugin has no contentLoaded lifecycle (has its API changed?)');
  return {
    ...docs,
    async contentLoaded(args) {
      const generated = lean.versionDocs ? [] : generatedIndexCategories(args.content);
      if (generated.length) {
        throw new Error(
          `lean-docs: sidebar categories with a generated index need the docs map that this instance leaves out (versionDocs: false): ${generated.join(', ')}. Give the category a doc page as its link instead.`,
        );
      }
      const actions: PluginContentLoadedActions = {
        ...args.actions,
        addRoute: (route) => args.actions.addRoute(lean.versionDocs ? route : withoutVersionDocs(route)),
        setGlobalData: (data) => args.actions.setGlobalData(lean.globalDocs ? data : withoutGlobalDocs(data as GlobalData)),
      };
      return contentLoaded({...args, actions});
    },
  };
}

/** The docs plugin's validation, with `lean` checked here and kept. */
export function validateOptions(args: OptionValidationContext<Partial<LeanDocsOptions> | undefined, LeanDocsOptions>): LeanDocsOptions {
  const {lean, ...docsOptions} = args.options ?? {};
  if (!lean || typeof lean.versionDocs !== 'boolean' || typeof lean.globalDocs !== 'boolean') {
    throw new Error('lean-docs: the `lean` option needs `versionDocs` and `globalDocs` (true to keep, false to leave out)');
  }
  const validated = validateDocsOptions({...args, options: docsOptions} as never) as PluginOptions;
  return {...validated, lean};
}
