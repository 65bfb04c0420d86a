/**
 * Renders the settings catalogue into the pages at build time. A page under
 * docs/administration/settings/ writes `<SettingsCatalogue />` where its settings belong; this
 * plugin replaces that element with real Markdown nodes built from data/settings/<page>.yaml:
 * an h2 per section and an h3 per setting with the anchor derived from its key, so the settings
 * appear in the table of contents, in search and in the HTML without any client-side code.
 *
 * It runs before Docusaurus' own remark plugins (beforeDefaultRemarkPlugins), so headings get
 * their ids, TOC entries and admonitions like hand-written ones.
 */
import path from 'node:path';
import {groupThousands} from '../rehype-typography';
import {anchorForKey, EDITION_LABELS, loadCatalogueCached, routeForPage, SETTINGS_DIR, TYPE_LABELS, type Setting, type SettingsPage} from './catalogue';
import {envVarForKey} from './env-var';

/* Minimal mdast shapes used here (the full types live in ESM-only packages). */
interface Node {
  type: string;
  [key: string]: unknown;
  children?: Node[];
}

const PLACEHOLDER = 'SettingsCatalogue';

const text = (value: string): Node => ({type: 'text', value});
const code = (value: string): Node => ({type: 'inlineCode', value});
const strong = (...children: Node[]): Node => ({type: 'strong', children});
const paragraph = (...children: Node[]): Node => ({type: 'paragraph', children});
const jsx = (name: string, children: Node[], className?: string): Node => ({
  type: 'mdxJsxFlowElement',
  name,
  attributes: className ? [{type: 'mdxJsxAttribute', name: 'className', value: className}] : [],
  children,
});
const heading = (depth: 2 | 3, title: string, id: string): Node => ({
  type: 'heading',
  depth,
  children: [text(title)],
  data: {hProperties: {id}, id},
});

/** How a default value reads on the page. */
export function formatDefault(s: Pick<Setting, 'type' | 'default' | 'unit'>): Node[] {
  const d = s.default;
  if (d === null || d === undefined) return [text('не задано')];
  if (d === '') return [text('пустая строка')];
  if (Array.isArray(d)) return d.length === 0 ? [text('пустой список')] : [code(JSON.stringify(d))];
  if (typeof d === 'object') return Object.keys(d).length === 0 ? [text('пустой объект')] : [code(JSON.stringify(d))];
  const shown = [code(String(d))];
  return s.unit ? [...shown, text(`\u00a0${s.unit}`)] : shown;
}

/**
 * A bound of a quantity with a unit as prose shows it: 10 000 and more grouped by threes with
 * non-breaking spaces (CONTRIBUTING.md). Bounds without a unit (ports, counts of IDs) stay as written.
 */
export function formatBound(value: number, unit?: string): string {
  return unit && Math.abs(value) >= 10_000 ? groupThousands(String(value)) : String(value);
}

function allowedValues(s: Setting): Node[] | null {
  if (s.values) {
    const shown = (v: string | number) => (v === '' ? text('пустая строка') : code(String(v)));
    return s.values.flatMap((v, i) => (i === 0 ? [shown(v)] : [text(', '), shown(v)]));
  }
  if (s.min !== undefined || s.max !== undefined) {
    const parts = [s.min !== undefined ? `от ${formatBound(s.min, s.unit)}` : '', s.max !== undefined ? `до ${formatBound(s.max, s.unit)}` : '']
      .filter(Boolean)
      .join(' ');
    return [text(s.unit ? `${parts}\u00a0${s.unit}` : parts)];
  }
  return null;
}

type Parse = (markdown: string) => Node[];

export const NO_CONSOLE_FIELD = 'поля в консоли нет: значение задаётся только в config.json или переменной окружения';
export const VENDOR_DEFAULT = 'задаёт поставка Time; текущее значение видно в консоли и в config.json';
export const VENDOR_DEFAULT_NO_CONSOLE = 'задаёт поставка Time; текущее значение видно в config.json';
export const TIME_ORIGIN = 'собственный параметр Time: в серверах линии Mattermost его нет';
/** Where the one variable that carries every plugin's settings is documented. */
export const PLUGIN_MAP_SETTING = 'PluginSettings.Plugins';

