/**
 * The settings catalogue: every setting documented under /administration/settings/ comes from
 * data/settings/<group>/<page>.yaml. This module loads and validates the catalogue; the plugin
 * (./index.ts publishes the index of all settings, ./remark.ts renders the pages), the content
 * check and the tests use it.
 *
 * One YAML file = one page: data/settings/environment/smtp.yaml renders on
 * /administration/settings/environment/smtp. The environment variable and the anchor of each
 * setting are derived from its key, never written by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import * as z from 'zod';
import {CONFIG_SECTIONS, envVarForKey} from './env-var';
import {fingerprintFiles, listFiles} from '../shared/files';
import {checkAgainstLineage, loadLineage, type Lineage} from './lineage';

export const SETTINGS_DIR = path.resolve(__dirname, '../../data/settings');
export const SETTINGS_ROUTE = '/administration/settings/';

export const SETTING_TYPES = ['string', 'secret', 'integer', 'number', 'boolean', 'enum', 'list', 'map'] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

/** Russian names of the types, as shown on the pages. */
export const TYPE_LABELS: Record<SettingType, string> = {
  string: 'строка',
  secret: 'строка, секрет',
  integer: 'целое число',
  number: 'число',
  boolean: 'логический: true или false',
  enum: 'одно значение из списка',
  list: 'список строк',
  map: 'объект JSON',
};

export const EDITIONS = ['professional', 'enterprise'] as const;
export const EDITION_LABELS: Record<(typeof EDITIONS)[number], string> = {
  professional: 'Professional и Enterprise',
  enterprise: 'только Enterprise',
};

/* Plugin manifests may use underscores in setting keys (BASE_URL); config sections and keys never do. */
const KEY = /^[A-Z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
const LATIN_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const PLUGIN_ID = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,189}$/;
const PLUGIN_KEY_PREFIX = 'PluginSettings.Plugins.';

const settingSchema = z
  .object({
    key: z.string().regex(KEY, 'key must look like Section.Setting (Latin letters and digits)'),
    name: z.string().trim().min(2, 'name (as shown in the System Console) is required'),
    type: z.enum(SETTING_TYPES, {message: `type must be one of: ${SETTING_TYPES.join(', ')}`}),
    default: z.unknown().optional(),
    values: z
      .array(z.union([z.string(), z.number()]))
      .min(1)
      .optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    unit: z.string().trim().min(1).optional(),
    console: z.union([z.string().trim().min(3), z.literal(false)]).optional(),
    description: z.string().trim().min(40, 'description is required: at least one full sentence in Russian'),
    recommendation: z.string().trim().min(10).optional(),
    warning: z.string().trim().min(10).optional(),
    restart: z.boolean({message: 'restart (true or false) is required'}),
    edition: z.enum(EDITIONS).optional(),
    origin: z.literal('time').optional(),
    timeChange: z.string().trim().min(20, 'timeChange: say in a sentence why Time differs from its lineage').optional(),
    vendorDefault: z.literal(true).optional(),
  })
  .strict();

const sectionSchema = z
  .object({
    title: z.string().trim().min(2),
    id: z.string().regex(LATIN_ID, 'section id must be Latin kebab-case'),
    intro: z.string().trim().min(10).optional(),
    origin: z.literal('time').optional(),
    settings: z.array(z.unknown()).min(1, 'a section lists at least one setting'),
  })
  .strict();

const fileSchema = z
  .object({
    console: z.string().trim().min(3, 'console: the System Console path of this page, e.g. "Среда → SMTP"'),
    origin: z.literal('time').optional(),
    plugin: z.string().regex(PLUGIN_ID, 'plugin: the plugin id from its manifest, e.g. "ru.tinkoff.mm.workflow"').optional(),
    sections: z.array(z.unknown()).min(1),
  })
  .strict();

export type SettingInput = z.infer<typeof settingSchema>;

export interface Setting extends Omit<SettingInput, 'origin'> {
  /** Page id: the YAML path without extension, e.g. "environment/smtp". */
  page: string;
  section: string;
  /** The full console path of the setting, or null when only config.json and the environment set it. */
  consolePath: string | null;
  /** Its environment variable, or null for plugin settings, which the server reads only as a whole map. */
  env: string | null;
  /** Where the value lives in config.json, as a reader would look it up. */
  configPath: string;
  /** `lineage`: a key of the Mattermost release Time descends from; `time`: Time's own. */
  origin: 'lineage' | 'time';
  /** The plugin id, for settings of a plugin page. */
  plugin?: string;
  anchor: string;
  /** Route of the page with the anchor. */
  url: string;
}

export interface SettingsSection {
  title: string;
  id: string;
  intro?: string;
  origin?: 'time';
  settings: Setting[];
}

export interface SettingsPage {
  page: string;
  file: string;
  console: string;
  plugin?: string;
  sections: SettingsSection[];
}

