/** The search engine against hostile or odd queries: bounded work, text pasted from logs, errors in Russian. */
import {describe, expect, it} from 'vitest';
import {budgetedTokenSet, planQuery, prepareGlossary, search} from '../../src/search/engine/searcher';
import {cutQuery, oneSlipFrom, toLunrSyntax} from '../../src/search/engine/syntax';
import {lunr} from '../../src/search/engine/lunr';
import {FIELDS} from '../../src/search/engine/shard';
import {MAX_EDIT_DISTANCE, MAX_EXPANDED_TERMS, MAX_FUZZY_TERMS, MAX_QUERY_CHARS, MAX_QUERY_TERMS} from '../../src/search/limits';
import {plural, searchStrings, syntaxMessages} from '../../src/search/strings';
import {corpusOfPages, docPage as page} from '../support/search-fixture';

const corpus = corpusOfPages([
  page('/logs', 'Журналы сервера', '<p>Строка <code>Error: connection refused</code> значит, что база недоступна. Поле level: error, warn, info.</p>'),
  page('/db', 'База данных', '<p>Строка подключения задаётся в <code>TIME_SQLSETTINGS_DATASOURCE</code>.</p>'),
  page('/users', 'Получить пользователей', '<p>Список пользователей.</p>', ['getusers', '/users', 'get:/users']),
  page('/smtp', 'Настройка почты', '<p>Сервер исходящей почты и настройка уведомлений.</p>'),
]);
const glossary = prepareGlossary([]);
const run = (query: string) => search(corpus, glossary, query);
const timed = (query: string) => {
  const start = performance.now();
  const result = run(query);
  return {result, ms: performance.now() - start};
};
const plan = (query: string) => {
  const planned = planQuery(query, corpus, glossary);
  if ('error' in planned) throw new Error(planned.error);
  return planned;
};
let seed = 7;
/** Random Latin letters (a fixed sequence): words the index does not know, so the engine looks them up fuzzily. */
const noise = (n: number) => Array.from({length: n}, () => 'abcdefghijklmnopqrstuvwxyz'[(seed = (seed * 16807) % 2147483647) % 26]).join('');

describe('the work of one query is bounded', () => {
  it('cuts a long query to MAX_QUERY_CHARS characters, says so, and answers promptly', () => {
    for (const length of [400, 1000, 10_000]) {
      const {result, ms} = timed(noise(length));
      expect(result.cut).toEqual({chars: MAX_QUERY_CHARS});
      expect(ms).toBeLessThan(1000);
    }
    // Words of a long query still find their pages.
    expect(run(`настройка почты ${'х'.repeat(5000)}`).hits[0]?.url).toBe('/smtp');
    expect(run('настройка почты').cut).toBeUndefined();
  });

  it('cuts by whole characters, never inside a surrogate pair', () => {
    const text = cutQuery('😀'.repeat(MAX_QUERY_CHARS + 5)).text;
    expect(Array.from(text)).toHaveLength(MAX_QUERY_CHARS);
    expect(text.endsWith('😀')).toBe(true);
  });

  it('searches at most MAX_QUERY_TERMS words and says so', () => {
    const query = Array.from({length: MAX_QUERY_TERMS + 4}, (_, i) => `почта${'абвгдежзиклмнопрстуфх'[i]}`).join(' ');
    expect(query.length).toBeLessThan(MAX_QUERY_CHARS);
    const result = run(query);
    expect(result.cut).toEqual({terms: MAX_QUERY_TERMS});
    expect(plan(query).clauses.length).toBe(MAX_QUERY_TERMS);
  });

  it('caps the edit distance, drops fuzziness for long words and limits fuzzy words per query', () => {
    expect(plan('настройка~9').clauses[0].editDistance).toBe(MAX_EDIT_DISTANCE);
    expect(plan(`${noise(21)}`).clauses[0].editDistance).toBe(0);
    expect(plan(`${noise(21)}~2`).clauses[0].editDistance).toBe(0);
    const fuzzy = plan(Array.from({length: 8}, () => noise(9)).join(' ')).clauses.filter((c) => c.editDistance > 0);
    // Words, each looked up one and two edits away.
    expect(new Set(fuzzy.flatMap((c) => c.groups)).size).toBe(MAX_FUZZY_TERMS);
    // What lunr would otherwise take seconds over (an automaton growing with length^distance).
    expect(timed('настройка~9').ms).toBeLessThan(1000);
    expect(timed(`${noise(60)}~2 ${noise(19)}~2`).ms).toBeLessThan(1000);
  });

  it('expands fuzzy terms to at most MAX_EXPANDED_TERMS index terms per query', () => {
    const words = Array.from({length: MAX_EXPANDED_TERMS + 500}, (_, i) => `w${String(i).padStart(5, '0')}`);
    const budget = {left: MAX_EXPANDED_TERMS};
    const TokenSet = lunr.TokenSet as unknown as {fromArray(words: string[]): never; fromString(text: string): never};
    const set = budgetedTokenSet(TokenSet.fromArray(words), budget);
    const everything = TokenSet.fromString('*');
    expect(set.intersect(everything).toArray()).toHaveLength(MAX_EXPANDED_TERMS);
    expect(set.intersect(everything).toArray()).toHaveLength(0);
    // Each query starts with a full budget, whatever the one before spent.
    corpus.expansion.left = 0;
    expect(run('почта').hits.length).toBeGreaterThan(0);
  });
});

