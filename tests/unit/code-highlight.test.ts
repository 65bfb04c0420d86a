import {describe, expect, it} from 'vitest';
import {displayedCode, encodeLines, PRISM_CLIENT_MODULE, remarkHighlight, themeCss, tokenize} from '../../plugins/code-highlight';
import {darkCodeTheme, lightCodeTheme} from '../../config/prism';
import {decodeTokens, plainLines} from '../../src/theme/CodeBlock/Content/tokens';

interface CodeNode {
  type: string;
  lang?: string;
  value: string;
  data?: {hProperties?: {dataTokens?: string}};
  position?: {start: {line: number}};
}

const run = (nodes: CodeNode[], path = 'docs/page.md') => {
  remarkHighlight()({type: 'root', children: nodes} as never, {path});
  return nodes;
};

describe('build-time code highlighting', () => {
  it('tokenizes the grammars added in config/prism.ts (bash is not bundled with prism-react-renderer)', () => {
    const [line] = tokenize('sudo docker compose up -d', 'bash');
    expect(line).toContainEqual({types: ['function'], content: 'sudo'});
    expect(line.map((t) => t.content).join('')).toBe('sudo docker compose up -d');
  });

  it('shows code in an unknown language as plain lines', () => {
    expect(encodeLines(tokenize('a\nb', 'text'))).toEqual([['a'], ['b']]);
  });

  it('round-trips through the page: what the build encodes the browser decodes line for line', () => {
    const code = 'server:\n  port: 8065\n\n# comment';
    const decoded = decodeTokens(JSON.stringify(encodeLines(tokenize(code, 'yaml'))));
    expect(decoded).toHaveLength(4);
    expect(decoded!.map((line) => line.map((t) => t.content).join('')).join('\n')).toBe(code);
    expect(decoded![0]).toEqual([
      {types: ['key', 'atrule'], content: 'server'},
      {types: ['punctuation'], content: ':'},
    ]);
    expect(decoded![2]).toEqual([{types: ['plain'], content: ''}]);
    expect(decoded![3]).toEqual([{types: ['comment'], content: '# comment'}]);
  });

  it('treats a missing or malformed token property as absent', () => {
    expect(decodeTokens(undefined)).toBeUndefined();
    expect(decodeTokens('{not json')).toBeUndefined();
    expect(decodeTokens('{"a":1}')).toBeUndefined();
    expect(plainLines('x\r\ny')).toEqual([[{types: ['plain'], content: 'x'}], [{types: ['plain'], content: 'y'}]]);
  });

  it('drops the one trailing newline Docusaurus drops, so lines match the copied code', () => {
    expect(displayedCode('a\nb\n')).toBe('a\nb');
    expect(displayedCode('a\n\n')).toBe('a\n');
  });

  it('gives every fenced block its tokens, and leaves Mermaid diagrams alone', () => {
    const [bash, mermaid] = run([
      {type: 'code', lang: 'bash', value: 'echo ok'},
      {type: 'code', lang: 'mermaid', value: 'graph TD; A-->B'},
    ]);
    expect(JSON.parse(bash.data!.hProperties!.dataTokens!)).toEqual([[['builtin class-name', 'echo'], ' ok']]);
    expect(mermaid.data).toBeUndefined();
  });

  it('stops the build on a magic comment, naming the page and line', () => {
    expect(() => run([{type: 'code', lang: 'js', value: '// highlight-next-line\nx()', position: {start: {line: 12}}}])).toThrow(
      /docs\/page\.md:12: magic comments .* are not supported/,
    );
  });

  it('colours tokens per colour mode from the Prism themes', () => {
    const light = themeCss(lightCodeTheme, 'light');
    const dark = themeCss(darkCodeTheme, 'dark');
    expect(light).toMatch(/^\.token\.keyword/m);
    expect(light).not.toContain('data-theme');
    expect(light).toMatch(/\.token\.comment[^{]*\{color:#57606a;font-style:italic\}/);
    expect(dark).toMatch(/\[data-theme='dark'\] \.token\.function[^{]*\{color:#d2a8ff\}/);
  });

  it('replaces only theme-classic’s Prism client module, not the theme component of the same name', () => {
    expect(PRISM_CLIENT_MODULE.test('/site/node_modules/@docusaurus/theme-classic/lib/prism-include-languages')).toBe(true);
    expect(PRISM_CLIENT_MODULE.test('/site/node_modules/@docusaurus/theme-classic/lib/theme/prism-include-languages.js')).toBe(false);
  });
});