export interface Catalogue {
  pages: Map<string, SettingsPage>;
  settings: Setting[];
}

/** `EmailSettings.SMTPServer` → `emailsettings-smtpserver`: the stable anchor of a setting. */
export function anchorForKey(key: string): string {
  return key.toLowerCase().split('.').join('-');
}

export function routeForPage(page: string): string {
  return `${SETTINGS_ROUTE}${page}`;
}

/** Why a default value does not fit its declared type, or null when it fits. */
export function checkDefault(s: SettingInput): string | null {
  const d = s.default;
  if (s.vendorDefault) return d === undefined ? null : 'vendorDefault says no source gives the default: drop default';
  if (d === undefined) return 'default is required (use null for «не задано», or vendorDefault: true when only the vendor knows it)';
  if (d === null) return null;
  const inRange = (n: number) =>
    (s.min !== undefined && n < s.min) || (s.max !== undefined && n > s.max) ? `default ${n} is outside ${s.min ?? '−∞'}…${s.max ?? '∞'}` : null;
  switch (s.type) {
    case 'string':
    case 'secret':
      return typeof d === 'string' ? null : `default ${JSON.stringify(d)} is not a string`;
    case 'integer':
      return Number.isInteger(d) ? inRange(d as number) : `default ${JSON.stringify(d)} is not an integer`;
    case 'number':
      return typeof d === 'number' ? inRange(d) : `default ${JSON.stringify(d)} is not a number`;
    case 'boolean':
      return typeof d === 'boolean' ? null : `default ${JSON.stringify(d)} is not true or false`;
    case 'enum':
      if (!s.values) return 'an enum needs values';
      return s.values.includes(d as string) ? null : `default ${JSON.stringify(d)} is not one of values`;
    case 'list':
      return Array.isArray(d) && d.every((v) => typeof v === 'string') ? null : `default ${JSON.stringify(d)} is not a list of strings`;
    case 'map':
      return typeof d === 'object' && !Array.isArray(d) ? null : `default ${JSON.stringify(d)} is not an object`;
    default:
      return null;
  }
}

function issuesOf(error: z.ZodError): string[] {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
}

/** Parses one catalogue file; problems are returned as messages naming the file, line and entry. */
export function parseSettingsFile(file: string, page: string, source: string, lineage?: Lineage): {page?: SettingsPage; problems: string[]} {
  const problems: string[] = [];
  const lineCounter = new YAML.LineCounter();
  const doc = YAML.parseDocument(source, {lineCounter, prettyErrors: true});
  if (doc.errors.length) return {problems: [`${file}: not valid YAML: ${doc.errors[0].message.split('\n')[0]}`]};
  const raw: unknown = doc.toJS();
  const lineOf = (...at: (string | number)[]) => {
    const node = doc.getIn(at, true) as {range?: [number, number, number]} | undefined;
    return node?.range ? lineCounter.linePos(node.range[0]).line : undefined;
  };
  const top = fileSchema.safeParse(raw);
  if (!top.success) return {problems: issuesOf(top.error).map((m) => `${file}: ${m}`)};
  const {plugin} = top.data;
  if (page.startsWith('plugins/') && !plugin) {
    return {problems: [`${file}:1: a plugin page names its plugin: add "plugin: <id>" with the id from the plugin's manifest (plugin.json)`]};
  }

  const result: SettingsPage = {page, file, console: top.data.console, plugin, sections: []};
  top.data.sections.forEach((rawSection, si) => {
    const section = sectionSchema.safeParse(rawSection);
    if (!section.success) {
      problems.push(...issuesOf(section.error).map((m) => `${file}:${lineOf('sections', si) ?? 1}: section ${si + 1}: ${m}`));
      return;
    }
    const settings: Setting[] = [];
    section.data.settings.forEach((rawSetting, i) => {
      const key = (rawSetting as {key?: unknown})?.key;
      const line = lineOf('sections', si, 'settings', i);
      const where = `${file}${line ? `:${line}` : ''}: section "${section.data.id}", entry ${i + 1}${typeof key === 'string' ? ` (${key})` : ''}`;
      const parsed = settingSchema.safeParse(rawSetting);
      if (!parsed.success) {
        problems.push(...issuesOf(parsed.error).map((m) => `${where}: ${m}`));
        return;
      }
      const {origin: ownOrigin, ...s} = parsed.data;
      const origin = ownOrigin ?? section.data.origin ?? top.data.origin ?? 'lineage';
      const wrongDefault = checkDefault(s);
      if (wrongDefault) problems.push(`${where}: ${wrongDefault}`);
      if (s.values && s.type !== 'enum') problems.push(`${where}: values are only for type enum`);
      if ((s.min !== undefined || s.max !== undefined) && s.type !== 'integer' && s.type !== 'number') {
        problems.push(`${where}: min and max are only for numbers`);
      }
      const sectionName = s.key.split('.')[0];
      if (!(CONFIG_SECTIONS as readonly string[]).includes(sectionName)) {
        problems.push(`${where}: "${sectionName}" is not a known config section (plugins/settings/env-var.ts)`);
      }
      const pluginKey = s.key.startsWith(PLUGIN_KEY_PREFIX) ? s.key.slice(PLUGIN_KEY_PREFIX.length).split('.') : null;
      if (pluginKey && (!plugin || pluginKey.length !== 2)) {
        problems.push(`${where}: a plugin setting is PluginSettings.Plugins.<plugin>.<Setting> on a page whose file names the plugin id (plugin: …)`);
      } else if (!pluginKey && plugin) {
        problems.push(`${where}: a plugin page (plugin: ${plugin}) lists only PluginSettings.Plugins.<plugin>.<Setting> keys`);
      } else if (!pluginKey && s.key.includes('_')) {
        problems.push(`${where}: only a plugin's own setting keys may contain "_"`);
      } else if (!pluginKey && lineage) {
        const mismatch = checkAgainstLineage({...s, origin}, lineage);
        if (mismatch) problems.push(`${where}: ${mismatch}`);
      }
      let env: string | null = null;
      try {
        if (!pluginKey) env = envVarForKey(s.key);
      } catch (error) {
        problems.push(`${where}: ${(error as Error).message}`);
      }
      const anchor = anchorForKey(s.key);
      settings.push({
        ...s,
        origin,
        page,
        section: section.data.id,
        consolePath: s.console === false ? null : (s.console ?? top.data.console),
        env,
        configPath: pluginKey && plugin ? `PluginSettings.Plugins["${plugin}"].${pluginKey[1].toLowerCase()}` : s.key,
        ...(plugin ? {plugin} : {}),
        anchor,
        url: `${routeForPage(page)}#${anchor}`,
      });
    });
    result.sections.push({...section.data, settings});
  });
  const sectionIds = result.sections.map((s) => s.id);
  for (const id of new Set(sectionIds)) {
    if (sectionIds.indexOf(id) !== sectionIds.lastIndexOf(id)) problems.push(`${file}: duplicate section id "${id}"`);
  }
  return {page: result, problems};
}

