/** The body text's index cut into chunks by term: which chunks a query fetches, and that they rank as the whole index would. */
import {describe, expect, it, vi} from 'vitest';
import {buildShard, contentChunks} from '../../plugins/search';
import {buildCorpus, contentTerms, prepareGlossary, queryChunks, search} from '../../src/search/engine/searcher';
import {chunksOf, splitLines} from '../../src/search/engine/shard';
import {stem} from '../../src/search/engine/text';
import {docPage as page, siteFiles} from '../support/search-fixture';
import {handle} from '../../src/search/client/searchService';
import type {Reply} from '../../src/search/client/protocol';

const pages = [
  page(
    '/smtp',
    'Почта',
    '<p>Сервер исходящей почты принимает письма. Настройка уведомлений по почте.</p><h2 id="tls">Шифрование</h2><p>Соединение с сервером шифруется TLS.</p>',
  ),
  page('/k8s', 'Kubernetes', '<p>Установка в кластер: поды, сервисы, хранилище. Обновление кластера без простоя.</p>'),
  page('/backup', 'Резервное копирование', '<p>Копия базы данных и файлов. Восстановление из копии на новом сервере.</p>'),
  page('/logs', 'Журналы', '<p>Журналы сервера пишутся в файл и в консоль; уровень подробности задаётся настройкой.</p>'),
];
const {shard, content} = buildShard('', pages);
const chunked = contentChunks(content, 60);
const manifestContent = chunked.map(({first}, i) => ({first, file: `content.${i}.json`}));
const chunks = chunked.map((c) => c.chunk);
const glossary = prepareGlossary([
  ['почта', 'email'],
  ['журнал', 'лог'],
]);

/** The chunks the worker fetches for a query: those of its words, then of the other-layout retypings of unknown ones. */
function fetchedFor(query: string): number[] {
  const loaded = queryChunks(manifestContent, query, glossary);
  const partial = buildCorpus(
    [shard],
    loaded.map((i) => chunks[i]),
  );
  return [...new Set([...loaded, ...queryChunks(manifestContent, query, glossary, (t) => partial.vocabulary.has(t))])].sort((a, b) => a - b);
}

