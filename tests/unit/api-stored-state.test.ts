import {describe, expect, it} from 'vitest';
import {checkedAuth, restoreServer, type Server} from '../../src/theme/ApiItem/storedState';

const servers: Server[] = [
  {url: 'https://{host}/api/v4', description: 'Ваш сервер Time', variables: {host: {default: 'time.example.ru'}}},
  {url: 'https://{host}/api/{version}', variables: {host: {default: 'time.example.ru'}, version: {default: 'v4', enum: ['v4', 'v5']}}},
];

describe('the try-it server read back from storage', () => {
  it("restores one of the operation's servers with the host the reader typed", () => {
    const stored = JSON.stringify({url: 'https://{host}/api/v4', variables: {host: {default: 'chat.corp.example.ru'}}});
    expect(restoreServer(stored, servers)).toEqual({...servers[0], variables: {host: {default: 'chat.corp.example.ru'}}});
  });

  it('drops what is not JSON, not an object, not one of the servers, or of the wrong shape', () => {
    for (const stored of [null, '{"url": ', '"https://time.example.ru"', '[]', 'null', '{"url": 5}', '{"url": "https://evil.example/api/v4"}']) {
      expect(restoreServer(stored, servers), String(stored)).toBeUndefined();
    }
  });

  it("keeps the spec's variable values where the stored ones are not text or not allowed", () => {
    const stored = JSON.stringify({url: 'https://{host}/api/{version}', variables: {host: null, version: {default: 'v9'}}});
    expect(restoreServer(stored, servers)).toEqual(servers[1]);
  });
});

describe('the try-it credentials read back from storage', () => {
  it('keeps text values and a known scheme, and drops the rest', () => {
    const auth = {
      data: {bearerAuth: {token: {value: 1} as unknown}, basic: {username: 'u', password: 5 as unknown}},
      options: {bearerAuth: [], basic: []},
      selected: 'noSuchScheme',
    };
    expect(checkedAuth(auth)).toEqual({
      data: {bearerAuth: {token: undefined}, basic: {username: 'u', password: undefined}},
      options: {bearerAuth: [], basic: []},
      selected: 'bearerAuth',
    });
    expect(checkedAuth({...auth, selected: 'basic'}).selected).toBe('basic');
  });
});
