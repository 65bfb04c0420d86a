import {describe, expect, it} from 'vitest';
import {fold, identifierKeys, isIdentifier, methodPathKey, normalizeApiPath, stem, switchLayout, terms} from '../../src/search/engine/text';
import {assertShard, decodeFields, encodeFields, encodeLines} from '../../src/search/engine/shard';
import {buildCorpus, FIELD_BOOSTS, matchApiPaths, planQuery, prepareGlossary, search, withinDistance} from '../../src/search/engine/searcher';
import {lunr} from '../../src/search/engine/lunr';
import {FIELDS} from '../../src/search/engine/shard';
import {apiKeywords, buildShard, MOVED_OPERATIONS, contentChunks, FRAGMENT_TEXT_CHARS, pageFragments} from '../../plugins/search';
import {cutAtWord, excerptWindow, formsMatcher, termMatcher} from '../../src/search/engine/marks';
import {contextOf} from '../../src/search/contexts';
import {extractPage} from '../../plugins/search/extract';

describe('search text', () => {
  it('folds case and ё, and stems Russian and English words alike on both sides', () => {
    expect(fold('Ёлка СЕРВЕР')).toBe('елка сервер');
    expect(terms('Настройка серверов')).toEqual(terms('настройки сервера'));
    expect(terms('Updating servers')).toEqual(terms('update server'));
    expect(terms('и в the of')).toEqual([]);
  });

  it('keeps the words of the stop list that name what the docs are about', () => {
    // «время жизни», «каждый день», «первый», «человек» are on the Russian stop list.
    expect(terms('время жизни токена').slice(0, 2)).toEqual(['врем', 'жизн']);
    expect(terms('каждый день')).toEqual([stem('день')]);
    expect(terms('первый вход')).toEqual(terms('первого входа'));
    expect(terms('на 3 тысячи человек')).toEqual(terms('3 тысяч человек'));
    expect(terms('что и как')).toEqual([]);
  });

  it('keeps identifiers with digits or underscores as written', () => {
    expect(terms('TIME_SERVICESETTINGS_SITEURL v4')).toEqual(['time_servicesettings_siteurl', 'v4']);
    expect(stem('siteurl')).toBe('siteurl');
  });

  it('reads a number with no-break thousands separators as the number the reader types', () => {
    expect(terms('до 3\u00a0000 пользователей, лимит 65\u202f536')).toEqual(terms('до 3000 пользователей, лимит 65536'));
    // A plain space separates numbers: ports stay two words.
    expect(terms('порты 80 443')).toEqual(['порт', '80', '443']);
  });

  it('normalises API paths and keys the way readers paste them', () => {
    expect(normalizeApiPath('https://time.example.ru/api/v4/users/{user_id}/image')).toBe('/users/{}/image');
    expect(normalizeApiPath('/API/V4/Posts/')).toBe('/posts');
    expect(methodPathKey('POST', '/api/v4/posts')).toBe('post:/posts');
    expect(identifierKeys('ServiceSettings.SiteURL')).toEqual(['servicesettings.siteurl', 'siteurl']);
    expect(isIdentifier('SiteURL')).toBe(true);
    expect(isIdentifier('CreatePost')).toBe(true);
    expect(isIdentifier('patchChannel')).toBe(true);
    expect(isIdentifier('Docker')).toBe(false);
  });

  it('retypes words typed on the wrong keyboard layout, both ways', () => {
    expect(switchLayout('yfcnhjqrf')).toBe('настройка');
    expect(switchLayout('j,yjdktybt')).toBe('обновление');
    expect(switchLayout('двфз')).toBe('ldap');
    expect(switchLayout('abc1')).toBeUndefined();
    // The hyphen is on the same key in both layouts: a hyphenated name is retyped whole.
    expect(switchLayout('ыдфсл-ешьу-зкщчн')).toBe('slack-time-proxy');
    expect(switchLayout('-')).toBeUndefined();
  });
});

