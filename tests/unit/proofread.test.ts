/**
 * The proofreading check (scripts/lib/proofread.ts) on small pages: each rule passes good text and
 * catches bad text, code is never read, and technical values are never "fixed".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {checkGlossary, checkSpelling, checkTypography, CODE, differences, extractPage, formatProblems, loadPages, REPO_ROOT} from '../../scripts/lib/proofread';
import {formatBound} from '../../plugins/settings/remark';

const NBSP = '\u00A0';

/** A built page with `body` as its article. */
const page = (body: string, title = 'Страница', description = '') =>
  `<!doctype html><html lang="ru"><head><title>${title}</title>${description ? `<meta name="description" content="${description}">` : ''}</head>` +
  `<body><nav><p>Меню "не проверяется"</p></nav><main><article>${body}</article></main></body></html>`;

/** The blocks of a page's article (its title comes first and is left out here). */
const blocksOf = (body: string) => (extractPage(page(body)) ?? []).slice(1);
const typography = (body: string) => checkTypography([{page: '/t/', blocks: blocksOf(body)}]);
const spelling = (body: string) => checkSpelling([{page: '/t/', blocks: blocksOf(body)}]);
const glossary = (body: string) => checkGlossary([{page: '/t/', blocks: blocksOf(body)}]).map((problem) => problem.text);

describe('the text of a page', () => {
  it('is the title, the description and one block per paragraph, item, cell and heading of the article', () => {
    const html = page(
      '<h2>Шаг 1<a class="hash-link" href="#s">\u200b</a></h2><p>Первый <strong>абзац</strong>.</p><ul><li>Пункт<ul><li>Вложенный</li></ul></li></ul><table><tr><th>Порт</th><td>Назначение</td></tr></table>',
      'Заголовок | Time Docs',
      'Описание страницы.',
    );
    expect(extractPage(html)).toEqual(['Заголовок | Time Docs', 'Описание страницы.', 'Шаг 1', 'Первый абзац.', 'Пункт', 'Вложенный', 'Порт', 'Назначение']);
  });

  it('leaves out code blocks, SVG and scripts, and keeps inline code as a placeholder', () => {
    const blocks = blocksOf(
      '<p>Файл <code>"a" - b</code> и <kbd>Ctrl</kbd>.</p><pre><code>echo "x" - y</code></pre><svg><text>"диаграмма"</text></svg><script>var a = "b";</script><div class="prism-code">"x"</div>',
    );
    expect(blocks).toEqual([`Файл ${CODE} и ${CODE}.`]);
  });

  it('counts Markdown code spans that reach the page as text as code', () => {
    expect(extractPage(page('<p>Текст.</p>', 'T', 'Статус `dnd` (не беспокоить)'))?.[1]).toBe(`Статус ${CODE} (не беспокоить)`);
  });

  it('is not read from redirect stubs without a main element', () => {
    expect(extractPage('<html><head><meta http-equiv="refresh" content="0; url=/a/"></head><body></body></html>')).toBeUndefined();
  });

  it('cannot be loaded from a folder without pages', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'proofread-'));
    expect(() => loadPages(empty)).toThrow(/No HTML pages/);
    fs.rmSync(empty, {recursive: true});
  });

  it('is read from every page of a built folder, named by its path on the site', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proofread-'));
    fs.mkdirSync(path.join(dir, 'a/b'), {recursive: true});
    fs.writeFileSync(path.join(dir, 'a/b/index.html'), page('<p>Текст.</p>'));
    fs.writeFileSync(path.join(dir, '404.html'), page('<p>Нет такой.</p>'));
    fs.writeFileSync(path.join(dir, 'a/index.html'), '<html><head></head><body>redirect</body></html>');
    expect(loadPages(dir).map((p) => p.page)).toEqual(['/404.html', '/a/b/']);
    fs.rmSync(dir, {recursive: true});
  });
});

