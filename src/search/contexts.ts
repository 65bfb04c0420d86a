/**
 * Search contexts as the browser sees them: which context a page belongs to, and the `ctx`
 * parameter of the search page (`administration`, or `!administration` for everything outside it).
 */
import {searchContexts} from '../../config/search';
import type {Scope} from './client/protocol';

export interface SearchContext {
  /** First path segment(s) of the pages in the context, e.g. `administration`. */
  path: string;
  /** The name readers see («Администрирование»). */
  label: string;
}

export {searchContexts};

/** The context of a page path, or '' when no context covers it. */
export function contextOf(pathname: string, contexts: SearchContext[] = searchContexts): string {
  const url = pathname.replace(/\/$/, '') || '/';
  const match = contexts.filter((c) => url === `/${c.path}` || url.startsWith(`/${c.path}/`)).sort((a, b) => b.path.length - a.path.length)[0];
  return match ? match.path : '';
}

export function labelOf(context: string, contexts: SearchContext[] = searchContexts): string {
  return contexts.find((c) => c.path === context)?.label ?? context;
}

/** The `ctx` parameter of a scope ('' for the whole site). */
export function scopeParam(scope: Scope): string {
  if (scope.context === undefined) return '';
  return `${scope.outside ? '!' : ''}${scope.context}`;
}

/** The scope of a `ctx` parameter, or an error naming the contexts there are. */
export function parseScopeParam(ctx: string | null, contexts: SearchContext[] = searchContexts): {scope: Scope} | {error: string} {
  if (!ctx) return {scope: {}};
  const outside = ctx.startsWith('!');
  const context = outside ? ctx.slice(1) : ctx;
  if (!contexts.some((c) => c.path === context)) {
    return {error: `Раздела поиска «${ctx}» нет. Разделы: ${contexts.map((c) => c.path).join(', ')}.`};
  }
  return {scope: outside ? {context, outside} : {context}};
}
