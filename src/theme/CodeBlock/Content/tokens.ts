/**
 * Code block tokens computed at build time (plugins/code-highlight) and how they reach the
 * renderer. Kept free of React components so both theme files can share it.
 */
import {createContext, type ComponentType} from 'react';
import type {EncodedToken} from '../../../../plugins/code-highlight';

/** A line as theme-classic's `@theme/CodeBlock/Line` expects it. */
export interface LineToken {
  types: string[];
  content: string;
}

/** Lines decoded from a block's `data-tokens` property; undefined when it is absent or malformed. */
export function decodeTokens(encoded: unknown): LineToken[][] | undefined {
  if (typeof encoded !== 'string') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(encoded);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  return (parsed as EncodedToken[][]).map((line) =>
    line.map((token) => (typeof token === 'string' ? {types: ['plain'], content: token} : {types: token[0].split(' '), content: token[1]})),
  );
}

/** Every line as one plain token: what code in an unknown language looks like. */
export function plainLines(code: string): LineToken[][] {
  return code.split(/\r\n|\r|\n/).map((content) => [{types: ['plain'], content}]);
}

/** The tokens of the code block being rendered (provided by CodeBlock/Content/String). */
export const CodeTokensContext = createContext<LineToken[][] | undefined>(undefined);

/**
 * A browser highlighter for code made at run time, provided by the API pages (src/theme/ApiItem)
 * so that Prism only loads with them.
 */
export const RuntimeHighlighterContext = createContext<ComponentType<{className?: string}> | undefined>(undefined);
