/**
 * The mobile menu for keyboard readers (the theme has no key handling for it): opening it with the
 * toggle moves focus to its close button, so the next Tab walks the menu; Escape closes it and
 * returns focus to the toggle.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

const OPEN = 'navbar-sidebar--show';

export function setUpMobileMenuKeyboard(doc: Document): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    const nav = doc.querySelector<HTMLElement>(`.navbar.${OPEN}`);
    if (!nav) return;
    nav.querySelector<HTMLButtonElement>('.navbar-sidebar__close')?.click();
    nav.querySelector<HTMLButtonElement>('.navbar__toggle')?.focus();
  };
  // The panel slides in (its visibility changes with the transition), so focus is retried each
  // frame until the close button takes it, for at most about half a second.
  const focusClose = (frames: number) => {
    const close = doc.querySelector<HTMLButtonElement>(`.navbar.${OPEN} .navbar-sidebar__close`);
    close?.focus();
    if ((!close || doc.activeElement !== close) && frames > 0) requestAnimationFrame(() => focusClose(frames - 1));
  };
  const onClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('.navbar__toggle')) requestAnimationFrame(() => focusClose(30));
  };
  doc.addEventListener('keydown', onKey);
  doc.addEventListener('click', onClick);
  return () => {
    doc.removeEventListener('keydown', onKey);
    doc.removeEventListener('click', onClick);
  };
}

if (ExecutionEnvironment.canUseDOM) setUpMobileMenuKeyboard(document);
