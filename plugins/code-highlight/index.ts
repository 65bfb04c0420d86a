/**
 * Code highlighting at build time, so guide pages ship no highlighter.
 *
 * Stock Docusaurus highlights code in the browser: a client module loads prism-react-renderer (its
 * Prism with ~20 bundled grammars) plus every `additionalLanguages` grammar into `main.js`, about
 * 34 KB of gzipped JavaScript on every page. Here the Markdown code blocks are tokenized when the
 * page is compiled, with the same Prism, grammars and token normalisation the browser would use,
 * and the tokens travel with the page as a `data-tokens` property (see `encodeLines`).
 * `src/theme/CodeBlock/Content` renders them; token colours come from a stylesheet generated from
 * the two Prism themes in config/prism.ts (one source for both colour modes).
 *
 * The browser highlighter is still needed where code is made at run time — the API reference's
 * code samples and try-it responses. `src/theme/ApiItem` registers the grammars and hands the
 * stock highlighter to code blocks through a context, so it loads with API pages only.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {PrismTheme} from 'prism-react-renderer';
import {darkCodeTheme, lightCodeTheme, prismLanguages} from '../../config/prism';

/* Minimal mdast shapes used here (the full types live in ESM-only packages). */
interface Node {
  type: string;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  data?: {hProperties?: Record<string, unknown>};
  children?: Node[];
  position?: {start: {line: number}};
}

/** A token as prism-react-renderer's `normalizeTokens` returns it. */
interface Token {
  types: string[];
  content: string;
  empty?: boolean;
}

/**
 * One encoded token: a plain string for text outside any token (`types: ['plain']`), otherwise
 * `[types joined by spaces, content]`. A code block is an array of lines of these, as JSON; empty
 * tokens are left out (an empty line is `['']`).
 */
export type EncodedToken = string | [string, string];

/** Magic comments change the code Docusaurus shows, so tokens computed here would not line up. */
const MAGIC_COMMENT = /\b(highlight-next-line|highlight-start|highlight-end)\b/;

interface PrismLike {
  languages: Record<string, unknown>;
  tokenize(code: string, grammar: unknown): unknown[];
  hooks: {run(name: string, env: Record<string, unknown>): void};
}

let highlighter: {prism: PrismLike; normalize: (tokens: unknown[]) => Token[][]} | undefined;

/** prism-react-renderer's Prism with the grammars of config/prism.ts, as the browser had it. */
function loadHighlighter(): NonNullable<typeof highlighter> {
  if (highlighter) return highlighter;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, with the grammars it lends its Prism to
  const renderer = require('prism-react-renderer') as {Prism: PrismLike; normalizeTokens: (tokens: unknown[]) => Token[][]};
  // Prism's grammar files extend the global `Prism`; lend them prism-react-renderer's instance
  // (exactly what Docusaurus' prism-include-languages does in the browser).
  const scope = globalThis as {Prism?: unknown};
  const before = scope.Prism;
  scope.Prism = renderer.Prism;
  try {
    for (const language of prismLanguages) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- each grammar must load while the global is lent
      require(`prismjs/components/prism-${language}`);
    }
  } finally {
    if (before === undefined) delete scope.Prism;
    else scope.Prism = before;
  }
  highlighter = {prism: renderer.Prism, normalize: renderer.normalizeTokens};
  return highlighter;
}

/** Lines of tokens for `code` in `language`, as prism-react-renderer's `Highlight` makes them. */
export function tokenize(code: string, language: string): Token[][] {
  const {prism, normalize} = loadHighlighter();
  const grammar = prism.languages[language];
  if (grammar == null) return normalize([code]);
  const env: Record<string, unknown> = {code, grammar, language, tokens: []};
  prism.hooks.run('before-tokenize', env);
  env.tokens = prism.tokenize(code, grammar);
  prism.hooks.run('after-tokenize', env);
  return normalize(env.tokens as unknown[]);
}

