/**
 * Saves the try-it form's values in browser storage, as the OpenAPI theme's middleware does, with
 * two differences: it goes through the guarded storage of ./storage-utils (the theme's own file
 * imported the unguarded one directly), and a stored server that is not valid JSON of the expected
 * shape is replaced instead of throwing out of `dispatch` on the next keystroke in the form.
 */
import type {Middleware} from '@reduxjs/toolkit';
import {setAuthData, setSelectedAuth} from '@theme/ApiExplorer/Authorization/slice';
import {createStorage, hashArray, type Persistence} from './storage-utils';

interface State {
  auth: {data: Record<string, Record<string, unknown>>; options: Record<string, unknown>; selected?: string};
  server: {value?: {variables?: Record<string, {default?: string}>}};
}

interface Action {
  type: string;
  payload?: unknown;
}

export function createPersistenceMiddleware(options?: {authPersistence?: Persistence}): Middleware {
  return (store) => (next) => (action) => {
    const result = next(action);
    const {type, payload} = action as Action;
    const state = store.getState() as State;
    const storage = createStorage(options?.authPersistence ?? 'sessionStorage');
    if (type === setAuthData.type) {
      for (const [key, value] of Object.entries(state.auth.data)) {
        if (Object.values(value).some(Boolean)) storage.setItem(key, JSON.stringify(value));
        else storage.removeItem(key);
      }
    }
    if (type === setSelectedAuth.type && state.auth.selected) {
      storage.setItem(hashArray(Object.keys(state.auth.options)), state.auth.selected);
    }
    if (type === 'contentType/setContentType' || type === 'accept/setAccept') {
      storage.setItem(type.split('/')[0], String(payload));
    }
    if (type === 'server/setServer') {
      storage.setItem('server', String(payload));
    }
    // The store already holds the edited server (reducer first): save it whole.
    if (type === 'server/setServerVariable' && state.server.value) {
      storage.setItem('server', JSON.stringify(state.server.value));
    }
    return result;
  };
}
