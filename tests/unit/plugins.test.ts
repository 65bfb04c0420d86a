import vm from 'node:vm';
import {describe, expect, it} from 'vitest';
import rehypeA11y from '../../plugins/rehype-a11y';
import {resetScript} from '../../plugins/announcement-reset';
import {classifyRegistry} from '../../plugins/api-chunks';

/** A node of the HTML tree that the plugin walks. */
type Node = Parameters<ReturnType<typeof rehypeA11y>>[0];
const el = (tagName: string, children: Node[] = [], properties: Record<string, unknown> = {}) => ({type: 'element', tagName, properties, children});
const text = (value: string): Node => ({type: 'text', value});

describe('rehype-a11y', () => {
  it('wraps each table in a focusable region named after its first header', () => {
    const table = el('table', [el('thead', [el('tr', [el('th', [text('Порт')]), el('th', [text('Назначение')])])])]);
    const tree = {type: 'root', children: [el('p', [text('до')]), table]};
    rehypeA11y()(tree);
    const wrapper = tree.children[1];
    expect(wrapper.tagName).toBe('div');
    expect(wrapper.properties).toEqual({className: ['table-scroll'], tabIndex: 0, role: 'region', ariaLabel: 'Таблица: Порт'});
    expect(wrapper.children?.[0]).toBe(table);
  });

  it('wraps nested tables once and names header-less tables generically', () => {
    const tree = {type: 'root', children: [el('li', [el('table', [el('tr', [el('td', [text('x')])])])])]};
    rehypeA11y()(tree);
    const wrapper = tree.children[0].children?.[0];
    expect(wrapper?.properties?.ariaLabel).toBe('Таблица');
    expect(wrapper?.children?.[0].tagName).toBe('table');
  });

  it('hides the read-only task-list checkboxes from assistive technology', () => {
    const checkbox = el('input', [], {type: 'checkbox', disabled: true});
    const tree = {type: 'root', children: [el('ul', [el('li', [checkbox, text(' Проверить DNS')])])]};
    rehypeA11y()(tree);
    expect(checkbox.properties).toMatchObject({ariaHidden: 'true', tabIndex: -1, disabled: true});
  });
});

describe('announcement reset script', () => {
  function run(stored: Record<string, string>, id: string) {
    const store = new Map(Object.entries(stored));
    const attributes = new Map<string, string>([['data-announcement-bar-initially-dismissed', 'true']]);
    const context = {
      window: {localStorage: {getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v)}},
      document: {documentElement: {setAttribute: (k: string, v: string) => attributes.set(k, v)}},
    };
    vm.runInNewContext(resetScript(id), context);
    return {store, attributes};
  }

  it('clears a dismissal that belonged to an older announcement', () => {
    const {store, attributes} = run({'docusaurus.announcement.id': 'old', 'docusaurus.announcement.dismiss': 'true'}, 'new');
    expect(store.get('docusaurus.announcement.dismiss')).toBe('false');
    expect(attributes.get('data-announcement-bar-initially-dismissed')).toBe('false');
  });

  it('keeps the dismissal of the current announcement', () => {
    const {store, attributes} = run({'docusaurus.announcement.id': 'new', 'docusaurus.announcement.dismiss': 'true'}, 'new');
    expect(store.get('docusaurus.announcement.dismiss')).toBe('true');
    expect(attributes.get('data-announcement-bar-initially-dismissed')).toBe('true');
  });

  it('survives ids with quotes', () => {
    expect(() => run({}, `it's "new"`)).not.toThrow();
  });
});

describe('api-chunks', () => {
  const registry = [
    `  "0a1b2c3d": [() => import(/* webpackChunkName: "0a1b2c3d" */ "@site/api-reference/v4/create-post.api.mdx"), "@site/api-reference/v4/create-post.api.mdx", require.resolveWeak("x")],`,
    `  "11111111": [() => import(/* webpackChunkName: "11111111" */ "@generated/docusaurus-plugin-content-docs/api-v5/p/api-v-5.json"), "x", require.resolveWeak("x")],`,
    `  "22222222": [() => import(/* webpackChunkName: "22222222" */ "@theme/ApiItem"), "@theme/ApiItem", require.resolveWeak("@theme/ApiItem")],`,
    `  "33333333": [() => import(/* webpackChunkName: "33333333" */ "@site/docs/deployment/install/docker-compose.md"), "x", require.resolveWeak("x")],`,
    `  "44444444": [() => import(/* webpackChunkName: "44444444" */ "@generated/docusaurus-plugin-content-docs/default/p/index.json"), "x", require.resolveWeak("x")],`,
    `  "55555555": [() => import(/* webpackChunkName: "55555555" */ "@theme/DocItem"), "@theme/DocItem", require.resolveWeak("@theme/DocItem")],`,
  ].join('\n');

  it('puts generated operation pages, API instance data and the API theme in the API group', () => {
    const {api, other} = classifyRegistry(registry);
    expect([...api].sort()).toEqual(['0a1b2c3d', '11111111', '22222222']);
    expect([...other].sort()).toEqual(['33333333', '44444444', '55555555']);
  });

  it('refuses a registry it cannot read instead of silently disabling the split', () => {
    expect(() => classifyRegistry('export default {};')).toThrow(/registry lists 0 API and 0 other chunks/);
  });
});