/** The compact form a page carries (plain text as strings, other tokens as `[types, content]`). */
export function encodeLines(lines: Token[][]): EncodedToken[][] {
  return lines.map((line) => {
    const encoded = line
      .filter((token) => token.content !== '' && !token.empty)
      .map((token): EncodedToken => (token.types.length === 1 && token.types[0] === 'plain' ? token.content : [token.types.join(' '), token.content]));
    // An empty line keeps one empty token, as the theme's line component expects.
    return encoded.length ? encoded : [''];
  });
}

/** Docusaurus drops one trailing newline before highlighting; so do we, so that lines match. */
export function displayedCode(value: string): string {
  return value.replace(/\r?\n$/, '');
}

/**
 * Remark plugin: every fenced code block gets `data-tokens`. Mermaid diagrams are left to
 * plugins/mermaid-static (which runs first and draws them). A magic comment stops the build: its
 * line would vanish from the page and the precomputed lines would no longer match.
 */
export function remarkHighlight() {
  return (tree: Node, file: {path?: string}) => {
    const visit = (node: Node) => {
      if (node.type === 'code' && typeof node.value === 'string' && node.lang !== 'mermaid') {
        const code = displayedCode(node.value);
        if (MAGIC_COMMENT.test(code)) {
          const where = `${file.path ?? 'a page'}${node.position ? `:${node.position.start.line}` : ''}`;
          throw new Error(
            `${where}: magic comments (highlight-next-line, highlight-start/end) are not supported because code is highlighted at build time; mark lines in the fence instead, e.g. \`\`\`bash {2,4-5}`,
          );
        }
        const language = (node.lang ?? '').toLowerCase();
        node.data = {...node.data, hProperties: {...node.data?.hProperties, dataTokens: JSON.stringify(encodeLines(tokenize(code, language)))}};
      }
      node.children?.forEach(visit);
    };
    visit(tree);
  };
}

type CssDeclarations = Record<string, string | number | undefined>;

const cssProperty = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const declarations = (style: CssDeclarations) =>
  Object.entries(style)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${cssProperty(name)}:${value}`)
    .join(';');

/**
 * Token colours for one colour mode. Light is the default (it also applies before the colour-mode
 * script has run, or without scripts); dark rules are scoped to `[data-theme='dark']`. Later theme
 * entries win over earlier ones, as with prism-react-renderer's inline styles, because they come
 * later in the stylesheet.
 */
export function themeCss(theme: PrismTheme, mode: 'light' | 'dark'): string {
  const modeScope = mode === 'dark' ? `[data-theme='dark'] ` : '';
  return theme.styles
    .map(({types, languages, style}) => {
      const scopes = languages?.length ? languages.map((language) => `.language-${language} `) : [''];
      const selectors = scopes.flatMap((scope) => types.map((type) => `${modeScope}${scope}.token.${type}`));
      return `${selectors.join(',')}{${declarations(style as CssDeclarations)}}`;
    })
    .join('\n');
}

export default function codeHighlight(context: LoadContext): Plugin {
  const cssFile = path.join(context.generatedFilesDir, 'time-code-highlight', 'prism-tokens.css');
  const css = `/* Generated from config/prism.ts by plugins/code-highlight. */\n${themeCss(lightCodeTheme, 'light')}\n${themeCss(darkCodeTheme, 'dark')}\n`;
  fs.mkdirSync(path.dirname(cssFile), {recursive: true});
  if (!fs.existsSync(cssFile) || fs.readFileSync(cssFile, 'utf8') !== css) fs.writeFileSync(cssFile, css);
  return {
    name: 'time-code-highlight',
    getClientModules() {
      return [cssFile];
    },
    configureWebpack(_config, _isServer, utils) {
      // theme-classic's client module that loads Prism and the grammars on every page.
      const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
      return {
        plugins: [new NormalModuleReplacementPlugin(PRISM_CLIENT_MODULE, path.resolve(__dirname, 'noop.ts'))],
      };
    },
  };
}

/** theme-classic's `lib/prism-include-languages.js` (the client module, not the theme component). */
export const PRISM_CLIENT_MODULE = /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/;
