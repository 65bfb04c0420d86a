/**
 * How real Time servers address and deduplicate posts (`peer`, `idempotency_key`, `file_ids`), and
 * that no page, data file or sample says otherwise. The sample mock enforces the same rules at run
 * time (scripts/lib/mock-server.ts); this test covers the prose and the literal values a reader copies.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {listDocFiles} from '../../plugins/content-check/rules';
import {listFiles} from '../../plugins/shared/files';
import {IDEMPOTENCY_KEY, PEER, postRuleViolation} from '../../scripts/lib/mock-server';
import {sampleFiles} from '../../plugins/remark-samples/samples';

const root = path.resolve(__dirname, '../..');
const ME = '8fksdi9f8ffbinjr4qcuoa3hbw';
const NOW = 1736935199000;

describe('the CreatePost rules of the sample mock', () => {
  it('accept the three peer forms and a key of the current user id and the time of sending', () => {
    for (const peer of ['@ivan.petrov', `U:${ME}`, '4xp9fdt77pncbef59f4k1qe83o']) {
      expect(postRuleViolation({peer, message: 'm', idempotency_key: `${ME}:${NOW}`}, ME, NOW)).toBeUndefined();
    }
    expect(postRuleViolation({channel_id: '4xp9fdt77pncbef59f4k1qe83o', peer: '@ivan.petrov', message: 'm'}, ME, NOW)).toBeUndefined();
    expect(postRuleViolation({channel_id: '4xp9fdt77pncbef59f4k1qe83o', file_ids: Array(5).fill('7hmyq3xz5bfd9ktnw8r1cgs6ea')}, ME, NOW)).toBeUndefined();
  });

  it('refuse what Time does not do: ~channel peers, free-form or foreign keys, pending_post_id with a key, a 6th file', () => {
    const refused = [
      {peer: '~town-square'},
      {peer: 'town-square'},
      {idempotency_key: 'ci-build-1452-ready-5f0c2a9e41d7b388'},
      {idempotency_key: '3f1c2b9e-6a4d-4e8b-9c1f-2a7d5e0b8c44'},
      {idempotency_key: `6bt9x4wzkqf8r3mnyc1de5pa7h:${NOW}`},
      {idempotency_key: `${ME}:1700000000000`},
      {idempotency_key: `${ME}:${NOW}`, pending_post_id: `${ME}:${NOW}`},
      {file_ids: Array(6).fill('7hmyq3xz5bfd9ktnw8r1cgs6ea')},
    ];
    for (const body of refused) expect(postRuleViolation({channel_id: '4xp9fdt77pncbef59f4k1qe83o', ...body}, ME, NOW), JSON.stringify(body)).toBeDefined();
  });
});

/** Hand-written pages, chapters, settings data and samples, with their text. */
const sources = [
  ...listDocFiles(path.join(root, 'docs')),
  ...listDocFiles(path.join(root, 'api-reference')),
  ...listFiles(path.join(root, 'data'), (file) => /\.(ya?ml|ts|json)$/.test(file)),
  ...sampleFiles(),
].map((file) => ({file: path.relative(root, file), text: fs.readFileSync(file, 'utf8')}));

function find(pattern: RegExp, keep: (m: RegExpMatchArray) => boolean = () => true) {
  return sources.flatMap(({file, text}) => [...text.matchAll(pattern)].filter(keep).map((m) => `${file}: ${m[0]}`));
}

describe('pages and samples agree with Time', () => {
  it('read the sources (so the checks below cannot pass on nothing)', () => {
    expect(sources.some(({file}) => file === 'docs/api/cookbook/send-a-message.md')).toBe(true);
    expect(find(/idempotency_key/g).length).toBeGreaterThan(10);
  });

  it('give peer only the values Time accepts (no ~channel form)', () => {
    // A literal value in JSON, JS, Python or Go, and any `~name` on a line that talks about peer.
    const literals = find(/["']?peer["']?\s*[:=]\s*["'`]([^"'`$]*)["'`]/gi, (m) => !PEER.test(m[1]));
    const tildes = find(/^.*\bpeer\b.*~[a-z][\w-]*.*$/gim);
    expect([...literals, ...tildes]).toEqual([]);
  });

  it('show idempotency keys only as <current user id>:<ms timestamp>', () => {
    const literals = find(/["']?idempotency_?key["']?\s*[:=]\s*["'`]([^"'`$]+)["'`]/gi, (m) => !IDEMPOTENCY_KEY.test(m[1]));
    expect(literals).toEqual([]);
  });

  it('invent no files-per-post setting and no error id for the 6th file', () => {
    expect(find(/MaxFilesPerPost/gi)).toEqual([]);
    expect(find(/model\.post\.is_valid\.file_ids\.app_error/g)).toEqual([]);
  });
});
