import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import {afterAll, describe, expect, it} from 'vitest';
import {bundleSpec, lintBundle} from '../../plugins/openapi/spec';
import {pageSlug} from '../../plugins/openapi/slug';
import {contractRoutes} from '../../data/routes';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
afterAll(() => fs.rmSync(tmp, {recursive: true, force: true}));

const root = {
  openapi: '3.1.0',
  info: {title: 'Тест', version: '1'},
  paths: {},
  tags: [{name: 'posts'}],
  components: {schemas: {AppError: {type: 'object', properties: {id: {type: 'string'}}}}},
};
const op = (extra: Record<string, unknown> = {}) => ({
  operationId: 'CreatePost',
  tags: ['posts'],
  summary: 'Создать сообщение',
  description: 'Создаёт сообщение. **Необходимые права:** `create_post`.',
  responses: {'201': {description: 'Создано', content: {'application/json': {schema: {$ref: '#/components/schemas/Post'}, example: {id: 'abc'}}}}},
  ...extra,
});

/** Writes a spec folder with the root and the given part files, then bundles it. */
function bundle(name: string, parts: Record<string, unknown>) {
  const dir = path.join(tmp, name);
  fs.mkdirSync(path.join(dir, 'paths'), {recursive: true});
  // As in openapi/v4: the root lists every path with a $ref to the file that defines it.
  const listed = Object.entries(parts).flatMap(([file, data]) =>
    Object.keys((typeof data === 'object' && (data as {paths?: object}).paths) || {}).map((p) => [
      p,
      {$ref: `paths/${file}#/paths/${p.replace(/~/g, '~0').replace(/\//g, '~1')}`},
    ]),
  );
  fs.writeFileSync(path.join(dir, 'openapi.yaml'), YAML.stringify({...root, paths: Object.fromEntries(listed)}));
  for (const [file, data] of Object.entries(parts)) fs.writeFileSync(path.join(dir, 'paths', file), typeof data === 'string' ? data : YAML.stringify(data));
  return bundleSpec(name, dir, tmp);
}
const posts = (o = op(), schemas: Record<string, unknown> = {Post: {type: 'object', properties: {id: {type: 'string'}}}}) => ({
  paths: {'/posts': {post: o}},
  components: {schemas},
});
const messages = (b: ReturnType<typeof bundle>) => b.problems.map((p) => `${p.file} ${p.pointer ?? ''} ${p.message}`);

