import fs from 'node:fs';
import ReactMarkdown from 'react-markdown';
import {renderToStaticMarkup} from 'react-dom/server';
import rehypeRaw from 'rehype-raw';
import remarkGfm from 'remark-gfm';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {listFiles} from '../../plugins/shared/files';
import {renderPlain} from '../../src/theme/Markdown/plain';

/** What the OpenAPI theme's Markdown component renders (its admonition and code overrides do not apply to plain text). */
const full = (text: string) =>
  renderToStaticMarkup(
    <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeRaw]}>
      {text}
    </ReactMarkdown>,
  );
const fast = (text: string) => {
  const plain = renderPlain(text);
  return plain === undefined ? undefined : renderToStaticMarkup(<>{plain}</>);
};

/** Every string the theme hands to Markdown: descriptions, summaries and titles, wherever they sit. */
function texts(node: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => texts(item, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string' && ['description', 'summary', 'title'].includes(key)) out.add(value);
      else texts(value, out);
    }
  }
  return out;
}

describe('the fast path for plain descriptions', () => {
  it('renders every description of both specs exactly as react-markdown does, and takes most of them', () => {
    const all = new Set<string>();
    // The specs' sources (openapi/v4, openapi/v5): the bundled copies only exist after a build.
    for (const file of listFiles('openapi', (name) => name.endsWith('.yaml'))) texts(parse(fs.readFileSync(file, 'utf8')), all);
    let taken = 0;
    const differ: string[] = [];
    for (const text of all) {
      const html = fast(text);
      if (html === undefined) continue;
      taken++;
      if (html !== full(text)) differ.push(text);
    }
    expect(differ).toEqual([]);
    expect(all.size).toBeGreaterThan(1000);
    // 84 % today; the rest have links, emphasis, lists or tables.
    expect(taken / all.size).toBeGreaterThan(0.6);
  });

  it.each([
    'Идентификатор канала.',
    '  С отступом и пробелом в конце.  ',
    'Код `ServiceSettings.SiteURL` и `team_id` в тексте.',
    'Первая строка\nвторая строка\n   третья с отступом',
    'Абзац один.\n\nАбзац два с `кодом`.\n\n\n\nТретий.',
    'Число 1. в середине и 2) тоже, знак = и + в тексте.',
    'Не\u00a0разрывный пробел\u00a0',
    'Кавычки «ёлочки» и "прямые", тире — и дефис-слово; 100 % и 5 больше 4!',
    '**жирный**',
    '**Возможные значения:** `>= 1`',
    '**Возможные значения:** [`a`, `b`, `c`]',
    '**Возможные значения:** `non-empty` and `<= 64 characters`',
    'Список [a] [b] в скобках, **два** и **три**.',
  ])('renders %j as react-markdown does', (text) => {
    expect(fast(text)).toBe(full(text));
  });

  it.each([
    '_курсив_',
    'a**b**',
    'текст **a**b',
    '***x***',
    '** x**',
    '**`код`** рядом',
    '[`a`](/x)',
    'сноска[^1]',
    '![рисунок](/x.png)',
    '[ссылка][ref]',
    '[ref]: /x',
    'ссылка [сюда](/x)',
    'https://example.com',
    'почта admin@example.com',
    'www.example.com',
    '<b>HTML</b>',
    'A &amp; B',
    'экранирование \\*',
    '- пункт',
    '1. пункт',
    '> цитата',
    '# заголовок',
    '```\nкод\n```',
    '    отступ кода',
    '| a | b |',
    '~~зачёркнуто~~',
    ':::note\nзаметка\n:::',
    'строка с переносом  \nследующая',
    'Заголовок\n===',
    'Заголовок\n---',
    '`` `двойные` ``',
    '` пробелы `',
    'код `через\nстроку`',
    'нечётная ` кавычка',
    '',
    '   ',
  ])('leaves %j to react-markdown', (text) => {
    expect(renderPlain(text)).toBeUndefined();
  });

  it('covers the plain cases the specs rely on', () => {
    expect(fast('Идентификатор канала.')).toBe('<p>Идентификатор канала.</p>');
    expect(fast('Поле `id`.')).toBe('<p>Поле <code>id</code>.</p>');
    expect(fast('Один.\n\nДва.')).toBe('<p>Один.</p>\n<p>Два.</p>');
  });
});
