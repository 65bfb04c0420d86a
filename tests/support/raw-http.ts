/**
 * HTTP/1.1 over a plain socket (node:net): the request target goes out byte for byte, as an attacker
 * would send it (node:http and fetch refuse or re-encode control bytes and resolve "//host"), and
 * the answer's header lines come back as sent, duplicates included.
 */
import net from 'node:net';

export interface RawResponse {
  status: number;
  /** The body bytes as sent (not decompressed). */
  body: Buffer;
  /** Every header line in order, names lower-cased, values as sent (latin1). */
  headers: [string, string][];
  /** The value of a header that must be present once; undefined if absent, an error if repeated. */
  header(name: string): string | undefined;
  /** How many times each header name occurs. */
  counts(): Map<string, number>;
}

export function rawRequest(port: number, target: string | Buffer, options: {method?: string; headers?: Record<string, string>} = {}): Promise<RawResponse> {
  const head = Buffer.concat([
    Buffer.from(`${options.method ?? 'GET'} `, 'latin1'),
    typeof target === 'string' ? Buffer.from(target, 'latin1') : target,
    Buffer.from(` HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n`, 'latin1'),
    ...Object.entries(options.headers ?? {}).map(([name, value]) => Buffer.from(`${name}: ${value}\r\n`, 'latin1')),
    Buffer.from('\r\n'),
  ]);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.end(head));
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer from 127.0.0.1:${port} within 10 s`)));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const text = all.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = (end < 0 ? text : text.slice(0, end)).split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
      if (!status) return reject(new Error(`not an HTTP answer to ${String(target)}: ${JSON.stringify(statusLine)}`));
      const headers = lines.map((line): [string, string] => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
      });
      resolve({
        status,
        body: end < 0 ? Buffer.alloc(0) : all.subarray(end + 4),
        headers,
        header(name) {
          const values = headers.filter(([n]) => n === name.toLowerCase()).map(([, v]) => v);
          if (values.length > 1) throw new Error(`${name} is sent ${values.length} times in the answer to ${String(target)}`);
          return values[0];
        },
        counts() {
          const out = new Map<string, number>();
          for (const [name] of headers) out.set(name, (out.get(name) ?? 0) + 1);
          return out;
        },
      });
    });
  });
}
