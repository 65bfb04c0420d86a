import {describe, expect, it} from 'vitest';
import {diagramElement, remarkMermaid} from '../../plugins/mermaid-static';
import {diagramId, renderDiagram, validLabels} from '../../plugins/mermaid-static/render';

type Node = {
  type: string;
  lang?: string;
  value?: string;
  name?: string;
  children?: Node[];
  position?: {start: {line: number}};
  attributes?: {name: string; value: unknown}[];
};

describe('Mermaid diagrams drawn at build time', () => {
  const fake = async (code: string) => ({light: `<svg id="l">${code}</svg>`, dark: `<svg id="d">${code}</svg>`});

  it('replaces each mermaid block with both colour modes of its diagram, and leaves other code alone', async () => {
    const tree: Node = {
      type: 'root',
      children: [
        {type: 'code', lang: 'mermaid', value: 'graph TD; A-->B'},
        {type: 'code', lang: 'bash', value: 'ls'},
        {type: 'blockquote', children: [{type: 'code', lang: 'mermaid', value: 'graph LR; X-->Y'}]},
      ],
    };
    await remarkMermaid({render: fake})(tree as never, {path: 'a.md'});
    const [diagram, bash, quote] = tree.children!;
    expect(diagram).toMatchObject({
      type: 'mdxJsxFlowElement',
      name: 'div',
      attributes: [
        {name: 'className', value: 'mermaid-diagram'},
        {name: 'data-source', value: 'graph TD; A-->B'},
      ],
    });
    expect(diagram.children!.map((c) => c.attributes![0].value)).toEqual(['mermaid-diagram__light', 'mermaid-diagram__dark']);
    expect(JSON.stringify(diagram)).toContain('<svg id=\\"d\\">graph TD; A-->B</svg>');
    expect(bash).toMatchObject({type: 'code', lang: 'bash'});
    expect(quote.children![0]).toMatchObject({type: 'mdxJsxFlowElement'});
  });

  it('gives MDX the SVG as an expression it can compile', () => {
    const element = diagramElement({light: '<svg>"x"</svg>', dark: '<svg/>'}, 'graph TD; A-->B') as unknown as Node;
    const value = element.children![0].attributes![1].value as {
      value: string;
      data: {estree: {body: {expression: {properties: {value: {value: string}}[]}}[]}};
    };
    expect(value.value).toBe('{__html: "<svg>\\"x\\"</svg>"}');
    expect(value.data.estree.body[0].expression.properties[0].value.value).toBe('<svg>"x"</svg>');
  });

  it('stops the build with the file, the line and the reason when a diagram cannot be drawn', async () => {
    const tree: Node = {type: 'root', children: [{type: 'code', lang: 'mermaid', value: 'graph TD; A-->', position: {start: {line: 12}}}]};
    const failing = async () => {
      throw new Error('page.evaluate: Parse error on line 1');
    };
    await expect(remarkMermaid({render: failing})(tree as never, {path: 'docs/x.md'})).rejects.toThrow(
      'docs/x.md:12: the Mermaid diagram could not be drawn: Parse error on line 1',
    );
  });

  it('turns label paragraphs into spans, which HTML allows inside a span', () => {
    expect(validLabels('<span class="nodeLabel"><p>Узел<br>Time</p></span>')).toBe('<span class="nodeLabel"><span>Узел<br>Time</span></span>');
  });

  it('names diagrams by their text, so ids stay stable between builds', () => {
    expect(diagramId('graph TD; A-->B')).toBe(diagramId('graph TD; A-->B'));
    expect(diagramId('graph TD; A-->B')).not.toBe(diagramId('graph TD; A-->C'));
  });

  it('draws a real diagram in Chromium, in both colour modes, and reports a syntax error', async () => {
    const drawn = await renderDiagram(`graph TD; A[Старт ${Date.now()}]-->B[Готово]`);
    for (const svg of [drawn.light, drawn.dark]) {
      expect(svg).toMatch(/^<svg[^>]+id="mermaid-[0-9a-f]{12}-(light|dark)"/);
      expect(svg).toContain('Готово');
    }
    expect(drawn.dark).not.toBe(drawn.light);
    expect(drawn.light).not.toContain('<p>');
    await expect(renderDiagram('graph TD; A-->')).rejects.toThrow(/Parse error|Expecting/);
  }, 60_000);
});
