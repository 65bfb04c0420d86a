import {describe, expect, it} from 'vitest';
import {fleetingVowelForms, oneEditAway, planQuery, prepareGlossary, search, withoutCommand} from '../../src/search/engine/searcher';
import {corpusOfContexts, corpusOfPages, docPage} from '../support/search-fixture';
import {extractPage} from '../../plugins/search/extract';

/** Ranking rules for queries in words: how readers phrase tasks and questions. */
describe('search ranking', () => {
  const html = (title: string, body: string) =>
    `<html class="docs-wrapper docs-doc-page"><head><meta name="description" content="Описание"></head><body><article><nav class="theme-doc-breadcrumbs"><ul><li>Раздел</li><li>${title}</li></ul></nav><div class="theme-doc-markdown"><header><h1>${title}</h1></header>${body}</div></article></body></html>`;
  // `name`: an operation's verb, then the terms of its name.
  const page = (url: string, title: string, body: string, [verb = '', ...name]: string[] = [], keywords = [url.slice(1).replace(/-/g, '')]) => ({
    url,
    page: extractPage(html(title, body))!,
    ...(verb ? {operation: {keywords, verb, name}} : {}),
  });
  const corpus = corpusOfPages([
    page('/restore-channel', 'Восстановить канал из архива', '<p>Возвращает архивный канал.</p>', ['restor', 'restor', 'channel']),
    page('/delete-channel', 'Удалить канал', '<p>Переносит канал в архив.</p>', ['delet', 'delet', 'channel']),
    page(
      '/channels',
      'Каналы',
      '<p>Канал можно отправить в архив и вернуть из архива. Архив каналов хранит всё: архив открыт участникам канала, канал в архиве виден в поиске.</p>',
    ),
    page(
      '/scattered',
      'Обзор',
      '<p>Обзор.</p><h2 id="log">Журнал сервера</h2><p>Пишется всегда.</p><h2 id="rotation">Прочее</h2><p>Ротация настраивается отдельно.</p>',
    ),
    page('/rotation', 'Файлы', '<p>Ротация журнала: когда журнал растёт, ротация начинает новый журнал.</p>'),
    page('/connect', 'Обзор', '<h2 id="how">Подключить узлы</h2><p>Подключить можно всё.</p>'),
    page(
      '/cache',
      'Кеш',
      '<p>Кеш держит данные в памяти процесса, а Redis не используется.</p><h2 id="a">Размер</h2><p>Размер кеша задаётся.</p><h2 id="b">Сброс</h2><p>Сервер сбрасывает кеш.</p>',
    ),
    page('/get-user-status', 'Получить статус пользователя', '<p>Статус: в сети, нет на месте.</p>', ['get', 'user', 'statu']),
    page('/update-user-status', 'Изменить статус пользователя', '<p>Статус: в сети, нет на месте.</p>', ['updat', 'updat', 'user', 'statu']),
    page('/get-channel-by-name', 'Получить канал по имени', '<p>Возвращает канал.</p>', ['get', 'channel', 'name']),
    page('/naming', 'Имена каналов', '<p>Канал можно найти по имени: имени канала достаточно.</p>'),
    page('/patch-channel', 'Частично обновить канал', '<p>Меняет поля канала.</p>', ['patch', 'patch', 'channel']),
    page('/update-post', 'Обновить сообщение', '<p>Меняет сообщение.</p>', ['updat', 'updat', 'post']),
    page('/update-channel-member', 'Обновить роль участника канала', '<p>Меняет роль.</p>', ['updat', 'updat', 'channel', 'member', 'role']),
    page('/channel-settings', 'Настройки канала', '<p>Канал можно обновить: обновить название, обновить описание канала.</p>'),
    page('/banner', 'Объявление', '<p>Баннер над каналами.</p>'),
    page('/upgrade', 'Обновление', '<p>Новый выпуск сервера.</p>'),
    page('/use-hook', 'Отправить во входящий вебхук', '<p>Заголовок X-Request-Id.</p>', ['use', 'us', 'incom', 'webhook'], ['/hooks/{}', 'post:/hooks/{}']),
    page('/retention', 'Политика', '<p>Политика хранения данных удаляет старые сообщения и файлы по расписанию, которое задаёт администратор.</p>'),
    page('/data', 'Данные', '<p>Какие данные собирает сервер: данные о входе, данные об устройствах.</p>'),
    // Pages that use «подключить», so that it is a common word.
    ...[
      ['Сервер', 'сервер'],
      ['База', 'базу'],
      ['Хранилище', 'хранилище'],
      ['Почта', 'почту'],
      ['Поиск', 'поиск'],
      ['Кластер', 'узел'],
      ['Прокси', 'прокси'],
      ['Метрики', 'метрики'],
      ['Звонки', 'звонки'],
      ['Вход', 'вход'],
    ].map(([title, what], i) => page(`/x${i + 1}`, title, `<p>Подключить ${what}.</p>`)),
  ]);
  const first = (q: string, glossary = prepareGlossary([])) => search(corpus, glossary, q).hits[0]?.url;

  it('tells the verbs of a query by their infinitive, not nouns that end alike', () => {
    const verbs = (q: string) => {
      const plan = planQuery(q, corpus, prepareGlossary([]));
      if ('error' in plan) throw new Error(plan.error);
      return plan.verbs.size;
    };
    expect(verbs('вернуть канал')).toBe(1);
    expect(verbs('перенести канал')).toBe(1);
    expect(verbs('найти канал')).toBe(1);
    expect(verbs('сколько памяти и сети')).toBe(0);
    expect(verbs('скорость сеть путь')).toBe(0);
  });

  it('takes a verb no operation is named with as a paraphrase of the operation what it acts on names', () => {
    // «вернуть» is no operation's verb: the operation titled with the rest of the query is meant.
    expect(first('вернуть канал из архива')).toBe('/restore-channel');
    // A noun phrase names a topic: the guide, not an operation.
    expect(first('архив каналов')).toBe('/channels');
  });

  it('finds the verb of an operation title that opens with an adverb', () => {
    // «Частично обновить канал»: «обновить» is its verb, as for «Обновить сообщение».
    expect(first('обновить канал')).toBe('/patch-channel');
  });

  it('takes a lookup for a verb of reading, and any other verb for a change', () => {
    // «найти» asks for a lookup: the GET operation, though its title says «Получить».
    expect(first('найти канал по имени')).toBe('/get-channel-by-name');
    // «поменять» is no operation's verb, and no verb of reading: it paraphrases «Изменить».
    expect(first('поменять статус пользователя')).toBe('/update-user-status');
  });

  it('takes an English past participle for what the query is about, not for its verb', () => {
    const pins = corpusOfPages([
      page('/pin-post', 'Закрепить сообщение', '<p>Закрепляет сообщение в канале.</p>', ['pin', 'pin', 'post']),
      page(
        '/get-pinned-posts',
        'Получить закреплённые сообщения канала',
        '<p>Возвращает закреплённые сообщения.</p>',
        ['get', 'pin', 'post'],
        ['getpinnedposts', '/channels/{}/pinned'],
      ),
    ]);
    const top = (q: string) => search(pins, prepareGlossary([]), q).hits[0]?.url;
    // «pinned» says which posts: `get` is what the reader asks to do.
    expect(top('get pinned posts')).toBe('/get-pinned-posts');
    expect(top('pin post')).toBe('/pin-post');
  });

  it("names a section's overview by what the titles of its pages name", () => {
    // What guides say besides: the pages of a section are longer than its overview.
    const prose = 'Сначала подготовьте узлы, затем задайте адрес сайта, настройте почту и проверьте журналы.';
    const sections = corpusOfPages([
      page('/deploy/', 'Развёртывание', '<p>Развёртывание: Docker Compose на одном сервере или Kubernetes для кластера. Docker Compose проще.</p>'),
      ...['Почта', 'Поиск', 'Журналы', 'Лицензия', 'Профиль', 'Звонки'].map((title, i) => page(`/other${i}`, title, `<p>${title}: ${prose}</p>`)),
      page('/deploy/compose', 'Установка с Docker Compose', `<p>Docker Compose ставит сервер.</p><p>${prose} ${prose}</p>`),
      page('/deploy/k8s', 'Kubernetes', `<p>Манифесты для Kubernetes, развёртывание в кластере.</p><p>${prose}</p>`),
    ]);
    const top = (q: string) => search(sections, prepareGlossary([['развёртывание', 'установка']]), q).hits[0]?.url;
    // Pages of the section name each a part of the question: their overview is what it asks for.
    expect(top('docker compose или kubernetes что выбрать')).toBe('/deploy/');
    // A page of the section names what the overview's title does not: that page.
    expect(top('развёртывание в kubernetes')).toBe('/deploy/k8s');
  });

  it('looks a noun in -ка up by both its stems, with and without the fleeting vowel', () => {
    expect(fleetingVowelForms('настроек')).toEqual(['настройк']);
    expect(fleetingVowelForms('ссылк')).toEqual(['ссылок', 'ссылек']);
    expect(fleetingVowelForms('сервер')).toEqual([]);
    const forms = corpusOfPages([
      page('/all', 'Справочник', '<p>Список настроек сервера.</p>'),
      page('/one', 'Почта', '<p>Настройки почты задают адрес сервера.</p>'),
    ]);
    const plan = planQuery('настройки почты', forms, prepareGlossary([]));
    if ('error' in plan) throw new Error(plan.error);
    // «настройки» is `настройк`; the page that says «настроек» is found by the same word.
    expect(plan.clauses.filter((c) => c.groups.includes(0)).map((c) => c.term)).toEqual(['настройк', 'настроек']);
    expect(search(forms, prepareGlossary([]), 'список настройки').hits[0]?.url).toBe('/all');
  });

  it('names a section by the question its heading asks, after a guide whose title fits', () => {
    const prose = 'Сначала подготовьте узлы, затем задайте адрес сайта, настройте почту и проверьте журналы.';
    const pages = [
      page(
        '/faq',
        'Частые вопросы',
        `<p>Ответы на вопросы.</p><h3 id="offline">Можно ли запустить сервер без интернета?</h3><p>Да: образы загружают из локального реестра. ${prose}</p><h3 id="ports">Какие порты открыть?</h3><p>Порт 443.</p>`,
      ),
      ...['Почта', 'Поиск', 'Журналы', 'Лицензия', 'Профиль', 'Звонки'].map((title, i) => page(`/other${i}`, title, `<p>${title}: ${prose}</p>`)),
      page('/network', 'Доступ в интернет', '<p>Запустить сервер без интернета: интернет нужен серверу.</p>'),
    ];
    const glossary = prepareGlossary([['запустить', 'запуск']]);
    const top = (extra: typeof pages, q: string) => search(corpusOfPages([...pages, ...extra]), glossary, q).hits[0];
    const question = 'можно ли запустить сервер без интернета';
    expect(top([], question)).toMatchObject({url: '/faq', anchor: 'offline'});
    // A guide titled with the question's subject answers it first.
    const guide = page('/air-gapped', 'Запуск сервера без интернета', `<p>Образы и пакеты берут из локального зеркала. ${prose}</p>`);
    expect(top([guide], question).url).toBe('/air-gapped');
  });

  it('gives a misspelt word the synonyms of the words one edit away from it', () => {
    const known = new Set(['почт', 'email', 'почв']);
    expect(oneEditAway('полчт', (t) => known.has(t))).toEqual(['почт']);
    expect(oneEditAway('поч', (t) => known.has(t))).toEqual([]);
    expect(oneEditAway('почта', (t) => known.has(t))).toEqual(['почт']);
    const mail = corpusOfPages([page('/smtp', 'Email', '<p>Email server.</p>'), page('/mail', 'Почта', '<p>Почта сервера.</p>')]);
    const plan = planQuery('полчты', mail, prepareGlossary([['почта', 'email']]));
    if ('error' in plan) throw new Error(plan.error);
    // «полчты» is «почты» mistyped: «email» is its synonym.
    expect(plan.clauses.filter((c) => c.synonym).map((c) => c.term)).toEqual(['email']);
  });

  it('takes a typo for the word one edit away before the one two edits away', () => {
    // «обнавление» is one edit from «обновление», two from «объявление».
    expect(first('обнавление')).toBe('/upgrade');
  });

  it('prefers a section that holds all of the query to a page that holds it in pieces', () => {
    // /scattered has «журнал» in one section's heading and «ротация» in another section.
    expect(first('ротация журнала')).toBe('/rotation');
  });

  it('weighs the rare word of a query over the common one when a page holds only one', () => {
    // «подключить» is on many pages, «redis» on one: that page covers more of the query.
    expect(first('подключить redis')).toBe('/cache');
  });

  it('lets question words weigh little: where to start, where something lies', () => {
    const plan = planQuery('с чего начать развёртывание, где лежат журналы', corpus, prepareGlossary([]));
    if ('error' in plan) throw new Error(plan.error);
    expect(plan.groups - plan.weak.size).toBe(2);
  });

  it('reads a pasted curl command as the request it makes, its options not as query syntax', () => {
    expect(withoutCommand('curl -X POST -H "Content-Type: application/json" https://time.example.ru/hooks/abc')).toBe(
      'POST "Content-Type: application/json" https://time.example.ru/hooks/abc',
    );
    // `-X` would otherwise exclude every page with an «x», the operation's too.
    expect(first('curl -X POST https://time.example.ru/hooks/xxx-generatedkey-xxx')).toBe('/use-hook');
    expect(withoutCommand('-x ldap')).toBe('-x ldap');
  });

  it('lets a synonym phrase stand for the words it replaces only where the whole phrase is found', () => {
    const glossary = prepareGlossary([['хранение данных', 'data retention']]);
    // /data holds «данные» again and again, but not «хранение»: it is not about data retention.
    expect(first('data retention', glossary)).toBe('/retention');
  });

  describe('what a query names besides the words of a page', () => {
    const ranks = (pages: Parameters<typeof corpusOfPages>[0], q: string, glossary = prepareGlossary([])) =>
      search(corpusOfPages(pages), glossary, q).hits.map((h) => h.url);

    it('puts the API section first when the reader says the API', () => {
      const corpus = corpusOfContexts([
        {
          context: 'administration',
          pages: [
            docPage(
              '/administration/limits',
              'Ограничение частоты',
              '<p>Запросы в секунду: сервер считает запросы в секунду от каждого адреса, запросы сверх лимита отклоняет.</p>',
            ),
            docPage('/administration/other', 'Прочее', '<p>Ничего.</p>'),
          ],
        },
        {context: 'api', pages: [docPage('/api/limits', 'Лимиты', '<p>Клиент шлёт не больше десяти запросов в секунду.</p>')]},
      ]);
      const first = (q: string) => search(corpus, prepareGlossary([]), q).hits[0]?.url;
      expect(first('сколько запросов в секунду')).toBe('/administration/limits');
      expect(first('сколько запросов в секунду можно слать в api')).toBe('/api/limits');
    });

    it('lets a section heading the query fills name its page', () => {
      const pages = [
        docPage('/first-enter', 'Первый вход', '<h2 id="admin">Создайте первого администратора</h2><p>Откройте адрес сервера и заполните форму.</p>'),
        docPage(
          '/bot',
          'Создать бота',
          '<p>Создайте первого бота от имени администратора. Создайте токен первого бота: токен создайте от имени администратора, первого бота администратора видят все.</p>',
        ),
        docPage('/other', 'Прочее', '<p>Ничего.</p>'),
      ];
      const hits = search(corpusOfPages(pages), prepareGlossary([]), 'создать первого администратора').hits;
      expect([hits[0].url, hits[0].anchor]).toEqual(['/first-enter', 'admin']);
    });

    it('takes a query of broad words only as its topic, not the words that shape the question', () => {
      const pages = [
        docPage('/reference', 'API Time', '<p>Интерфейс сервера для программ: токены, лимиты и формат ошибок.</p>'),
        docPage('/cookbook', 'Рецепты API Time', '<p>Какие рецепты есть, какие читать первыми и как их запускать.</p>'),
        docPage('/other', 'Прочее', '<p>Ничего.</p>'),
      ];
      expect(ranks(pages, 'какие api вообще есть у time')[0]).toBe('/reference');
    });

    it('does not take a word the glossary knows for a typo of another word', () => {
      const pages = [
        docPage('/gitlab', 'GitLab', '<p>Уведомления о каждом merge request приходят в канал.</p>'),
        docPage('/push', 'Push-уведомления', '<p>Уведомления держатся в очереди, сервер держит уведомления до отправки.</p>'),
        docPage('/other', 'Прочее', '<p>Ничего.</p>'),
      ];
      const glossary = prepareGlossary([['merge request', 'мерж реквест']]);
      expect(ranks(pages, 'уведомления о мерж реквестах', glossary)[0]).toBe('/gitlab');
    });
  });
});