describe('search index format', () => {
  it('round-trips the terms of every section through the compact inverted lists', () => {
    const sections = [
      {title: ['a'], heading: [], keywords: ['/posts'], content: ['x', 'x', 'y']},
      {title: ['a'], heading: ['h'], keywords: [], content: []},
      {title: [], heading: [], keywords: [], content: ['y']},
    ];
    const decoded = decodeFields(encodeFields(sections), 3);
    decoded.forEach((section, i) => {
      for (const field of ['title', 'heading', 'keywords', 'content'] as const) expect([...section[field]].sort()).toEqual([...sections[i][field]].sort());
    });
  });

  it('rejects what the worker could not use', () => {
    // Format 1 shards carried the excerpts; a cached one of them is not read as the current format.
    expect(() => assertShard({format: 1, pages: [], sections: [], fields: {}})).toThrow(/unknown format/);
    expect(() => decodeFields({title: 'a 5', heading: '', keywords: '', content: ''}, 2)).toThrow(/past the last section/);
    expect(() => encodeFields([{title: ['a b'], heading: [], keywords: [], content: []}])).toThrow(/may not contain spaces/);
  });
});

describe('search', () => {
  const html = (title: string, body: string, keywords = '') =>
    `<html class="docs-wrapper docs-doc-page"><head>${keywords ? `<meta name="keywords" content="${keywords}">` : ''}<meta name="description" content="Описание"></head><body><article><nav class="theme-doc-breadcrumbs"><ul><li>Раздел</li><li>${title}</li></ul></nav><div class="theme-doc-markdown"><header><h1>${title}</h1></header>${body}</div></article></body></html>`;
  // `name`: an operation's verb, then the terms of its name.
  const page = (url: string, title: string, body: string, keywords: string[] = [], [verb = '', ...name]: string[] = []) => ({
    url,
    page: extractPage(html(title, body))!,
    ...(keywords.length ? {operation: {keywords, verb, name}} : {}),
  });
  const {shard, content} = buildShard('', [
    {
      url: '/smtp',
      page: extractPage(
        html(
          'Почта (SMTP)',
          '<p>Сервер исходящей почты.</p><h3 id="emailsettings-smtpserver">Сервер SMTP</h3><dl class="setting-meta"><dd><code>EmailSettings.SMTPServer</code></dd><dd><code>TIME_EMAILSETTINGS_SMTPSERVER</code></dd></dl><p>Адрес сервера.</p>',
        ),
        new Map([['emailsettings-smtpserver', {key: 'EmailSettings.SMTPServer', identifiers: ['EmailSettings.SMTPServer', 'TIME_EMAILSETTINGS_SMTPSERVER']}]]),
      )!,
    },
    page('/create-post', 'Создать сообщение', '<p>Публикует сообщение в канале.</p>', ['createpost', '/posts', 'post:/posts'], ['creat', 'creat', 'post']),
    page('/get-post', 'Получить сообщение', '<p>Возвращает сообщение.</p>', ['getpost', '/posts/{}', 'get:/posts/{}'], ['get', 'post']),
    page(
      '/messages',
      'Сообщения и каналы',
      '<p>Сообщение можно создать в канале, закрепить, переслать. Сообщения хранятся на сервере, и каждое сообщение видно участникам канала.</p><h2 id="limits">Ограничения</h2><p>Длина сообщения ограничена.</p>',
    ),
    page('/capacity', 'Планирование ресурсов', '<p>Память и процессоры сервера под нагрузку: сколько памяти отдать серверу базы.</p>'),
    page('/get-jobs', 'Задания', '<p>Возвращает список заданий.</p>', ['getjobs', '/jobs', 'get:/jobs'], ['get', 'job']),
    {url: '/api/jobs', page: extractPage(html('Задания', '<p>Запросы к фоновым заданиям.</p>'))!, operation: {keywords: [], name: [], verb: ''}},
    page('/jobs', 'Фоновые задания', '<p>Сервер выполняет задания по расписанию: задания экспорта, задания очистки.</p>'),
    page('/cache', 'Кеш', '<p>Память, память, память: кеш держит данные в памяти, память растёт.</p>'),
    page('/k8s', 'Kubernetes', '<p>Установка в кластер Kubernetes.</p>'),
    page('/hooks', 'Входящие вебхуки', '<p>Приём сообщений от внешних систем.</p>'),
    page('/c', 'Клиент на C', '<p>Пример на языке C.</p>'),
  ]);
  // Small chunks, so that the body's terms span several of them.
  const corpus = buildCorpus(
    [shard],
    contentChunks(content, 200).map((c) => c.chunk),
  );
  const glossary = prepareGlossary([
    ['вебхук', 'webhook'],
    ['kubernetes', 'k8s', 'кубер'],
  ]);
  const first = (q: string) => search(corpus, glossary, q).hits[0]?.url;

  it('assembles the same index as lunr.Builder would from the same terms (scores, postings)', () => {
    const builder = new lunr.Builder();
    builder.ref('id');
    for (const field of FIELDS) builder.field(field, {boost: FIELD_BOOSTS[field]});
    builder.tokenizer = ((value: unknown) => value) as unknown as typeof lunr.tokenizer;
    builder.metadataWhitelist = [];
    decodeFields({...shard.fields, content: encodeLines(content).join('\n')}, shard.sections.length).forEach((fields, id) =>
      builder.add({id: String(id), ...fields}),
    );
    type Raw = {fieldVectors: Record<string, {elements: number[]}>; invertedIndex: Record<string, Record<string, unknown> & {_index: number}>};
    const reference = builder.build() as unknown as Raw;
    const ours = corpus.index as unknown as Raw;
    // Term numbers differ (ours follow the sorted vocabulary): compare vectors as term → score.
    // (Our inverted index makes a term's posting when it is looked up, so terms come from lunr's.)
    const vocabulary = Object.keys(reference.invertedIndex);
    const byTerm = (raw: Raw, key: string) => {
      const names = Object.fromEntries(vocabulary.map((term) => [raw.invertedIndex[term]._index, term]));
      const elements = raw.fieldVectors[key].elements;
      return Object.fromEntries(elements.flatMap((value, i) => (i % 2 === 0 ? [[names[value], elements[i + 1]]] : [])));
    };
    expect(Object.keys(ours.fieldVectors).sort()).toEqual(Object.keys(reference.fieldVectors).sort());
    for (const key of Object.keys(reference.fieldVectors)) expect(byTerm(ours, key)).toEqual(byTerm(reference, key));
    for (const [term, posting] of Object.entries(reference.invertedIndex)) {
      for (const field of FIELDS) expect(Object.keys(ours.invertedIndex[term][field] as object)).toEqual(Object.keys(posting[field] as object));
    }
  });

  it('reads sections, anchors, breadcrumbs and setting keys from the page', () => {
    const smtp = extractPage(html('Почта', '<p>Текст</p><h2 id="a">Раздел A</h2><p>Ещё</p><pre>код</pre>'))!;
    expect(smtp.crumbs).toEqual(['Раздел']);
    expect(smtp.sections.map((s) => [s.anchor, s.heading, s.text])).toEqual([
      ['', '', 'Текст'],
      ['a', 'Раздел A', 'Ещё'],
    ]);
    expect(extractPage('<html class="plugin-pages"><body><article></article></body></html>')).toBeUndefined();
    expect(cutAtWord('слово '.repeat(50), 30)).toMatch(/^слово( слово)+…$/);
  });

  it('keeps a no-break space between digits when it squeezes the page text, so the number stays one', () => {
    const page = extractPage(html('Размеры', '<p>На 3&nbsp;000\n пользователей&nbsp; и&nbsp;больше.</p>'))!;
    expect(page.sections[0].text).toBe('На 3\u00a0000 пользователей и больше.');
  });

  it('finds pages by inflected Russian words, and lands on the section', () => {
    const hit = search(corpus, glossary, 'сервера исходящей почты').hits[0];
    expect(hit.url).toBe('/smtp');
  });

  it('puts the defining page first for config keys, environment variables, API paths and operationIds', () => {
    expect(first('SMTPServer')).toBe('/smtp');
    expect(search(corpus, glossary, 'EmailSettings.SMTPServer').hits[0]).toMatchObject({url: '/smtp', anchor: 'emailsettings-smtpserver'});
    expect(first('TIME_EMAILSETTINGS_SMTPSERVER')).toBe('/smtp');
    expect(first('POST /api/v4/posts')).toBe('/create-post');
    expect(first('GET /api/v4/posts/abc123')).toBe('/get-post');
    expect(first('/posts/{post_id}')).toBe('/get-post');
    expect(first('CreatePost')).toBe('/create-post');
    expect(matchApiPaths('/api/v4/posts/x', ['/posts', '/posts/{}'])).toEqual(['/posts/{}']);
    expect(matchApiPaths('/users/{user_id}/image', ['/users/email/{}', '/users/{}/image', '/users/{}'])).toEqual(['/users/{}/image']);
    expect(matchApiPaths('/users/abc/image', ['/users/email/{}', '/users/{}/image'])).toEqual(['/users/{}/image']);
  });

  it('expands synonyms from the glossary and forgives a typo', () => {
    expect(first('webhook')).toBe('/hooks');
    expect(first('кубер')).toBe('/k8s');
    expect(first('kubernets')).toBe('/k8s');
  });

  it('retypes a query typed on the wrong layout and says so', () => {
    const result = search(corpus, glossary, 'gjxnf');
    expect(result.retyped).toBe('почта');
    expect(result.hits[0].url).toBe('/smtp');
    // A Russian stop word is not a layout mistake, even when its keys spell a known word (`с` → `c`).
    expect(search(corpus, glossary, 'сервер с почтой').retyped).toBeUndefined();
    // `сбс` on the Latin layout is `c,c`: scraps of known words, not what the reader meant.
    expect(search(corpus, glossary, 'сбс').retyped).toBeUndefined();
  });

  it('supports lunr query syntax and reports its errors, in Russian, without results', () => {
    const excluded = search(corpus, glossary, 'сообщение -канале').hits.map((h) => h.url);
    expect(excluded).toContain('/get-post');
    expect(excluded).not.toContain('/create-post');
    expect(search(corpus, glossary, '+kubernetes +кластер').hits.map((h) => h.url)).toEqual(['/k8s']);
    expect(search(corpus, glossary, 'title:kubernetes').hits.map((h) => h.url)).toEqual(['/k8s']);
    expect(search(corpus, glossary, 'почта~x')).toEqual({hits: [], error: 'после «~» нужно число — сколько опечаток допустить, например «слово~1»'});
    expect(search(corpus, glossary, 'почта^x')).toEqual({hits: [], error: 'после «^» нужно число — во сколько раз слово важнее, например «слово^2»'});
    expect(search(corpus, glossary, 'titel:x').error).toBe('поля «titel» нет, есть поля «title», «heading», «keywords», «content»');
  });

  it('ranks the operation a query names as an action first, by its Russian title or its English name', () => {
    expect(first('создать сообщение')).toBe('/create-post');
    expect(first('create post')).toBe('/create-post');
    // A single word names a topic, not an action: the guide comes before the operations.
    expect(first('сообщение')).toBe('/messages');
    expect(first('задания')).toBe('/jobs');
    // A tag's page of the reference is named by no action either.
    expect(
      search(corpus, glossary, 'задания')
        .hits.map((h) => h.url)
        .indexOf('/api/jobs'),
    ).toBeGreaterThan(0);
    // «через api» asks for the API, and is not a word the page must contain.
    expect(first('получить сообщение через api')).toBe('/get-post');
  });

  it('prefers the page that matches all of the query to one that repeats a part of it', () => {
    expect(first('память сервера')).toBe('/capacity');
    expect(first('память')).toBe('/cache');
  });

  it('lets question words and the product name weigh little', () => {
    const plan = planQuery('какие требования к памяти у time', corpus, glossary);
    if ('error' in plan) throw new Error(plan.error);
    expect(plan.groups - plan.weak.size).toBe(2);
    expect(first('какие нужны настройки памяти сервера у time')).toBe('/capacity');
  });

  it('knows the reference pages of operations and of tags from the spec', () => {
    const spec = {tags: [{name: 'Bots'}], paths: {'/bots/{bot_id}': {get: {operationId: 'GetBot'}, patch: {operationId: 'PatchBot'}}}};
    const keys = apiKeywords([{spec, routeBase: '/api/v4'}], ['/api/v4/bots', '/api/v4/get-bot', '/api/v4/patch-bot', '/api/v4/introduction']);
    expect(keys.get('/api/v4/get-bot')).toEqual({keywords: ['getbot', '/bots/{}', 'get:/bots/{}'], name: ['bot'], verb: 'get'});
    expect(keys.get('/api/v4/patch-bot')?.verb).toBe('patch');
    expect(keys.get('/api/v4/bots')).toEqual({keywords: [], name: [], verb: ''});
    expect(keys.has('/api/v4/introduction')).toBe(false);
    expect(() => apiKeywords([{spec, routeBase: '/api/v4'}], ['/api/v4/get-bot'])).toThrow(/no page for operation PatchBot/);
  });

  it('gives an operation the operationIds of the operations it replaces as keywords', () => {
    const spec = {paths: {'/users/{user_id}/tokens': {post: {operationId: 'CreateUserAccessToken'}}}};
    const urls = ['/api/v4/create-user-access-token'];
    expect(apiKeywords([{spec, routeBase: '/api/v4'}], urls, {RegenBotToken: 'CreateUserAccessToken', GetBot: 'PatchBot'}).get(urls[0])?.keywords).toEqual([
      'createuseraccesstoken',
      '/users/{}/tokens',
      'post:/users/{}/tokens',
      'regenbottoken',
    ]);
    // The site's renamed and removed operations, from the redirects of their pages.
    expect(MOVED_OPERATIONS).toMatchObject({RegenBotToken: 'CreateUserAccessToken', GetOauthApp: 'GetOAuthApp'});
  });

  it('tells edits within a distance, with swaps as one edit', () => {
    expect(withinDistance('почта', 'почта', 0)).toBe(true);
    expect(withinDistance('плчта', 'почта', 1)).toBe(true);
    expect(withinDistance('пачто', 'почта', 1)).toBe(false);
    expect(withinDistance('опчта', 'почта', 1)).toBe(true);
    expect(withinDistance('почтамт', 'почта', 1)).toBe(false);
  });

  it("splits an operation's name into words, the verb first", () => {
    const spec = {paths: {'/users/email/{email}': {get: {operationId: 'GetUserByEmail'}}, '/ldap/groups': {get: {operationId: 'GetLDAPGroups'}}}};
    const keys = apiKeywords([{spec, routeBase: '/api/v4'}], ['/api/v4/get-user-by-email', '/api/v4/get-ldap-groups']);
    expect(keys.get('/api/v4/get-user-by-email')).toMatchObject({verb: 'get', name: ['user', 'email']});
    expect(keys.get('/api/v4/get-ldap-groups')).toMatchObject({verb: 'get', name: ['ldap', 'group']});
  });

  it('maps a URL to its context', () => {
    const contexts = [
      {path: 'administration', label: 'А'},
      {path: 'api', label: 'API'},
    ];
    expect(contextOf('/administration/settings/x', contexts)).toBe('administration');
    expect(contextOf('/api', contexts)).toBe('api');
    expect(contextOf('/apis', contexts)).toBe('');
  });
});

