/**
 * A damaged, truncated or missing index shard leaves out its own context only, and the reply says
 * what happened (damaged or missing, against a network failure).
 */
import {describe, expect, it, vi} from 'vitest';
import {handle} from '../../src/search/client/searchService';
import type {Reply, Request} from '../../src/search/client/protocol';
import type {Manifest} from '../../src/search/engine/shard';
import {docPage, siteFiles} from '../support/search-fixture';

const files = siteFiles([
  {
    context: 'administration',
    label: 'Администрирование',
    pages: [docPage('/administration/k8s', 'Kubernetes и администрирование', '<p>Обслуживание кластера Kubernetes.</p>')],
  },
  {context: 'deployment', label: 'Развёртывание', pages: [docPage('/deployment/k8s', 'Kubernetes', '<p>Установка в кластер Kubernetes.</p>')]},
  {context: '', label: '', pages: [docPage('/faq', 'Вопросы', '<p>Можно ли поставить Time в Kubernetes?</p>')]},
]);
const manifest = JSON.parse(files['/search-index/manifest.json']) as Manifest;
const deploymentFile = `/${manifest.contexts.find((c) => c.path === 'deployment')!.file}`;
const deployment = files[deploymentFile];
const pointsPastTheEnd = {...(JSON.parse(deployment) as object), fields: {title: 'kubernet 9', heading: '', keywords: ''}};

/** Each case is served under its own base URL, so the worker's caches do not mix them. */
const broken: Record<string, {status?: number; body?: string; network?: boolean}> = {
  json: {body: '{"format": 3, "pages": [['},
  truncated: {body: deployment.slice(0, deployment.length / 2)},
  shape: {body: JSON.stringify({format: 3, pages: 'none'})},
  content: {body: JSON.stringify(pointsPastTheEnd)},
  missing: {status: 404, body: '<html>404</html>'},
  offline: {network: true},
};
/** Faults of the content chunks (every chunk of the case's base URL). */
const brokenChunks: Record<string, {status?: number; body?: string}> = {
  'chunk-json': {body: '{"format": 3, "lines": "kubernet'},
  'chunk-past-the-end': {body: JSON.stringify({format: 3, sections: 3, lines: 'kubernet 0 9'})},
  'chunk-missing': {status: 404, body: '<html>404</html>'},
};

vi.stubGlobal('fetch', async (url: string) => {
  const [, base, file] = /^\/([\w-]+)(\/.*)$/.exec(url)!;
  const fault = file === deploymentFile ? broken[base] : file.startsWith('/search-index/content.') ? brokenChunks[base] : undefined;
  if (fault) {
    if ('network' in fault && fault.network) throw new TypeError('Failed to fetch');
    return new Response(fault.body, {status: fault.status ?? 200});
  }
  return file in files ? new Response(files[file]) : new Response('not found', {status: 404});
});

let id = 0;
async function ask(base: string, scope: Request['scope'], query = 'kubernetes') {
  const replies: Reply[] = [];
  await handle({type: 'search', id: ++id, baseUrl: `/${base}/`, limit: 10, query, scope}, (r) => replies.push(r));
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

describe('a content chunk that cannot be used', () => {
  it.each(Object.keys(brokenChunks))('(%s) leaves out the body text of its words, and says the results may be incomplete', async (base) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    // «обслуживание» is only in a page's body: without its chunk nothing is found, and the reply says why.
    expect(await ask(base, {}, 'обслуживание')).toMatchObject({type: 'result', hits: [], incomplete: true});
    // Titles are in the shards: «kubernetes» still finds every page titled with it.
    const titled = (await ask(base, {})) as Extract<Reply, {type: 'result'}>;
    expect(titled).toMatchObject({type: 'result', incomplete: true});
    expect(titled.hits.map((h) => h.url).sort()).toEqual(['/administration/k8s', '/deployment/k8s']);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('/search-index/content.'));
    error.mockRestore();
  });

  it('is fetched again on the next query after a failure', async () => {
    brokenChunks.later = {status: 503, body: 'busy'};
    expect(await ask('later', {}, 'обслуживание')).toMatchObject({hits: [], incomplete: true});
    delete brokenChunks.later;
    const healed = await ask('later', {}, 'обслуживание');
    expect(healed).toMatchObject({hits: [{url: '/administration/k8s'}]});
    expect(healed).not.toHaveProperty('incomplete');
  });
});
