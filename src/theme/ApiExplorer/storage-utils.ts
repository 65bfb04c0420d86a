/**
 * The try-it form's browser storage (the server address, credentials and choices the reader made),
 * made safe. The OpenAPI theme handed out `window.sessionStorage` itself: where the browser refuses
 * storage (site data blocked, as hardened corporate browsers do) merely reading that property throws
 * a SecurityError, and a full quota makes every write throw, which crashed every operation page.
 * Here every call is guarded: storage that cannot be used acts as empty, with one console warning.
 */
import {hashArray} from '@theme-original/ApiExplorer/storage-utils';

export {hashArray};

export type Persistence = false | 'localStorage' | 'sessionStorage';

const warned = new Set<string>();

function warnOnce(what: string, error: unknown) {
  if (warned.has(what)) return;
  warned.add(what);
  console.warn(`Time Docs: ${what} is not available, the try-it form will not remember its values.`, error);
}

function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch (error) {
    warnOnce(kind, error);
    return null;
  }
}

/** A Storage whose every call is guarded; `false` (no persistence) or unusable storage acts as empty. */
export function createStorage(persistence: Persistence): Storage {
  const kind = persistence === false ? null : persistence === 'sessionStorage' ? 'sessionStorage' : 'localStorage';
  function guarded<T>(fallback: T, call: (storage: Storage) => T): T {
    const storage = kind ? browserStorage(kind) : null;
    if (!storage) return fallback;
    try {
      return call(storage);
    } catch (error) {
      warnOnce(kind!, error);
      return fallback;
    }
  }
  return {
    getItem: (key) => guarded(null, (s) => s.getItem(key)),
    setItem: (key, value) => guarded(undefined, (s) => s.setItem(key, value)),
    removeItem: (key) => guarded(undefined, (s) => s.removeItem(key)),
    clear: () => guarded(undefined, (s) => s.clear()),
    key: (index) => guarded(null, (s) => s.key(index)),
    get length() {
      return guarded(0, (s) => s.length);
    },
  };
}
