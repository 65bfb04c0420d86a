/**
 * Accessibility fixes for rendered Markdown (WCAG 2.1 AA, checked by axe in the browser tests):
 * - every table sits in a keyboard-focusable, labelled region that scrolls sideways, so wide tables
 *   of settings and ports stay readable on narrow screens (axe: scrollable-region-focusable);
 * - the read-only checkboxes of task lists (`- [ ] item`) are decoration for a printed checklist,
 *   so they are hidden from assistive technology instead of being unlabelled form fields.
 */
interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** The text of the first header cell, used to name the region for screen readers. */
function firstHeaderText(table: HastNode): string {
  const find = (node: HastNode): HastNode | undefined => {
    if (node.type === 'element' && node.tagName === 'th') return node;
    for (const child of node.children ?? []) {
      const hit = find(child);
      if (hit) return hit;
    }
    return undefined;
  };
  const text = (node: HastNode): string => (node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map(text).join(''));
  const th = find(table);
  return th ? text(th).trim() : '';
}

export function wrapTables(tree: HastNode): void {
  const visit = (node: HastNode) => {
    if (!node.children) return;
    node.children = node.children.map((child) => {
      if (child.type === 'element' && child.tagName === 'table') {
        const header = firstHeaderText(child);
        return {
          type: 'element',
          tagName: 'div',
          properties: {className: ['table-scroll'], tabIndex: 0, role: 'region', ariaLabel: header ? `Таблица: ${header}` : 'Таблица'},
          children: [child],
        };
      }
      visit(child);
      return child;
    });
  };
  visit(tree);
}

export function hideTaskCheckboxes(tree: HastNode): void {
  const visit = (node: HastNode) => {
    if (node.type === 'element' && node.tagName === 'input' && node.properties?.type === 'checkbox') {
      node.properties = {...node.properties, ariaHidden: 'true', tabIndex: -1};
    }
    node.children?.forEach(visit);
  };
  visit(tree);
}

export default function rehypeA11y() {
  return (tree: HastNode) => {
    wrapTables(tree);
    hideTaskCheckboxes(tree);
  };
}