describe('bundleSpec', () => {
  it('merges part files into one document', () => {
    const b = bundle('ok', {'posts.yaml': posts()});
    expect(b.problems).toEqual([]);
    expect(b.operations.map((o) => `${o.method} ${o.path} ${o.operationId}`)).toEqual(['post /posts CreatePost']);
    expect(b.doc).toMatchObject({components: {schemas: {Post: expect.anything()}}});
  });

  it('names the file and pointer of a broken $ref', () => {
    const b = bundle('ref', {'posts.yaml': posts(op(), {})});
    expect(messages(b)).toContainEqual(
      expect.stringMatching(
        /^ref\/paths\/posts\.yaml \/paths\/~1posts\/post\/responses\/201\/content\/application~1json\/schema \$ref "#\/components\/schemas\/Post" does not exist/,
      ),
    );
  });

  it('names the path file and pointer of a $ref to the wrong kind of component', () => {
    const b = bundle('kind', {
      'posts.yaml': {
        ...posts(
          op({
            parameters: [{$ref: '#/components/schemas/Post'}],
            responses: {'201': {$ref: '#/components/schemas/Post'}, '400': {$ref: '#/components/responses/Failed'}},
          }),
          {Post: {type: 'object', properties: {author: {$ref: '#/components/responses/Failed'}}}},
        ),
        components: {
          schemas: {Post: {type: 'object', properties: {author: {$ref: '#/components/responses/Failed'}}}},
          responses: {Failed: {description: 'Ошибка', content: {'application/json': {schema: {$ref: '#/components/schemas/AppError'}, example: {id: 'x'}}}}},
        },
      },
    });
    expect(messages(b).filter((m) => m.includes(' belongs here'))).toEqual([
      'kind/paths/posts.yaml /paths/~1posts/post/parameters/0 $ref "#/components/schemas/Post" is a schema, but a parameter belongs here: use #/components/parameters/…',
      'kind/paths/posts.yaml /paths/~1posts/post/responses/201 $ref "#/components/schemas/Post" is a schema, but a response belongs here: use #/components/responses/…',
      'kind/paths/posts.yaml /components/schemas/Post/properties/author $ref "#/components/responses/Failed" is a response, but a schema belongs here: use #/components/schemas/…',
    ]);
  });

  it('names the file that defines a component another file refers to, as stock bundlers need', () => {
    const b = bundle('owner', {
      'posts.yaml': posts(
        op({responses: {'201': {description: 'Создано', content: {'application/json': {schema: {$ref: '#/components/schemas/Thread'}, example: {id: 'a'}}}}}}),
      ),
      'threads.yaml': {components: {schemas: {Thread: {type: 'object', properties: {post: {$ref: 'posts.yaml#/components/schemas/Post'}}}}}},
    });
    expect(messages(b)).toEqual([
      'owner/paths/posts.yaml /paths/~1posts/post/responses/201/content/application~1json/schema $ref "#/components/schemas/Thread" names owner/paths/posts.yaml, but schemas/Thread is defined in owner/paths/threads.yaml: write threads.yaml#/components/schemas/Thread',
    ]);
    expect(b.doc).toMatchObject({components: {schemas: {Thread: {properties: {post: {$ref: '#/components/schemas/Post'}}}}}});
  });

  it('requires the root to list every path with a $ref to its file, so `redocly bundle` sees the whole API', () => {
    const dir = path.join(tmp, 'unlisted');
    fs.mkdirSync(path.join(dir, 'paths'), {recursive: true});
    fs.writeFileSync(path.join(dir, 'openapi.yaml'), YAML.stringify({...root, paths: {'/gone': {$ref: 'paths/posts.yaml#/paths/~1gone'}}}));
    fs.writeFileSync(path.join(dir, 'paths/posts.yaml'), YAML.stringify(posts()));
    expect(messages(bundleSpec('unlisted', dir, tmp))).toEqual([
      "unlisted/openapi.yaml /paths/~1posts must be {$ref: 'paths/posts.yaml#/paths/~1posts'}, so that every path reaches the bundle",
      'unlisted/openapi.yaml /paths/~1gone no path file defines this path',
    ]);
  });

  it('accepts a $ref of the right kind in every place', () => {
    const b = bundle('kinds', {
      'posts.yaml': {
        paths: {
          '/posts': {
            parameters: [{$ref: '#/components/parameters/Page'}],
            post: op({
              requestBody: {$ref: '#/components/requestBodies/NewPost'},
              responses: {
                '201': {
                  description: 'Создано',
                  headers: {'X-Request-Id': {$ref: '#/components/headers/RequestId'}},
                  content: {
                    'application/json': {
                      schema: {type: 'array', items: {$ref: '#/components/schemas/Post'}},
                      examples: {one: {$ref: '#/components/examples/OnePost'}},
                    },
                  },
                },
              },
            }),
          },
        },
        components: {
          schemas: {Post: {type: 'object', properties: {id: {type: 'string'}}}},
          parameters: {Page: {name: 'page', in: 'query', description: 'Номер страницы.', schema: {type: 'integer'}}},
          requestBodies: {NewPost: {content: {'application/json': {schema: {$ref: '#/components/schemas/Post'}, example: {id: 'a'}}}}},
          headers: {RequestId: {description: 'Идентификатор запроса.', schema: {type: 'string'}}},
          examples: {OnePost: {value: [{id: 'a'}]}},
        },
      },
    });
    expect(messages(b).filter((m) => m.includes('$ref'))).toEqual([]);
  });

  it('reports YAML errors with the file', () => {
    expect(messages(bundle('yaml', {'posts.yaml': 'paths: [\n'}))).toEqual([expect.stringMatching(/^yaml\/paths\/posts\.yaml\s+not valid YAML/)]);
  });

  it("accepts the vendor's operationIds with acronyms and a lower-case first letter", () => {
    const b = bundle('vendor-ids', {'posts.yaml': posts(op({operationId: 'getOAuthPosts'}))});
    expect(messages(b)).toEqual([]);
  });

  it('accepts an operation whose only outcome is a redirect with its Location header', () => {
    const redirect = {'302': {description: 'Перенаправление на сайт.', headers: {Location: {description: 'Адрес сайта.', schema: {type: 'string'}}}}};
    expect(messages(bundle('redirect', {'posts.yaml': posts(op({responses: redirect}))}))).toEqual([]);
  });

  it('reports two operationIds that give one page slug, naming both', () => {
    const b = bundle('same-slug', {
      'a.yaml': posts(op({operationId: 'CreatePost'}), {}),
      'b.yaml': {
        paths: {'/drafts': {post: op({operationId: 'createPost'})}},
        components: {schemas: {Post: {type: 'object', properties: {id: {type: 'string'}}}}},
      },
    });
    expect(messages(b).join('\n')).toMatch(/operationId createPost gives the page slug "create-post", as CreatePost in same-slug\/paths\/a\.yaml does/);
  });

  it('reports a path defined twice and a component defined twice, naming both files', () => {
    const b = bundle('dup', {'a.yaml': posts(), 'b.yaml': posts(op({operationId: 'CreatePostAgain'}))});
    expect(messages(b).join('\n')).toMatch(/POST \/posts is also defined in dup\/paths\/a\.yaml/);
    expect(messages(b).join('\n')).toMatch(/schemas\/Post is already defined in dup\/paths\/a\.yaml/);
  });

  it.each([
    ['an operationId that is not camel case', {operationId: 'create_post'}, /camel case/],
    ['an English summary', {summary: 'Create a post'}, /summary must be in Russian/],
    ['a missing description', {description: undefined}, /description must be in Russian/],
    ['a tag outside the root list', {tags: ['messages']}, /exactly one tag/],
    ['no 2xx response', {responses: {'400': {description: 'Ошибка'}}}, /needs a 2xx response/],
    ['a redirect without a Location header', {responses: {'302': {description: 'Перенаправление'}}}, /302 redirect response needs a Location header/],
    [
      'a 2xx response with neither a schema nor a Russian word on it',
      {responses: {'200': {description: 'OK'}}},
      /200 response needs content with a schema, or a Russian description of the answer/,
    ],
    [
      'a JSON 2xx response without an example',
      {responses: {'200': {description: 'Готово', content: {'application/json': {schema: {type: 'object'}}}}}},
      /response needs an example/,
    ],
    [
      'a JSON request body without an example',
      {requestBody: {content: {'application/json': {schema: {type: 'object'}}}}},
      /request body application\/json needs an example/,
    ],
    [
      'a parameter without a Russian description',
      {parameters: [{name: 'page', in: 'query', schema: {type: 'integer'}, description: 'Page'}]},
      /parameter "page" needs a Russian description/,
    ],
    [
      'an example that does not match its schema',
      {responses: {'201': {description: 'Создано', content: {'application/json': {schema: {$ref: '#/components/schemas/Post'}, example: {id: 5}}}}}},
      /example does not match its schema: \/id must be string/,
    ],
  ])('rejects %s', (_, extra, pattern) => {
    expect(messages(bundle(`bad-${Math.random().toString(36).slice(2)}`, {'posts.yaml': posts(op(extra))})).join('\n')).toMatch(pattern);
  });
});

