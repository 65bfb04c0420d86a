/**
 * Accessibility repairs for the API theme's markup, applied after each render (axe, WCAG 2.1 AA):
 * - schema trees are <ul> elements whose children are sometimes <div>s (axe: list). Such lists get
 *   role="list"; a <div> child that only wraps <li>s becomes role="none" so those <li>s belong to the
 *   list, any other non-<li> child becomes role="listitem";
 * - the unlabeled scroll arrows of tab lists get names (button-name).
 * Both are drawn inside large theme components that take no props for them, so a wrap cannot reach
 * them (src/theme/README.md says which and what would let them go). Loaded only on API reference
 * pages (see apiListSemantics.ts).
 */

const SELECTOR = '.theme-api-markdown ul, .openapi-tabs__schema-container ul, .openapi-left-panel__container ul, details ul';

export function fixLists(root: ParentNode): void {
  root.querySelectorAll<HTMLUListElement>(SELECTOR).forEach((list) => {
    const children = Array.from(list.children);
    if (children.every((child) => child.tagName === 'LI')) return;
    list.setAttribute('role', 'list');
    for (const child of children) {
      if (child.tagName === 'LI' || child.hasAttribute('role')) continue;
      child.setAttribute('role', child.querySelector(':scope > li') ? 'none' : 'listitem');
    }
  });
  // The scroll arrows of long tab lists have no text.
  root.querySelectorAll<HTMLButtonElement>('button.left:not([aria-label]), button.right:not([aria-label])').forEach((button) => {
    button.setAttribute('aria-label', button.classList.contains('left') ? 'Прокрутить влево' : 'Прокрутить вправо');
  });
}

let observer: MutationObserver | undefined;
let scheduled = false;

/** Watches the page while an API reference page is open: the theme renders parts after hydration. */
export function watch(): void {
  if (!observer) {
    observer = new MutationObserver(() => {
      if (scheduled) return;
      scheduled = true;
      requestAnimationFrame(() => {
        scheduled = false;
        fixLists(document);
      });
    });
    observer.observe(document.body, {childList: true, subtree: true});
  }
  fixLists(document);
}

export function unwatch(): void {
  observer?.disconnect();
  observer = undefined;
}