describe('search excerpts', () => {
  const filler = (sentence: string, n: number) => `${sentence} `.repeat(n).trim();
  const long = `${filler('Сервер хранит файлы в каталоге данных.', 6)} Письма уходят через почтовый релей компании, его адрес задаёт администратор. ${filler('Журналы пишутся в каталог logs.', 6)}`;

  it("shows the sentence that holds the reader's words in the middle of a long text, cut at words", () => {
    const shown = excerptWindow(long, formsMatcher(['релей']));
    expect(shown).toMatch(/^Письма уходят через почтовый релей компании, его адрес задаёт администратор\. Журналы/);
    expect(shown.length).toBeGreaterThanOrEqual(150);
    expect(shown.length).toBeLessThanOrEqual(201);
    // It ends where a sentence does.
    expect(shown).toMatch(/logs\.$/);
  });

  it('marks the cut with «…» at the start when the sentence begins too far before the words', () => {
    const sentence = `В этом длинном предложении ${filler('много слов', 30)} и только в конце стоит слово релей.`;
    const shown = excerptWindow(`${sentence} Дальше.`, formsMatcher(['релей']));
    expect(shown).toMatch(/^…(много )?слов много слов .* релей\. Дальше\.$/);
    expect(shown.length).toBeGreaterThanOrEqual(190);
    expect(shown.length).toBeLessThanOrEqual(201);
    // And at the end, between two words, when no sentence ends in the window.
    expect(excerptWindow(sentence, formsMatcher(['длинном']))).toMatch(/^В этом длинном предложении много слов( много| слов)+…$/);
  });

  it('finds the words in their Russian forms and prefers the place where most of them meet', () => {
    const text = `Почта упоминается здесь. ${filler('Прочий текст раздела.', 8)} Настройки почты задаются в консоли: откройте настройку SMTP. ${filler('Ещё текст.', 8)}`;
    const shown = excerptWindow(text, formsMatcher(['настройки', 'почту']));
    expect(shown).toMatch(/^Настройки почты задаются в консоли: откройте настройку SMTP\./);
  });

  it('shows the first sentence when the words are only in the title or a heading', () => {
    expect(excerptWindow(long, formsMatcher(['kubernetes']))).toMatch(/^Сервер хранит файлы в каталоге данных\. Сервер/);
    expect(excerptWindow('Короткий текст.', formsMatcher(['kubernetes']))).toBe('Короткий текст.');
  });

  it('shows a setting as its key and the first sentence of its description, not the labels of its list', () => {
    const meta =
      '<dl class="setting-meta"><dt><p>Ключ в config.json</p></dt><dd><p><code>EmailSettings.SMTPServer</code></p></dd><dt><p>Переменная окружения</p></dt><dd><p><code>TIME_EMAILSETTINGS_SMTPSERVER</code></p></dd><dt><p>Тип</p></dt><dd><p>строка</p></dd></dl>';
    const settings = new Map([
      ['emailsettings-smtpserver', {key: 'EmailSettings.SMTPServer', identifiers: ['EmailSettings.SMTPServer', 'TIME_EMAILSETTINGS_SMTPSERVER', 'Сервер']}],
    ]);
    const page = extractPage(
      `<html class="docs-doc-page"><body><article><div class="theme-doc-markdown"><h1>Почта</h1><p>Вступление.</p><h3 id="emailsettings-smtpserver">Сервер SMTP</h3>${meta}<p>Имя хоста почтового сервера, например <code>smtp.example.ru</code>. Порт задаётся отдельно.</p>${[1, 2, 3].map((n) => `<h3 id="plain-${n}">Раздел ${n}</h3><p>${'Очень длинный текст. '.repeat(60)}</p>`).join('')}</div></article></body></html>`,
      settings,
    )!;
    const setting = page.sections.find((s) => s.anchor === 'emailsettings-smtpserver')!;
    // The identifiers come from the catalogue's entry (a word that is not one is left out), not from the rendered list.
    expect(setting.keywords).toEqual(['emailsettings.smtpserver', 'smtpserver', 'time_emailsettings_smtpserver']);
    expect(setting.summary).toBe('EmailSettings.SMTPServer — Имя хоста почтового сервера, например smtp.example.ru.');
    // The section's text, which is indexed, keeps the list.
    expect(setting.text).toMatch(/^Ключ в config\.json EmailSettings\.SMTPServer/);
    const fragments = pageFragments(page);
    const [first, second] = fragments.map(({json}) => JSON.parse(json) as Record<string, string>);
    expect(first).toMatchObject({'': 'Вступление.', 'emailsettings-smtpserver': setting.summary});
    expect(excerptWindow(first['emailsettings-smtpserver'], termMatcher(['порт']))).toBe(setting.summary);
    // Long texts are capped, and a fragment takes sections while it stays within FRAGMENT_CHARS.
    expect(fragments.map((f) => f.sections)).toEqual([4, 1]);
    expect(Object.keys(second)).toEqual(['plain-3']);
    expect(second['plain-3'].length).toBeLessThanOrEqual(FRAGMENT_TEXT_CHARS + 1);
    expect(second['plain-3']).toMatch(/ длинный…$/);
    const stray = `<html class="docs-doc-page"><body><article><div class="theme-doc-markdown"><h1>Почта</h1><h3 id="x">X</h3><dl class="setting-meta"><dt>Тип</dt><dd>строка</dd></dl></div></article></body></html>`;
    expect(() => extractPage(stray)).toThrow('search index: the setting list under «X» (#x) is not a setting of the catalogue');
    expect(() => extractPage(stray, new Map([...settings, ['x', {key: 'A.B', identifiers: []}]]))).toThrow(
      'search index: settings of the catalogue missing from the page «Почта»: #emailsettings-smtpserver',
    );
  });
});