describe('slugs (plugins/openapi/slug.ts)', () => {
  it('are the kebab-case of the operationId, as the generator computes them', () => {
    expect(pageSlug('CreatePost')).toBe('create-post');
    expect(pageSlug('GetUserByEmail')).toBe('get-user-by-email');
    expect(pageSlug('SearchEmoji')).toBe('search-emoji');
    expect(pageSlug('CreateOAuthApp')).toBe('create-o-auth-app');
    expect(pageSlug('TestS3Connection')).toBe('test-s-3-connection');
    expect(pageSlug('getPostsByIds')).toBe('get-posts-by-ids');
  });

  it('name tag pages and v5 service folders by the same rule', () => {
    expect(pageSlug('auth-service')).toBe('auth-service');
    expect(pageSlug('OAuth')).toBe('o-auth');
    expect(pageSlug('Data retention')).toBe('data-retention');
  });
});

describe('the API specs in openapi/', () => {
  const v4 = bundleSpec('v4');
  const v5 = bundleSpec('v5');

  it('have no problems', () => {
    expect(v4.problems.map((p) => `${p.file} ${p.pointer}: ${p.message}`)).toEqual([]);
    expect(v5.problems.map((p) => `${p.file} ${p.pointer}: ${p.message}`)).toEqual([]);
  });

  it('cover at least 420 operations in v4, every topic of the tag list', () => {
    expect(v4.operations.length).toBeGreaterThanOrEqual(420);
    const used = new Set(v4.operations.map((o) => (o.op.tags as string[])[0]));
    const declared = (v4.doc.tags as {name: string}[]).map((t) => t.name);
    expect(declared.filter((t) => !used.has(t))).toEqual([]);
  });

  it('name the permission an operation needs in every v4 and v5 description', () => {
    const missing = [...v4.operations, ...v5.operations].filter((o) => !/Необходимые права/.test(String(o.op.description))).map((o) => o.operationId);
    expect(missing).toEqual([]);
  });

  it('give every v4 and v5 operation route of the contract a page slug', () => {
    const slugs = new Set([...v4.operations, ...v5.operations].map((o) => pageSlug(o.operationId)));
    const expected = contractRoutes
      .filter((r) => /^\/api\/v[45]\//.test(r.path))
      .map((r) => r.path.split('/').pop()!)
      .filter(
        (slug) =>
          !['introduction', 'authentication', 'websocket', 'rate-limiting', 'errors', 'schema', 'check-guest-limit', 'time-api-reference'].includes(slug),
      );
    expect(expected.filter((s) => !slugs.has(s))).toEqual([]);
  });

  it('pass Redocly recommended lint with zero errors', async () => {
    for (const b of [v4, v5]) {
      const {errors} = await lintBundle(b);
      expect(errors.map((e) => `${e.file} ${e.pointer}: ${e.message}`)).toEqual([]);
    }
  }, 60_000);

  it('report a Redocly error in the path file of the operation it falls in', async () => {
    const doc = structuredClone(v5.doc) as {paths: Record<string, Record<string, {operationId: string}>>};
    const [first, second] = v5.operations;
    doc.paths[second.path][second.method].operationId = first.operationId;
    const {errors} = await lintBundle({...v5, doc: doc as unknown as typeof v5.doc});
    const pointer = `/paths/${second.path.replace(/\//g, '~1')}/${second.method}/`;
    expect(errors.filter((e) => e.pointer?.startsWith(pointer)).map((e) => `${e.file}: ${e.message.split(':')[0]}`)).toEqual([
      `${second.file}: operation-operationId-unique`,
    ]);
  });
});

describe('operation pages (markdownGenerators)', () => {
  it('show the full request as text, Russian labels and the authored request example in the code samples', async () => {
    const {apiPageGenerator} = await import('../../plugins/openapi/pages');
    const {readSamples} = await import('../../plugins/openapi/sample-files');
    const api = {
      method: 'post',
      path: '/api/v4/bots',
      servers: [{url: 'https://{host}', variables: {host: {default: 'time.example.ru'}}}],
      description: 'Создаёт бота.',
      parameters: [],
      requestBody: {content: {'application/json': {schema: {type: 'object', properties: {username: {type: 'string'}}}, example: {username: 'deploy-bot'}}}},
      responses: {'201': {description: 'Создан.'}},
      postman: {
        url: {path: ['api', 'v4', 'bots'], host: ['{{baseUrl}}'], query: [], variable: []},
        method: 'POST',
        header: [{key: 'Content-Type', value: 'application/json'}],
        body: {mode: 'raw', raw: ''},
      },
    };
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'api-pages-'));
    const page = apiPageGenerator('api-reference/v4', site)({id: 'create-bot', title: 'Создать бота', api});
    // The try-it form starts from the schema's example, now the authored one.
    expect(api.requestBody.content['application/json'].schema).toMatchObject({example: {username: 'deploy-bot'}});
    expect(page).toContain('<code>{"POST /api/v4/bots"}</code>');
    expect(page).toContain('title={"Тело запроса"}');
    // A text heading: its anchor is labelled «Прямая ссылка на Запрос», not «… на request».
    expect(page).toMatch(/<Heading\n {2}id=\{"request"\}[^>]*>\n {2}\{"Запрос"\}\n<\/Heading>/);
    expect(page).not.toMatch(/>Request<|"Body"/);
    // The samples are data beside the page, which re-exports them.
    expect(page).toContain('export {default as codeSamples} from "./create-bot.samples.json";');
    const samples = readSamples(path.join(site, 'api-reference/v4/create-bot.api.mdx'));
    const curl = samples.find((s) => s.language === 'curl')!.variants[0].code;
    expect(curl).toContain('https://time.example.ru/api/v4/bots');
    expect(curl).toContain('deploy-bot');
    expect(curl).not.toContain('"string"');
  });
});

describe('spec texts', () => {
  it('contain no placeholder text', async () => {
    const {PLACEHOLDER_TEXT} = await import('../../plugins/content-check/rules');
    const dir = path.resolve(__dirname, '../../openapi');
    const files = ['v4', 'v5'].flatMap((v) => [
      path.join(dir, v, 'openapi.yaml'),
      ...fs.readdirSync(path.join(dir, v, 'paths')).map((f) => path.join(dir, v, 'paths', f)),
    ]);
    const hits = files.flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({file: path.basename(file), line: i + 1, text: line.replace(/`[^`]*`/g, '')}))
        .filter((l) => PLACEHOLDER_TEXT.test(l.text)),
    );
    expect(hits.map((h) => `${h.file}:${h.line}`)).toEqual([]);
  });
});
