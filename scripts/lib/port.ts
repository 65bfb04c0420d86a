/**
 * Ports for the local servers: the one a person asks for with `PORT`, and a free one the system
 * hands out for a server nobody types the address of (the PDF step's nginx), so two builds on one
 * machine never reach for the same fixed port.
 */
import net from 'node:net';

/** `env[name]` as a TCP port, or `fallback` when it is unset; a clear error for anything else. */
export function portFromEnv(env: NodeJS.ProcessEnv, fallback: number, name = 'PORT'): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const port = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name} must be a TCP port number (1–65535), got "${raw}"`);
  }
  return port;
}

/**
 * A port no server listens on now: the system picks it for a socket bound to port 0, which is then
 * closed. Another process could take it before ours binds; for a short-lived local server that race
 * is far less likely than two runs choosing the same fixed number.
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const {port} = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Fails early instead of using whatever another server on the port answers. */
export function assertPortFree(port: number, host = '127.0.0.1'): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      reject(new Error(`port ${port} is already in use: stop what listens there or choose another port`));
    });
    socket.once('error', () => resolve());
  });
}
