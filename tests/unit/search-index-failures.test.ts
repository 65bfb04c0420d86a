/**
 * A damaged, truncated or missing index shard leaves out its own context only, and the reply says
 * what happened (damaged or missing, against a network failure).
 */
import {describe, expect, it, vi} from 'vitest';
import {handle} from '../../src/search/client/searchService';
import {buildShard} from '../../plugins/search';
import {extractPage} from '../../plugins/search/extract';
import type {Reply, Request} from '../../src/search/client/protocol';
import type {Manifest} from '../../src/search/engine/shard';

const html = (title: string, body: string) =>
  `<html class="docs-wrapper docs-doc-page"><head><meta name="description" content="Описание"></head><body><article><nav class="theme-doc-breadcrumbs"><ul><li>${title}</li></ul></nav><div class="theme-doc-markdown"><header><h1>${title}</h1></header>${body}</div></article></body></html>`;
const shardOf = (context: string, url: string, title: string, body: string) => buildShard(context, [{url, page: extractPage(html(title, body))!}]);
const good = {
  deployment: JSON.stringify(shardOf('deployment', '/deployment/k8s', 'Kubernetes', '<p>Установка в кластер Kubernetes.</p>')),
  administration: JSON.stringify(
    shardOf('administration', '/administration/k8s', 'Kubernetes и администрирование', '<p>Обслуживание кластера Kubernetes.</p>'),
  ),
  other: JSON.stringify(shardOf('', '/faq', 'Вопросы', '<p>Можно ли поставить Time в Kubernetes?</p>')),
};
const pointsPastTheEnd = {...(JSON.parse(good.deployment) as object), fields: {title: 'kubernet 9', heading: '', keywords: '', content: ''}};

/** Each case is served under its own base URL, so the worker's caches do not mix them. */
const broken: Record<string, {status?: number; body?: string; network?: boolean}> = {
  json: {body: '{"format": 1, "pages": [['},
  truncated: {body: good.deployment.slice(0, good.deployment.length / 2)},
  shape: {body: JSON.stringify({format: 1, pages: 'none'})},
  content: {body: JSON.stringify(pointsPastTheEnd)},
  missing: {status: 404, body: '<html>404</html>'},
  offline: {network: true},
};

const manifest: Manifest = {
  format: 1,
  contexts: [
    {path: 'administration', label: 'Администрирование', file: 'search-index/administration.1.json', pages: 1, sections: 1},
    {path: 'deployment', label: 'Развёртывание', file: 'search-index/deployment.1.json', pages: 1, sections: 1},
    {path: '', label: '', file: 'search-index/other.1.json', pages: 1, sections: 1},
  ],
  glossary: [],
};

vi.stubGlobal('fetch', async (url: string) => {
  const [, base, file] = /^\/(\w+)\/(.*)$/.exec(url)!;
  const fault = broken[base];
  if (file === 'search-index/manifest.json') return new Response(JSON.stringify(manifest));
  if (file === 'search-index/deployment.1.json' && fault) {
    if (fault.network) throw new TypeError('Failed to fetch');
    return new Response(fault.body, {status: fault.status ?? 200});
  }
  const name = /search-index\/(\w+)\.1\.json$/.exec(file)?.[1] as keyof typeof good | undefined;
  return name && good[name] ? new Response(good[name]) : new Response('not found', {status: 404});
});

let id = 0;
async function ask(base: string, scope: Request['scope']) {
  const replies: Reply[] = [];
  await handle({type: 'search', id: ++id, baseUrl: `/${base}/`, limit: 10, query: 'kubernetes', scope}, (r) => replies.push(r));
  return replies.at(-1)!;
}

describe('a shard that cannot be used', () => {
  it.each([
    ['json', 'damaged'],
    ['truncated', 'damaged'],
    ['shape', 'damaged'],
    ['content', 'damaged'],
    ['missing', 'missing'],
    ['offline', 'network'],
  ] as const)('(%s) leaves out its own context only, and says why (%s)', async (base, reason) => {
    const whole = await ask(base, {});
    expect(whole).toMatchObject({type: 'result', unavailable: [{context: 'deployment', reason}]});
    const urls = (whole as Extract<Reply, {type: 'result'}>).hits.map((h) => h.url).sort();
    expect(urls).toEqual(['/administration/k8s', '/faq']);

    // Searching that context alone fails, naming the context and the cause.
    expect(await ask(base, {context: 'deployment'})).toMatchObject({type: 'failed', problems: [{context: 'deployment', reason}]});
    // Other contexts are untouched.
    expect(await ask(base, {context: 'administration'})).toMatchObject({type: 'result', hits: [{url: '/administration/k8s'}]});
    expect(await ask(base, {context: 'administration'})).not.toHaveProperty('unavailable');
  });

  it('is searched again once it can be read (a network failure is not remembered)', async () => {
    broken.flaky = {network: true};
    expect(await ask('flaky', {})).toMatchObject({unavailable: [{context: 'deployment', reason: 'network'}]});
    delete broken.flaky;
    const healed = (await ask('flaky', {})) as Extract<Reply, {type: 'result'}>;
    expect(healed.unavailable).toBeUndefined();
    expect(healed.hits.map((h) => h.url)).toContain('/deployment/k8s');
  });
});
