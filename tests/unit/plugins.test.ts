import vm from 'node:vm';
import {describe, expect, it} from 'vitest';
import rehypeA11y from '../../plugins/rehype-a11y';
import {resetScript} from '../../plugins/announcement-reset';

const el = (tagName: string, children: any[] = [], properties: Record<string, unknown> = {}) => ({type: 'element', tagName, properties, children});
const text = (value: string) => ({type: 'text', value});

describe('rehype-a11y', () => {
  it('wraps each table in a focusable region named after its first header', () => {
    const table = el('table', [el('thead', [el('tr', [el('th', [text('Порт')]), el('th', [text('Назначение')])])])]);
    const tree = {type: 'root', children: [el('p', [text('до')]), table]};
    rehypeA11y()(tree as any);
    const wrapper = tree.children[1] as any;
    expect(wrapper.tagName).toBe('div');
    expect(wrapper.properties).toEqual({className: ['table-scroll'], tabIndex: 0, role: 'region', ariaLabel: 'Таблица: Порт'});
    expect(wrapper.children[0]).toBe(table);
  });

  it('wraps nested tables once and names header-less tables generically', () => {
    const tree = {type: 'root', children: [el('li', [el('table', [el('tr', [el('td', [text('x')])])])])]};
    rehypeA11y()(tree as any);
    const wrapper = (tree.children[0] as any).children[0];
    expect(wrapper.properties.ariaLabel).toBe('Таблица');
    expect(wrapper.children[0].tagName).toBe('table');
  });

  it('hides the read-only task-list checkboxes from assistive technology', () => {
    const checkbox = el('input', [], {type: 'checkbox', disabled: true});
    const tree = {type: 'root', children: [el('ul', [el('li', [checkbox, text(' Проверить DNS')])])]};
    rehypeA11y()(tree as any);
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