describe('text pasted from logs is searched as text', () => {
  it.each([
    ['Error: connection refused', '/logs'],
    ['level:error', '/logs'],
    ['http://host:8065/api/v4/users', '/users'],
    ['TIME_SQLSETTINGS_DATASOURCE', '/db'],
    ['--verbose база данных', '/db'],
    ['база - данных', '/db'],
    ['author:почта', '/smtp'],
    ['context:почта', '/smtp'],
  ])('%s', (query, url) => {
    const result = run(query);
    expect(result.error).toBeUndefined();
    expect(result.hits[0]?.url).toBe(url);
  });

  it.each(['a~b', 'foo~bar', '~/.config', '12:30:00', 'C:\\Time\\config', 'x^y'])('%s gives no syntax error', (query) => {
    expect(run(query).error).toBeUndefined();
  });

  it('keeps the syntax the reader clearly used', () => {
    expect(toLunrSyntax('title:почта +сервер -smtp почта~1 почта^2', FIELDS)).toBe('title:почта +сервер -smtp почта~1 почта^2');
    expect(toLunrSyntax('Title:почта', FIELDS)).toBe('title:почта');
    expect(toLunrSyntax('level:error a~b --verbose -', FIELDS)).toBe('level error a b verbose ');
    expect(run('title:почта').hits.map((h) => h.url)).toEqual(['/smtp']);
    expect(run('почта -уведомлений').hits.map((h) => h.url)).toEqual([]);
  });

  it('reads `*` as any letters of an index term: a word by its start, its end or a part', () => {
    const found = run('исход*').hits;
    expect(found.map((h) => h.url)).toEqual(['/smtp']);
    expect(found[0].terms).toEqual([expect.stringMatching(/^исход./)]);
    expect(run('*ключ*').hits.map((h) => h.url)).toEqual(['/db']);
    expect(run('+журнал* -серв*').hits).toEqual([]);
    expect(run('*').hits).toEqual([]);
  });

  it('tells a mistyped field name (one letter missing, extra or swapped) from other words', () => {
    expect(['titel', 'titl', 'tittle', 'keyword', 'contents', 'heding'].filter((w) => !FIELDS.some((f) => oneSlipFrom(w, f)))).toEqual([]);
    expect(['level', 'error', 'context', 'time', 'host', 'author', 'title'].filter((w) => FIELDS.some((f) => oneSlipFrom(w, f)))).toEqual([]);
  });
});

describe('query syntax errors are in Russian', () => {
  const s = syntaxMessages;
  it.each([
    ['почта~x', s.editDistance],
    ['почта~', s.editDistance],
    ['почта^x', s.boost],
    ['titel:почта', s.unknownField('titel', FIELDS)],
    ['title:', s.termMissing],
    ['+', s.termOrFieldMissing],
    ['~1', s.fieldOrTermExpected('EDIT_DISTANCE', '1')],
  ])('%s', (query, message) => {
    expect(run(query)).toEqual({hits: [], error: message});
    expect(message).not.toMatch(/[a-z]{4,} (must|found|expecting|expected)/i);
  });

  it('has every message in Russian', () => {
    for (const [key, value] of Object.entries(syntaxMessages)) {
      const text = typeof value === 'function' ? (value as (x: string, y: string[]) => string)('EOS', [...FIELDS]) : value;
      expect(text, key).toMatch(/^[а-яё]/);
    }
  });

  it('names the fields and the operator found', () => {
    expect(s.unknownField('titel', FIELDS)).toBe('поля «titel» нет, есть поля «title», «heading», «keywords», «content»');
    expect(s.fieldOrTermExpected('EDIT_DISTANCE', '1')).toBe('запрос должен начинаться со слова или поля, а найдено «~1»');
  });

  it('words the notices with Russian plurals', () => {
    expect([1, 2, 5, 11, 21, 22, 200].map((n) => plural(n, ['слово', 'слова', 'слов']))).toEqual(['слово', 'слова', 'слов', 'слов', 'слово', 'слова', 'слов']);
    expect(searchStrings.queryCut(200)).toBe('Запрос сокращён до 200 символов: искали по началу запроса.');
  });
});
