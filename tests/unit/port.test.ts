import net from 'node:net';
import {afterEach, describe, expect, it} from 'vitest';
import {assertPortFree, freePort, portFromEnv} from '../../scripts/lib/port';

const servers: net.Server[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

/** A server listening on `port` (0: any) of the loopback interface, closed after the test. */
function listen(port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    servers.push(server);
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
  });
}

describe('portFromEnv', () => {
  it('takes PORT when it is set, the fallback when it is not', () => {
    expect(portFromEnv({PORT: '8081'}, 3000)).toBe(8081);
    expect(portFromEnv({PORT: ' 8081 '}, 3000)).toBe(8081);
    expect(portFromEnv({}, 3000)).toBe(3000);
    expect(portFromEnv({PORT: ''}, 3000)).toBe(3000);
  });

  it('reads another variable when named (the browser tests use E2E_PORT)', () => {
    expect(portFromEnv({PORT: '8081', E2E_PORT: '4104'}, 4173, 'E2E_PORT')).toBe(4104);
    expect(() => portFromEnv({E2E_PORT: 'x'}, 4173, 'E2E_PORT')).toThrow('E2E_PORT must be a TCP port number (1–65535), got "x"');
  });

  it('refuses what is not a TCP port, quoting the value', () => {
    for (const bad of ['abc', '0', '65536', '80.5', '-1', '3000x']) {
      expect(() => portFromEnv({PORT: bad}, 3000)).toThrow(`PORT must be a TCP port number (1–65535), got "${bad}"`);
    }
  });
});

describe('freePort', () => {
  it('gives a port a server can listen on at once', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    await expect(listen(port)).resolves.toBe(port);
  });

  it('never gives a port that a server already holds', async () => {
    const taken = await Promise.all([listen(), listen(), listen()]);
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    for (const port of ports) expect(taken).not.toContain(port);
  });
});

describe('assertPortFree', () => {
  it('fails naming a port that a server holds, passes for a free one', async () => {
    const taken = await listen();
    await expect(assertPortFree(taken)).rejects.toThrow(`port ${taken} is already in use`);
    await expect(assertPortFree(await freePort())).resolves.toBeUndefined();
  });
});