/** All *.yaml files below dir, as [file, page id] pairs. */
function listCatalogueFiles(dir: string): [string, string][] {
  return listFiles(dir, (f) => /\.ya?ml$/.test(f)).map((file) => [
    file,
    path
      .relative(dir, file)
      .replace(/\.ya?ml$/, '')
      .split(path.sep)
      .join('/'),
  ]);
}

export class CatalogueError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Settings catalogue is invalid (${problems.length} problem(s)):\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'CatalogueError';
  }
}

/** Loads and validates the whole catalogue; throws CatalogueError listing every problem. */
export function loadCatalogue(dir = SETTINGS_DIR, relativeTo = path.resolve(dir, '../..'), lineage: Lineage | null = loadLineage()): Catalogue {
  const problems: string[] = [];
  const pages = new Map<string, SettingsPage>();
  for (const [file, page] of listCatalogueFiles(dir)) {
    const shown = path.relative(relativeTo, file);
    const parsed = parseSettingsFile(shown, page, fs.readFileSync(file, 'utf8'), lineage ?? undefined);
    problems.push(...parsed.problems);
    if (parsed.page) pages.set(page, parsed.page);
  }
  const settings = [...pages.values()].flatMap((p) => p.sections.flatMap((s) => s.settings));
  const seen = new Map<string, Setting>();
  for (const s of settings) {
    const other = seen.get(s.key.toLowerCase());
    if (other) problems.push(`duplicate key ${s.key}: in data/settings/${other.page}.yaml and data/settings/${s.page}.yaml`);
    else seen.set(s.key.toLowerCase(), s);
  }
  if (problems.length) throw new CatalogueError(problems);
  return {pages, settings};
}

let cached: {dir: string; mtime: number; catalogue: Catalogue} | undefined;

/** loadCatalogue with a cache that is dropped when any catalogue file changes (live editing). */
export function loadCatalogueCached(dir = SETTINGS_DIR): Catalogue {
  const mtime = Math.max(0, ...listCatalogueFiles(dir).map(([f]) => fs.statSync(f).mtimeMs));
  if (!cached || cached.dir !== dir || cached.mtime !== mtime) cached = {dir, mtime, catalogue: loadCatalogue(dir)};
  return cached.catalogue;
}

/**
 * A hash of every catalogue file. It is passed in the docs plugin options, which Docusaurus writes
 * into the MDX loader's dependency file: when the catalogue changes, the persistent build cache
 * recompiles the settings pages instead of serving them from the previous build.
 */
export function catalogueFingerprint(dir = SETTINGS_DIR): string {
  return fingerprintFiles(
    listCatalogueFiles(dir).map(([file]) => file),
    dir,
  );
}
