/**
 * Proofreading of the Markdown sources (scripts/lib/proofread-sources.ts): the reader's text of each
 * line, and problems of spelling, typography and glossary named by file and line.
 */
import {describe, expect, it} from 'vitest';
import {CODE} from '../../scripts/lib/proofread';
import {formatSourceProblems, proofreadSources, proseOfLine, sourceBlocks} from '../../scripts/lib/proofread-sources';

const NBSP = '\u00A0';
const front = '---\ntitle: Проверка текста\ndescription: Страница для проверки правописания исходников.\nkeywords: [проверка, proofread]\n---\n';

describe('the prose of a source line', () => {
  it('keeps the text of links, emphasis and headings, without their marks', () => {
    expect(proseOfLine('## Установка **сервера** {#install}')).toEqual(['Установка сервера']);
    expect(proseOfLine('- См. [руководство](../install/index.md#a) и [раздел][ref].')).toEqual(['См. руководство и раздел.']);
    expect(proseOfLine('> :::tip Совет')).toEqual(['Совет']);
  });

  it('takes code, expressions, tags and comments out', () => {
    expect(proseOfLine('Файл `"a" - b` и {product.version} <Link to="/x">ссылка</Link> <!-- "черновик" -->')).toEqual([`Файл ${CODE} и ${CODE}  ссылка`]);
    expect(proseOfLine('<SettingsCatalogue />')).toEqual([]);
    expect(proseOfLine('![Схема "в кавычках"](./scheme.png)')).toEqual([]);
  });

  it('splits a table row into cells and skips the separator row', () => {
    expect(proseOfLine('| Порт | Назначение `8065` |')).toEqual(['Порт', `Назначение ${CODE}`]);
    expect(proseOfLine('|---|:---:|')).toEqual([]);
  });

  it('leaves snake_case and environment variables whole', () => {
    expect(proseOfLine('Переменная TIME_FEATUREFLAGS_* и ключ guest_access.')).toEqual(['Переменная TIME_FEATUREFLAGS_* и ключ guest_access.']);
  });
});

describe('the blocks of a source', () => {
  it('are the shown front matter fields and the prose lines, with their line numbers; code blocks and imports are left out', () => {
    const source = `${front}import {product} from '@site/data/product';\n\n## Раздел {#part}\n\n\`\`\`bash\necho "x" - y\n\`\`\`\n\nТекст.\n`;
    expect(sourceBlocks(source)).toEqual([
      {line: 2, text: 'Проверка текста'},
      {line: 3, text: 'Страница для проверки правописания исходников.'},
      {line: 8, text: 'Раздел'},
      {line: 14, text: 'Текст.'},
    ]);
  });

  it('are null when the front matter does not parse', () => {
    expect(sourceBlocks('---\ntitle: [\n---\nТекст.\n')).toBeNull();
  });
});

describe('proofreading the sources', () => {
  it('names the file and line of each typography, glossary and spelling problem', async () => {
    const source = `${front}\n## Начало {#start}\n\nНажмите "Сохранить" - и всё.\n\nНужно 2-3 ГБ памяти.\n\nСоздайте аккаунт администратора.\n\nПроверте настройки.\n`;
    const problems = await proofreadSources(new Map([['docs/a.md', source]]));
    expect(problems.map((p) => [p.file, p.line, p.kind])).toEqual([
      ['docs/a.md', 9, 'typography'],
      ['docs/a.md', 11, 'typography'],
      ['docs/a.md', 13, 'glossary'],
      ['docs/a.md', 15, 'spelling'],
    ]);
    expect(formatSourceProblems(problems).split('\n').slice(3)).toEqual([
      '  docs/a.md:9 — typography: Нажмите "Сохранить" - и всё. → Нажмите «Сохранить» — и всё.   [ru/dash/main, common/punctuation/quote]',
      '  docs/a.md:11 — typography: Нужно 2-3 ГБ памяти. → Нужно 2–3⍽ГБ памяти.   [ru/dash/numberRange, ru/nbsp/unit]',
      '  docs/a.md:13 — glossary: аккаунт → учётная запись — Создайте аккаунт администратора.',
      '  docs/a.md:15 — spelling: Проверте — Проверте настройки.',
    ]);
  }, 60_000);

  it('passes text written by the rules', async () => {
    const source = `${front}\n## Начало {#start}\n\nНажмите «Сохранить» — и всё. Нужно 2–3${NBSP}ГБ памяти и учётная запись администратора.\n`;
    expect(await proofreadSources(new Map([['docs/a.md', source]]))).toEqual([]);
  });
});