describe('typography', () => {
  it('accepts the typography of CONTRIBUTING.md', () => {
    const good = [
      'Нажмите «Сохранить» — настройка «Режим „только чтение“» применится сразу.',
      `Нужно 2–3${NBSP}ГБ памяти и 16${NBSP}ГБ на диске, задержка до 200${NBSP}мс, таймаут 30${NBSP}секунд.`,
      `До 10${NBSP}000 пользователей, 10\u202F000 сообщений, 1${NBSP}000–10${NBSP}000 каналов.`,
      'Откройте Системная консоль → Среда → SMTP. Время работ: 10:00–12:00, 2023–2024 годы.',
      'Это 5-й узел, а не 6-й.',
    ];
    for (const text of good) expect(typography(`<p>${text}</p>`), text).toEqual([]);
  });

  it('leaves ports, versions, addresses, times, dates, paths and keys alone', () => {
    const technical = [
      'Порт 8065, порт 65535 и порты 30000–32767; откройте UDP 10000 к серверу; ошибка 50001 в журнале.',
      'Версия 5.6.1, адрес 192.168.0.10, время 10:30, дата 2024-01-15, код ISO 3166-1 alpha-2.',
      'Путь /opt/time/config, ключ ServiceSettings.SiteURL, архитектура x86-64, кодировка UTF-8.',
      'Телефон +7 495 123-45-67 и диапазон от 1 до 65535.',
      'Сервер ответил 404 и 503.',
      'Укажите &lt;username&gt;, затем a &lt; b &gt; c; в HTML неразрывный пробел пишут как &amp;nbsp;.',
      'Адрес https://time.example.ru/api/v4/posts?page=1&amp;per_page=60 и почта admin@example.ru.',
    ];
    for (const text of technical) expect(typography(`<p>${text}</p>`), text).toEqual([]);
  });

  it('never reads inline code', () => {
    expect(typography('<p>Задайте <code>"mode": "a" - "b"</code> и <code>2-3</code>.</p>')).toEqual([]);
  });

  it('catches straight and wrongly nested quotes', () => {
    expect(typography('<p>Нажмите "Сохранить".</p>')).toMatchObject([
      {text: 'Нажмите "Сохранить".', context: 'Нажмите «Сохранить».', rules: ['common/punctuation/quote']},
    ]);
    expect(typography('<p>Режим «только «чтение»».</p>')[0]?.context).toBe('Режим «только „чтение“».');
    expect(typography('<p>Поле "<code>x</code>" обязательно.</p>')[0]?.context).toBe('Поле «`…`» обязательно.');
  });

  it('catches a hyphen or an en dash where an em dash belongs', () => {
    // The space before the dash may be ordinary or non-breaking (plugins/rehype-typography adds the latter).
    expect(typography('<p>Time - корпоративный мессенджер.</p>')[0]?.context).toBe('Time — корпоративный мессенджер.');
    expect(typography(`<p>Time${NBSP}— мессенджер.</p>`)).toEqual([]);
    expect(typography('<p>Time – мессенджер.</p>')).toHaveLength(1);
    expect(typography('<p>Time—мессенджер.</p>')[0]?.context).toBe('Time — мессенджер.');
    expect(typography('<p>Time — мессенджер.</p>')).toEqual([]);
  });

  it('catches a range written with a hyphen or with spaces', () => {
    expect(typography(`<p>Нужно 2-3${NBSP}ГБ.</p>`)[0]).toMatchObject({context: 'Нужно 2–3⍽ГБ.', rules: ['ru/dash/numberRange']});
    expect(typography(`<p>Нужно 2 – 3${NBSP}ГБ.</p>`)[0]?.context).toBe('Нужно 2–3⍽ГБ.');
    expect(typography('<p>Окно 10:00-12:00.</p>')[0]?.context).toBe('Окно 10:00–12:00.');
  });

  it('catches a number and its unit on an ordinary space', () => {
    expect(typography('<p>Нужно 16 ГБ памяти.</p>')[0]).toMatchObject({text: 'Нужно 16 ГБ памяти.', context: 'Нужно 16⍽ГБ памяти.', rules: ['ru/nbsp/unit']});
    expect(typography('<p>Подождите 30 секунд.</p>')).toHaveLength(1);
    expect(typography('<p>Нужно 16ГБ.</p>')[0]?.context).toBe('Нужно 16⍽ГБ.');
    expect(typography('<p>Порт 443 с TLS.</p>')).toEqual([]);
  });

  it('catches thousands that are not grouped by non-breaking spaces', () => {
    expect(typography('<p>До 10 000 пользователей.</p>')[0]?.context).toBe('До 10⍽000 пользователей.');
    expect(typography('<p>До 10000 пользователей.</p>')[0]).toMatchObject({context: 'До 10⍽000 пользователей.', rules: ['ru/number/thousands']});
  });

  it('catches three dots, an arrow of two characters and long ordinals', () => {
    expect(typography('<p>Загрузка...</p>')[0]?.context).toBe('Загрузка…');
    expect(typography('<p>Откройте Среда -> SMTP.</p>')[0]?.context).toBe('Откройте Среда → SMTP.');
    expect(typography('<p>Это 5-ый узел.</p>')[0]?.context).toBe('Это 5-й узел.');
  });

  it('takes English quoted as the product shows it as written', () => {
    expect(typography('<p>Страница Keycloak «We are sorry... Client not found.».</p>')).toEqual([]);
    expect(typography('<p>У подпотока <strong>Browser - Conditional OTP</strong> смените требование.</p>')).toEqual([]);
    expect(typography('<p>Страница «Подождите...».</p>')).toHaveLength(1);
  });

  it('reports every place of a block separately, with the rules that apply', () => {
    const problems = typography('<p>Нажмите "Сохранить" и подождите: это займёт 2-3 минуты, а иногда и все 10 минут, если в базе много данных.</p>');
    expect(problems.map((p) => p.context)).toEqual([
      'Нажмите «Сохранить» и подождите: это займёт…',
      '…и подождите: это займёт 2–3⍽минуты, а иногда и все…',
      '…2–3⍽минуты, а иногда и все 10⍽минут, если в базе много…',
    ]);
    expect(new Set(problems.flatMap((p) => p.rules))).toEqual(new Set(['common/punctuation/quote', 'ru/dash/numberRange', 'ru/nbsp/unit']));
  });
});

