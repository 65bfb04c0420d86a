import {describe, expect, it, vi} from 'vitest';
import {formsMatcher, markRanges, matchedWords, termMatcher} from '../../src/search/engine/marks';
import {terms} from '../../src/search/engine/text';
import {contextOf, parseScopeParam, scopeParam} from '../../src/search/contexts';
import {handle, hitHref, scopeContexts} from '../../src/search/client/searchService';
import type {Reply, Request} from '../../src/search/client/protocol';
import type {Manifest} from '../../src/search/engine/shard';
import {docPage, siteFiles} from '../support/search-fixture';

describe('marking search terms', () => {
  it('marks every form of a matched word and leaves the rest', () => {
    const matches = termMatcher(terms('настройка почты'));
    const text = 'Настройки почтового сервера: почта, НАСТРОЙКАМ, настроение.';
    expect(markRanges(text, matches).map(([a, b]) => text.slice(a, b))).toEqual(['Настройки', 'почта', 'НАСТРОЙКАМ']);
  });

  it('marks identifiers by their parts and never API path keys', () => {
    const matches = termMatcher(['servicesettings.siteurl', '/users/{}/image', 'post:/posts']);
    expect(markRanges('ServiceSettings.SiteURL и users image posts', matches).length).toBe(2);
  });

  it('sends to the page only the words the reader typed that the hit matched, not stems, synonyms or question words', () => {
    // The hit matched «настройк» and «почт» directly and «smtp» through a synonym of «почта».
    expect(matchedWords('Как настроить почту?', ['настро', 'почт', 'smtp'])).toEqual(['настроить', 'почту']);
    expect(matchedWords('docker compose', ['docker', 'compos'])).toEqual(['docker', 'compose']);
    expect(matchedWords('ServiceSettings.SiteURL', ['servicesettings.siteurl'])).toEqual(['servicesettings', 'siteurl']);
    expect(matchedWords('kubernetis', ['kubernet'])).toEqual([]);
  });

  it('marks on the page the typed words and their other forms, nothing else', () => {
    const matches = formsMatcher(['почту', 'compose']);
    const text = 'Почта, почтой и SMTP; Compose, composed, docker.';
    expect(markRanges(text, matches).map(([a, b]) => text.slice(a, b))).toEqual(['Почта', 'почтой', 'Compose', 'composed']);
  });

  it('marks a number the reader typed whole where the page separates its thousands', () => {
    const text = 'До 3\u00a0000 пользователей; порты 80 443; лимит 65\u202f536.';
    const marked = (typed: string[]) => markRanges(text, formsMatcher(typed)).map(([a, b]) => text.slice(a, b));
    expect(marked(['3000', '65536'])).toEqual(['3\u00a0000', '65\u202f536']);
    expect(marked(['80'])).toEqual(['80']);
    expect(marked(['000'])).toEqual([]);
  });
});

describe('search contexts in the address', () => {
  it('tells the context of a page', () => {
    expect(contextOf('/administration/settings/environment/smtp')).toBe('administration');
    expect(contextOf('/api/v4/create-post')).toBe('api');
    expect(contextOf('/faq')).toBe('');
    expect(contextOf('/apis')).toBe('');
  });

  it('reads and writes ctx: a context, everything outside it, or the whole site', () => {
    expect(parseScopeParam(null)).toEqual({scope: {}});
    expect(parseScopeParam('deployment')).toEqual({scope: {context: 'deployment'}});
    expect(parseScopeParam('!deployment')).toEqual({scope: {context: 'deployment', outside: true}});
    expect(scopeParam({context: 'deployment', outside: true})).toBe('!deployment');
    expect(scopeParam({})).toBe('');
    expect(parseScopeParam('blog')).toEqual({error: expect.stringMatching(/^Раздела поиска «blog» нет\. Разделы: administration, deployment/)});
  });
});