/**
 * Plugin settings have no variable of their own: the server reads only the whole map of all
 * plugins' settings from one variable, so the row names that variable and links to its entry.
 */
function pluginEnvNote(): Node[] {
  return [
    text('своей переменной нет; настройки всех плагинов задаются вместе, одним объектом JSON в '),
    {type: 'link', url: `${routeForPage('environment/plugins')}#${anchorForKey(PLUGIN_MAP_SETTING)}`, children: [code(envVarForKey(PLUGIN_MAP_SETTING))]},
  ];
}

function settingNodes(s: Setting, parse: Parse): Node[] {
  const rows: [string, Node[]][] = [
    ['Ключ в config.json', [code(s.configPath)]],
    ['Переменная окружения', s.env ? [code(s.env)] : pluginEnvNote()],
    ['Где в консоли', s.consolePath ? [strong(text(`Системная консоль → ${s.consolePath}`))] : [text(NO_CONSOLE_FIELD)]],
    ['Тип', [text(TYPE_LABELS[s.type])]],
    ['По умолчанию', s.vendorDefault ? [text(s.consolePath ? VENDOR_DEFAULT : VENDOR_DEFAULT_NO_CONSOLE)] : formatDefault(s)],
  ];
  if (s.origin === 'time') rows.push(['Происхождение', [text(TIME_ORIGIN)]]);
  const allowed = allowedValues(s);
  if (allowed) rows.push(['Допустимые значения', allowed]);
  rows.push(['После изменения', [text(s.restart ? 'нужен перезапуск сервера' : 'применяется без перезапуска')]]);
  if (s.edition) rows.push(['Лицензия', [text(EDITION_LABELS[s.edition])]]);

  const meta = jsx(
    'dl',
    rows.flatMap(([term, value]) => [jsx('dt', [paragraph(text(term))]), jsx('dd', [paragraph(...value)])]),
    'setting-meta',
  );
  const nodes: Node[] = [heading(3, s.name, s.anchor), meta, ...parse(s.description)];
  if (s.recommendation) nodes.push({type: 'containerDirective', name: 'tip', attributes: {}, children: parse(s.recommendation)});
  if (s.warning) nodes.push({type: 'containerDirective', name: 'warning', attributes: {}, children: parse(s.warning)});
  return nodes;
}

export function pageNodes(page: SettingsPage, parse: Parse): Node[] {
  return page.sections.flatMap((section) => [
    heading(2, section.title, section.id),
    ...(section.intro ? parse(section.intro) : []),
    ...section.settings.flatMap((s) => settingNodes(s, parse)),
  ]);
}

/** The catalogue page id of a doc file, or null when the file is not a settings page. */
export function pageIdForDoc(docPath: string, docsDir: string): string | null {
  const relative = path.relative(path.join(docsDir, 'administration/settings'), docPath);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative
    .replace(/\.mdx?$/, '')
    .split(path.sep)
    .join('/');
}

export default function remarkSettings(options: {docsDir: string; catalogueDir?: string; fingerprint?: string}) {
  return async (tree: Node, file: {path?: string}) => {
    const index = tree.children?.findIndex((n) => n.type === 'mdxJsxFlowElement' && n.name === PLACEHOLDER) ?? -1;
    if (index < 0) return;
    const pageId = file.path ? pageIdForDoc(file.path, options.docsDir) : null;
    if (!pageId) throw new Error(`${file.path}: <${PLACEHOLDER} /> is only for pages under docs/administration/settings/`);
    const catalogue = loadCatalogueCached(options.catalogueDir ?? SETTINGS_DIR);
    const page = catalogue.pages.get(pageId);
    if (!page) throw new Error(`${file.path}: <${PLACEHOLDER} /> needs data/settings/${pageId}.yaml, which does not exist`);
    const {fromMarkdown} = await import('mdast-util-from-markdown');
    const parse: Parse = (markdown) => (fromMarkdown(markdown) as unknown as Node).children ?? [];
    tree.children!.splice(index, 1, ...pageNodes(page, parse));
    if (tree.children!.some((n) => n.type === 'mdxJsxFlowElement' && n.name === PLACEHOLDER)) {
      throw new Error(`${file.path}: <${PLACEHOLDER} /> may appear only once per page`);
    }
  };
}