describe('differences', () => {
  it('finds each changed place and merges changes a few characters apart', () => {
    expect(differences('abc "x" def', 'abc «x» def')).toEqual([{before: [4, 7], after: [4, 7]}]);
    expect(differences('a...b', 'a…b')).toEqual([{before: [1, 4], after: [1, 2]}]);
    expect(differences('same', 'same')).toEqual([]);
  });
});

describe('spelling', () => {
  it('accepts Russian and English words and the project word list', async () => {
    expect(await spelling('<p>Откройте Системную консоль, настройте вебхуки и бакет S3 в Kubernetes, затем проверьте учётную запись.</p>')).toEqual([]);
  });

  it('catches a misspelled Russian word, with the words around it and how often it occurs', async () => {
    const problems = await spelling('<p>Откройте настройки севрера.</p><p>Перезапустите севрера.</p>');
    // The offset is where the word first occurs in the page's text: «Откройте настройки » is 19 characters.
    expect(problems).toEqual([{page: '/t/', kind: 'spelling', text: 'севрера', context: 'Откройте настройки севрера.', count: 2, offset: 19}]);
  });

  it('does not read code, file names, environment variables, commands or mentions', async () => {
    expect(
      await spelling('<p>Задайте <code>ServiceSetings.SiteURl</code>.</p><h3>kustomizaton.yaml</h3><p>TIME_FEATUREFLAGZ_*, /jitsy, @ivan.petrof</p>'),
    ).toEqual([]);
  });
});

describe('glossary', () => {
  it('accepts the glossary terms and words that only look like the forbidden ones', () => {
    expect(
      glossary(
        '<p>Команда, сообщение, эмодзи, входящий вебхук, slash-команда, задание, учётная запись в Системной консоли. Постоянный тимлид, джобс и постгрес — другие слова.</p>',
      ),
    ).toEqual([]);
  });

  it('catches a forbidden word in any of its forms, with the term to use', () => {
    expect(glossary('<p>Создайте аккаунт в тиме, откройте админку и напишите пост.</p><p>Два эмоджи, веб-хука, слэш-команды и джобы.</p>')).toEqual([
      'аккаунт → учётная запись',
      'тиме → команда',
      'админку → Системная консоль',
      'пост → сообщение («пост» только в именах API)',
      'эмоджи → эмодзи',
      'веб-хука → вебхук',
      'слэш-команды → slash-команда',
      'джобы → задание',
    ]);
  });

  it('does not read code: API names keep their words', () => {
    expect(glossary('<p>Поле <code>post</code> и метод <code>пост</code>.</p>')).toEqual([]);
  });
});

describe('the report', () => {
  it('groups the problems of each kind by page and shows non-breaking spaces', () => {
    const report = formatProblems(
      [
        {page: '/a/', kind: 'typography', text: 'Нужно 16 ГБ.', context: 'Нужно 16⍽ГБ.', rules: ['ru/nbsp/unit']},
        {page: '/a/', kind: 'spelling', text: 'севрера', context: 'настройки севрера', count: 2},
        {page: '/b/', kind: 'typography', text: '"x"', context: '«x»', rules: ['common/punctuation/quote']},
      ],
      'typography',
    );
    expect(report.split('\n')).toEqual([
      expect.stringMatching(/^typography: 2 problem\(s\) on 2 page\(s\)\. .*⍽ is a non-breaking space/),
      '  /a/',
      '    Нужно 16 ГБ.',
      '  → Нужно 16⍽ГБ.   [ru/nbsp/unit]',
      '  /b/',
      '    "x"',
      '  → «x»   [common/punctuation/quote]',
    ]);
    expect(formatProblems([], 'spelling')).toBe('');
  });
});

describe('the project word list', () => {
  const lines = fs.readFileSync(path.join(REPO_ROOT, 'config/cspell-words.txt'), 'utf8').trimEnd().split('\n');
  const words = lines.filter((line) => !line.startsWith('#'));

  it('starts with a comment and holds one term per line, sorted, without repeats', () => {
    expect(lines[0]).toMatch(/^# /);
    expect(words.every((word) => /^\S+$/.test(word))).toBe(true);
    const key = (word: string) => word.toLowerCase();
    expect(words).toEqual([...words].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)));
    expect(new Set(words.map(key)).size).toBe(words.length);
  });
});

describe('settings ranges', () => {
  it('group the bounds of quantities with a unit, not ports or counts', () => {
    expect(formatBound(60000, 'мс')).toBe(`60${NBSP}000`);
    expect(formatBound(5242880, 'байт')).toBe(`5${NBSP}242${NBSP}880`);
    expect(formatBound(1024, 'МБ')).toBe('1024');
    expect(formatBound(65535)).toBe('65535');
  });
});
