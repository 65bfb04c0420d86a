/**
 * Remark plugin: every ```mermaid block becomes its diagram, drawn when the page is built
 * (render.ts), so that no page ships Mermaid (≈190 KB of gzipped JavaScript) to draw it in the
 * reader's browser. Both colour modes are in the page; CSS shows the one that matches (src/css).
 * A diagram that does not parse stops the build with the file, the line and Mermaid's message.
 */
import {renderDiagram, type RenderedDiagram} from './render';

interface Node {
  type: string;
  lang?: string | null;
  value?: string;
  position?: {start: {line: number}};
  children?: Node[];
  [key: string]: unknown;
}

/** A JSX attribute whose value is the expression `{__html: "<svg…>"}`, with the estree MDX wants. */
function innerHtml(html: string) {
  return {
    type: 'mdxJsxAttribute',
    name: 'dangerouslySetInnerHTML',
    value: {
      type: 'mdxJsxAttributeValueExpression',
      value: `{__html: ${JSON.stringify(html)}}`,
      data: {
        estree: {
          type: 'Program',
          sourceType: 'module',
          body: [
            {
              type: 'ExpressionStatement',
              expression: {
                type: 'ObjectExpression',
                properties: [
                  {
                    type: 'Property',
                    kind: 'init',
                    method: false,
                    shorthand: false,
                    computed: false,
                    key: {type: 'Identifier', name: '__html'},
                    value: {type: 'Literal', value: html},
                  },
                ],
              },
            },
          ],
        },
      },
    },
  };
}

const attribute = (name: string, value: string) => ({type: 'mdxJsxAttribute', name, value});

/**
 * The MDX element standing for a rendered diagram. The diagram's source rides along in
 * `data-source` for the page's Markdown copy (plugins/markdown-export), where it is a mermaid block again.
 */
export function diagramElement(rendered: RenderedDiagram, source: string): Node {
  const mode = (name: 'light' | 'dark') => ({
    type: 'mdxJsxFlowElement',
    name: 'div',
    attributes: [attribute('className', `mermaid-diagram__${name}`), innerHtml(rendered[name])],
    children: [],
  });
  return {
    type: 'mdxJsxFlowElement',
    name: 'div',
    attributes: [attribute('className', 'mermaid-diagram'), attribute('data-source', source)],
    children: [mode('light'), mode('dark')],
  };
}

export function remarkMermaid(options: {render?: (code: string) => Promise<RenderedDiagram>} = {}) {
  const render = options.render ?? renderDiagram;
  return async (tree: Node, file: {path?: string}) => {
    const blocks: {parent: Node; index: number; node: Node}[] = [];
    const visit = (node: Node) => {
      node.children?.forEach((child, index) => {
        if (child.type === 'code' && child.lang === 'mermaid') blocks.push({parent: node, index, node: child});
        else visit(child);
      });
    };
    visit(tree);
    for (const {parent, index, node} of blocks) {
      try {
        const source = String(node.value ?? '');
        parent.children![index] = diagramElement(await render(source), source);
      } catch (error) {
        const where = `${file.path ?? 'a page'}${node.position ? `:${node.position.start.line}` : ''}`;
        throw new Error(`${where}: the Mermaid diagram could not be drawn: ${error instanceof Error ? error.message.replace(/^page\.evaluate: /, '') : error}`);
      }
    }
  };
}
