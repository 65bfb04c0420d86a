/** plugins/rehype-typography: non-breaking spaces after short words and before dashes, never in code. */
import {describe, expect, it} from 'vitest';
import rehypeTypography, {bindShortWords} from '../../plugins/rehype-typography';

const NBSP = '\u00A0';
interface Node {
  type: string;
  tagName?: string;
  name?: string;
  value?: string;
  properties?: object;
  children?: Node[];
}
const el = (tagName: string, children: Node[] = []): Node => ({type: 'element', tagName, properties: {}, children});
const text = (value: string): Node => ({type: 'text', value});

describe('rehype-typography', () => {
  it('binds words of one or two letters to the next word', () => {
    expect(bindShortWords('Войдите в Системную консоль и откройте раздел по ссылке.')).toBe(
      `Войдите в${NBSP}Системную консоль и${NBSP}откройте раздел по${NBSP}ссылке.`,
    );
    expect(bindShortWords('и в команде, (с ботом) «на сервере»')).toBe(`и${NBSP}в${NBSP}команде, (с${NBSP}ботом) «на${NBSP}сервере»`);
  });

  it('binds an em dash to the word before it', () => {
    expect(bindShortWords('Time — мессенджер')).toBe(`Time${NBSP}— мессенджер`);
  });

  it('leaves longer words, letters inside words and hyphens alone', () => {
    const text = 'Настройки сервера: т. е. Wi-Fi, 2 - 3, слово-в-слово.';
    expect(bindShortWords(text)).toBe(text);
  });

  it('changes prose text nodes only, never code, keyboard input or sample output', () => {
    const tree: Node = {
      type: 'root',
      children: [
        el('p', [text('Укажите в '), el('code', [text('a b — c')]), text(' и нажмите '), el('kbd', [text('в ы')])]),
        el('pre', [el('code', [text('echo в x — y')])]),
        {type: 'mdxJsxTextElement', name: 'samp', children: [text('в x — y')]},
      ],
    };
    rehypeTypography()(tree);
    expect(tree).toEqual({
      type: 'root',
      children: [
        el('p', [text(`Укажите в${NBSP}`), el('code', [text('a b — c')]), text(` и${NBSP}нажмите `), el('kbd', [text('в ы')])]),
        el('pre', [el('code', [text('echo в x — y')])]),
        {type: 'mdxJsxTextElement', name: 'samp', children: [text('в x — y')]},
      ],
    });
  });
});
