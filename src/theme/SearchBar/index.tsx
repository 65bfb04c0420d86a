// Wraps the search plugin's bar to give its input and clear button Russian accessible names (the
// plugin hard-codes aria-label="Search" and leaves the ✕ button unnamed).
import {useEffect, useRef, type ReactNode} from 'react';
import OriginalSearchBar from '@theme-original/SearchBar';

export const SEARCH_LABEL = 'Поиск по документации';
export const CLEAR_LABEL = 'Очистить поиск';

/** Applies the names to whatever the plugin has rendered inside `root`. */
export function nameSearchControls(root: ParentNode): void {
  const input = root.querySelector('input.navbar__search-input');
  if (input && input.getAttribute('aria-label') !== SEARCH_LABEL) input.setAttribute('aria-label', SEARCH_LABEL);
  root.querySelectorAll('button:not([aria-label])').forEach((button) => {
    button.setAttribute('aria-label', CLEAR_LABEL);
    button.setAttribute('title', CLEAR_LABEL);
  });
}

export default function SearchBar(props: Record<string, unknown>): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    nameSearchControls(root);
    const observer = new MutationObserver(() => nameSearchControls(root));
    observer.observe(root, {childList: true, subtree: true});
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} style={{display: 'contents'}}>
      <OriginalSearchBar {...props} />
    </div>
  );
}