describe('search worker', () => {
  const long = `${'Кластер обслуживают операторы. '.repeat(10)}Для etcd нужен отдельный диск с низкой задержкой. ${'Журналы собираются централизованно. '.repeat(10)}`;
  const group = (context: string, label: string, url: string, title: string, body: string) => ({context, label, pages: [docPage(url, title, body)]});
  const files: Record<string, unknown> = Object.fromEntries(
    Object.entries(
      siteFiles(
        [
          group(
            'deployment',
            'Развёртывание',
            '/deployment/k8s',
            'Kubernetes',
            '<p>Установка в кластер.</p><h2 id="check">Проверка</h2><p>Поды Kubernetes запущены.</p>',
          ),
          group('license', 'Лицензия', '/license/etcd', 'Хранилище', `<p>${long}</p>`),
          group('integrations', 'Интеграции', '/integrations/hooks', 'Вебхуки', '<p>Вебхук принимает события от внешних систем и публикует их в канал.</p>'),
          group('', '', '/faq', 'Вопросы', '<p>Можно ли поставить Time в k8s?</p>'),
        ],
        [['kubernetes', 'k8s']],
      ),
    ).map(([file, json]) => [file, JSON.parse(json) as unknown]),
  );
  let failing = false;
  vi.stubGlobal('fetch', async (url: string) => {
    if (failing) throw new TypeError('Failed to fetch');
    return url in files ? new Response(JSON.stringify(files[url])) : new Response('not found', {status: 404});
  });
  let id = 0;
  const ask = async (request: Omit<Extract<Request, {type: 'search'}>, 'id' | 'type' | 'baseUrl' | 'limit'>) => {
    const replies: Reply[] = [];
    await handle({type: 'search', id: ++id, baseUrl: '/', limit: 10, ...request}, (r) => replies.push(r));
    return replies;
  };

  it('reports a failed load, then loads on the next request', async () => {
    failing = true;
    const failed = await ask({query: 'kubernetes', scope: {}});
    expect(failed.map((r) => r.type)).toEqual(['loading', 'failed']);
    // A fetch that never reached the server is a network failure, not a damaged index.
    expect(failed[1]).toMatchObject({problems: [{reason: 'network'}]});
    failing = false;
    const replies = await ask({query: 'kubernetes', scope: {}});
    expect(replies.map((r) => r.type)).toEqual(['loading', 'searching', 'excerpts', 'result']);
    const result = replies[3] as Extract<Reply, {type: 'result'}>;
    expect(result.hits.map((h) => h.url)).toEqual(['/deployment/k8s', '/faq']);
    expect(result.hits[0].marks.title).toEqual([[0, 10]]);
    // Ready now: no loading state for the same scope.
    expect((await ask({query: 'установка', scope: {}})).map((r) => r.type)).toEqual(['searching', 'excerpts', 'result']);
  });

  it('shows a hit without an excerpt when its fragment cannot be fetched, and fetches it again later', async () => {
    const file = Object.keys(files).find((f) => f.startsWith('/search-index/fragment.') && JSON.stringify(files[f]).includes('etcd'))!;
    const saved = files[file];
    delete files[file];
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const [hit] = ((await ask({query: 'etcd', scope: {context: 'license'}})).at(-1) as Extract<Reply, {type: 'result'}>).hits;
    expect(hit).toMatchObject({url: '/license/etcd', title: 'Хранилище', excerpt: '', marks: {excerpt: []}});
    expect(error).toHaveBeenCalledWith(expect.stringContaining(`${file}: HTTP 404`));
    error.mockRestore();
    files[file] = saved;
    const [again] = ((await ask({query: 'etcd', scope: {context: 'license'}})).at(-1) as Extract<Reply, {type: 'result'}>).hits;
    expect(again.excerpt).toContain('etcd');
  });

  it('shows each hit with the part of its section around the words the reader typed, marked', async () => {
    const [hit] = ((await ask({query: 'поды', scope: {context: 'deployment'}})).at(-1) as Extract<Reply, {type: 'result'}>).hits;
    expect(hit).toMatchObject({url: '/deployment/k8s', anchor: 'check', excerpt: 'Поды Kubernetes запущены.'});
    expect(hit.marks.excerpt.map(([a, b]) => hit.excerpt.slice(a, b))).toEqual(['Поды']);
    // A match in the middle of a long section: its sentence, not the start of the section.
    const [deep] = ((await ask({query: 'диска etcd', scope: {context: 'license'}})).at(-1) as Extract<Reply, {type: 'result'}>).hits;
    expect(deep.excerpt).toMatch(/^Для etcd нужен отдельный диск с низкой задержкой\. /);
    expect(deep.excerpt.length).toBeLessThanOrEqual(201);
    expect(deep.marks.excerpt.map(([a, b]) => deep.excerpt.slice(a, b))).toEqual(['etcd', 'диск']);
  });

  it('while the reader types, answers at once and fetches the excerpts of the last query only', async () => {
    const hitsOf = (reply: Reply | undefined) => (reply as Extract<Reply, {type: 'result'}>).hits;
    const scope = {context: 'integrations'};
    // Keystrokes: the first query is replaced by the next before its excerpts are fetched.
    const [first, second] = await Promise.all([ask({query: 'вебхук', scope, typing: true}), ask({query: 'вебхук события', scope, typing: true})]);
    expect(first.filter((r) => r.type === 'result').map((r) => (r as Extract<Reply, {type: 'result'}>).early)).toEqual([true, undefined]);
    expect(hitsOf(first.at(-1))[0]).toMatchObject({url: '/integrations/hooks', excerpt: ''});
    // The last one: at once without the excerpt it has not fetched yet, then with it.
    expect(hitsOf(second.at(-2))[0].excerpt).toBe('');
    expect(hitsOf(second.at(-1))[0].excerpt).toContain('события');
    // A query not typed (pasted, or sent alone) is answered once, with its excerpts.
    const pasted = await ask({query: 'публикует', scope});
    expect(pasted.filter((r) => r.type === 'result')).toHaveLength(1);
    expect(hitsOf(pasted.at(-1))[0].excerpt).toContain('публикует');
  });

  it('searches inside or outside a context', async () => {
    const inside = (await ask({query: 'k8s', scope: {context: 'deployment'}})).at(-1) as Extract<Reply, {type: 'result'}>;
    expect(inside.hits.map((h) => h.url)).toEqual(['/deployment/k8s']);
    const outside = (await ask({query: 'k8s', scope: {context: 'deployment', outside: true}})).at(-1) as Extract<Reply, {type: 'result'}>;
    expect(outside.hits.map((h) => h.url)).toEqual(['/faq']);
  });

  it('answers a syntax error with the message and no hits', async () => {
    const reply = (await ask({query: 'title:', scope: {}})).at(-1) as Extract<Reply, {type: 'result'}>;
    expect(reply).toMatchObject({hits: [], error: 'после имени поля нужно слово, например «title:docker»'});
  });

  it('rejects an unknown context', () => {
    expect(() => scopeContexts(files['/search-index/manifest.json'] as Manifest, {context: 'blog'})).toThrow(/no context "blog"/);
  });

  it("links a hit to its section with the reader's matched words to highlight", () => {
    expect(hitHref({url: '/deployment/k8s', anchor: 'check'}, ['kubernetes', '/users/{}/image'])).toBe('/deployment/k8s?_highlight=kubernetes#check');
    expect(hitHref({url: '/faq', anchor: ''}, [])).toBe('/faq');
  });
});