describe('content chunks', () => {
  it('list every body term once, in order, each chunk within its size but for a longer single line', () => {
    expect(chunked.length).toBeGreaterThan(3);
    expect(chunked[0].first).toBe('');
    const terms = chunks.flatMap((c) => splitLines(c.lines).map((l) => l.term));
    expect(terms).toEqual([...new Set(content.flat())].sort());
    chunked.slice(1).forEach(({first, chunk}) => expect(splitLines(chunk.lines)[0].term).toBe(first));
    for (const {chunk} of chunked) expect(chunk.lines.length <= 60 || !chunk.lines.includes('\n')).toBe(true);
  });

  it('are found for a term and for every term a prefix covers', () => {
    const holding = (term: string) => chunks.findIndex((c) => splitLines(c.lines).some((l) => l.term === term));
    for (const term of content.flat()) expect(chunksOf(manifestContent, [term])).toEqual([holding(term)]);
    // A term that is in no chunk maps to the one it would sort into.
    expect(chunksOf(manifestContent, ['ааа'])).toHaveLength(1);
    // Those holding terms with the prefix, and the one before when it may hold some (its range reaches past the prefix).
    const prefixed = [...new Set([...new Set(content.flat().filter((t) => t.startsWith('с')))].map(holding))].sort((a, b) => a - b);
    const fetched = chunksOf(manifestContent, [], ['с']);
    expect(fetched).toEqual(expect.arrayContaining(prefixed));
    expect(fetched.length).toBeLessThanOrEqual(prefixed.length + 1);
    expect(fetched.at(-1)).toBe(prefixed.at(-1));
    expect(chunksOf([], ['почт'])).toEqual([]);
  });

  it("fetch a query's words and their synonyms, other-layout retypings only of unknown words, never stop words", () => {
    const {terms} = contentTerms('как настроить почту', glossary);
    expect([...terms]).toEqual(expect.arrayContaining([stem('настроить'), stem('почту'), 'email']));
    expect(terms.has('как')).toBe(false);
    const known = (t: string) => t === stem('почта');
    expect(contentTerms('почта gjxnf', glossary, known).terms.has(stem('почта'))).toBe(true);
    // `gjxnf` is unknown: its retyping «почта» is fetched; «почта» is known: its retyping is not.
    expect([...contentTerms('gjxnf', glossary, known).terms]).toContain(stem('почта'));
    expect([...contentTerms('почта', glossary, known).terms]).toEqual([stem('почта'), 'email']);
    expect(contentTerms('серв* ~', glossary).prefixes).toEqual(['серв']);
    expect(contentTerms('*', glossary)).toEqual({terms: new Set(), prefixes: []});
  });

  it('rank a query over the chunks it fetched exactly as over all of them', () => {
    const full = buildCorpus([shard], chunks);
    for (const query of ['сервер почты', 'обновление кластера', 'журналы', 'логи сервера', 'восстановление копии', 'gjxns', 'почт*', '+кластер -почта']) {
      const fetched = fetchedFor(query);
      expect(fetched.length, query).toBeLessThan(chunks.length);
      const partial = buildCorpus(
        [shard],
        fetched.map((i) => chunks[i]),
      );
      const shown = (corpus: typeof full) => search(corpus, glossary, query).hits.map((h) => [h.url, h.anchor, h.score]);
      expect(shown(partial), query).toEqual(shown(full));
      expect(shown(full).length, query).toBeGreaterThan(0);
    }
  });

  it('rank the same whatever order the chunks arrive in', () => {
    const shown = (corpus: ReturnType<typeof buildCorpus>, query: string) => search(corpus, glossary, query).hits.map((h) => [h.url, h.anchor, h.score]);
    const inOrder = buildCorpus([shard], chunks);
    const reversed = buildCorpus([shard], [...chunks].reverse());
    for (const query of ['сервер почты', 'обновление кластера без простоя', 'журналы сервера', 'копия базы']) {
      expect(shown(reversed, query), query).toEqual(shown(inOrder, query));
      expect(shown(inOrder, query).length, query).toBeGreaterThan(0);
    }
  });

  it('are refused when they do not fit the shards', () => {
    expect(() => buildCorpus([shard], [chunks[0], chunks[0]])).toThrow(/listed twice/);
    expect(() => buildCorpus([shard], [chunks[0], {...chunks[1], sections: 99}])).toThrow(/different builds/);
    expect(() => buildCorpus([{...shard, firstSection: 3}], chunks)).toThrow(/outside the \d+ sections/);
    expect(() => buildCorpus([{...shard, contentLengths: '1 2'}], chunks)).toThrow(/2 body lengths for \d+ sections/);
  });
});

describe('the search worker with content chunks', () => {
  const files = siteFiles([{context: '', label: '', pages}], [['почта', 'email']], 60);
  const fetched: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    return url in files ? new Response(files[url]) : new Response('not found', {status: 404});
  });
  let id = 0;
  const ask = async (query: string) => {
    const replies: Reply[] = [];
    await handle({type: 'search', id: ++id, baseUrl: '/', limit: 10, query, scope: {}}, (r) => replies.push(r));
    const result = replies.at(-1) as Extract<Reply, {type: 'result'}>;
    return result.hits.map((h) => [h.url, h.anchor, h.title]);
  };

  it("fetches only the chunks of a query's words, and searches each query over its own", async () => {
    const first = await ask('обновление кластера');
    const chunksFetched = fetched.filter((url) => url.includes('/content.'));
    expect(chunksFetched.length).toBeGreaterThan(0);
    expect(new Set(chunksFetched).size).toBeLessThan(Object.keys(files).filter((f) => f.includes('/content.')).length);
    expect(first[0]).toEqual(['/k8s', '', 'Kubernetes']);
    // Words only in the bodies of other pages: found through their own chunks, not an index built for the first query.
    expect((await ask('восстановление копии'))[0]).toEqual(['/backup', '', 'Резервное копирование']);
    expect((await ask('консоль'))[0]).toEqual(['/logs', '', 'Журналы']);
    expect(await ask('обновление кластера')).toEqual(first);
  });
});
