/**
 * The files the load-balancing guide ships (static/downloads/load-balancing/), judged by the programs
 * that read them: nginx -t, keepalived -t, haproxy -c, bash -n and shellcheck. Each checker also gets a broken copy
 * and must refuse it, so a checker that accepts anything cannot make these tests pass.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {product} from '../../data/product';
import {nginxCheck, runChecker, selfSignedCertificate, shellcheck} from '../support/checkers';

const DIR = path.resolve(__dirname, '../../static/downloads/load-balancing');
const read = (file: string) => fs.readFileSync(path.join(DIR, file), 'utf8');

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'load-balancing-'));
});
afterAll(() => {
  fs.rmSync(tmp, {recursive: true, force: true});
});

/** Replaces `from` in a copy of a shipped file; a `from` the file lacks means the file changed under the test. */
function replaceIn(text: string, file: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`${file}: expected "${from}" in the shipped file`);
  return text.split(from).join(to);
}

/** The installed nginx version as a comparable number (1.25.1 → 12501). */
function nginxVersion(): number {
  const run = runChecker('nginx', 'nginx', ['-v']);
  const found = run.output.match(/nginx\/(\d+)\.(\d+)\.(\d+)/);
  if (!found) throw new Error(`nginx -v printed no version: ${run.output}`);
  return Number(found[1]) * 10000 + Number(found[2]) * 100 + Number(found[3]);
}

/** Runs nginx -t on a site file through a throw-away main config in the temp dir. */
function nginxTest(site: string, name: string) {
  const {cert, key} = selfSignedCertificate(tmp);
  const prefix = path.join(tmp, `nginx-${name}`);
  fs.mkdirSync(prefix, {recursive: true});
  const sitePath = path.join(prefix, 'time-lb.conf');
  fs.writeFileSync(
    sitePath,
    replaceIn(replaceIn(site, 'time-lb.conf', '/etc/nginx/certs/fullchain.pem', cert), 'time-lb.conf', '/etc/nginx/certs/privkey.pem', key),
  );
  return nginxCheck(prefix, `    include ${sitePath};`);
}

describe('nginx site config of the balancers (time-lb.conf)', () => {
  const site = read('time-lb.conf');

  it('is accepted by nginx -t (1.25.1+ as shipped; on Debian 12 nginx 1.22 only http2 on; is unknown)', () => {
    if (nginxVersion() >= 12501) {
      const run = nginxTest(site, 'as-shipped');
      expect(run.status, run.output).toBe(0);
      return;
    }
    // nginx 1.22 predates the http2 directive: the shipped file must fail on that line and nothing else,
    // and the file without it must pass, so every other line is still judged by nginx itself.
    const shipped = nginxTest(site, 'as-shipped');
    expect(shipped.status).not.toBe(0);
    expect(shipped.output).toMatch(/unknown directive "http2"/);
    const withoutHttp2 = nginxTest(replaceIn(site, 'time-lb.conf', '    http2 on;\n', ''), 'without-http2');
    expect(withoutHttp2.status, withoutHttp2.output).toBe(0);
    expect(withoutHttp2.output).toContain('test is successful');
  });

  it('is refused by nginx -t when broken', () => {
    const broken = replaceIn(replaceIn(site, 'time-lb.conf', '    http2 on;\n', ''), 'time-lb.conf', 'least_conn;', 'least_conn');
    const run = nginxTest(broken, 'broken');
    expect(run.status).not.toBe(0);
    expect(run.output).toMatch(/emerg/);
  });

  it('needs the nginx version the portal names, and keeps the WebSocket and upload limits of the other pages', () => {
    expect(site).toMatch(/^\s*http2 on;$/m);
    expect(site).toContain(`nginx ${product.supported.nginx}`);
    expect(site).toMatch(
      /location ~ \^\/api\/v\[0-9\]\+\/\(users\/\)\?websocket\$ \{[^}]*proxy_set_header Upgrade \$http_upgrade;[^}]*proxy_set_header Connection \$connection_upgrade;[^}]*proxy_read_timeout 600s;/,
    );
    // FileSettings.MaxFileSize default, 104857600 bytes = 100 MiB.
    expect(site).toContain('client_max_body_size 100M;');
    for (const node of site.match(/^\s*server \d+\.\d+\.\d+\.\d+:\d+[^;]*;/gm) ?? []) {
      expect(node).toContain(`:${product.ports.http} max_fails=3 fail_timeout=10s`);
    }
    expect(site).toContain('location = /nginx-health');
  });
});

describe('keepalived health check script (check-nginx.sh)', () => {
  it('passes shellcheck, which refuses a copy that uses an unset variable unquoted', () => {
    const run = shellcheck(path.join(DIR, 'check-nginx.sh'));
    expect(run.status, run.output).toBe(0);
    const broken = path.join(tmp, 'check-nginx-unquoted.sh');
    fs.writeFileSync(broken, `${read('check-nginx.sh')}\ncurl $HEALTH_URLS\n`);
    expect(shellcheck(broken).status).not.toBe(0);
  });

  it('parses with bash -n and refuses a broken copy', () => {
    const ok = runChecker('bash', 'bash', ['-n', path.join(DIR, 'check-nginx.sh')]);
    expect(ok.status, ok.output).toBe(0);
    const broken = path.join(tmp, 'check-nginx-broken.sh');
    fs.writeFileSync(broken, replaceIn(read('check-nginx.sh'), 'check-nginx.sh', 'exit 1\nfi\n', 'exit 1\n'));
    expect(runChecker('bash', 'bash', ['-n', broken]).status).not.toBe(0);
  });

  it('asks the health URL the nginx config serves', () => {
    expect(read('check-nginx.sh')).toContain('http://127.0.0.1/nginx-health');
    expect(fs.statSync(path.join(DIR, 'check-nginx.sh')).mode & 0o111).not.toBe(0);
  });
});

describe('keepalived config of both balancers (keepalived.conf)', () => {
  const conf = read('keepalived.conf');

  /**
   * A copy keepalived can check on this machine: the check script at its temp path (keepalived drops a
   * track script it cannot find) and, where there is no eth0, the first interface that is not loopback.
   */
  function checkable(text: string): string {
    const script = path.join(tmp, 'check-nginx.sh');
    fs.copyFileSync(path.join(DIR, 'check-nginx.sh'), script);
    fs.chmodSync(script, 0o755);
    let copy = replaceIn(text, 'keepalived.conf', '/usr/local/sbin/check-nginx.sh', script);
    const interfaces = fs.readdirSync('/sys/class/net');
    if (!interfaces.includes('eth0')) {
      const other = interfaces.find((name) => name !== 'lo' && fs.existsSync(`/sys/class/net/${name}/device`)) ?? interfaces.find((name) => name !== 'lo');
      if (!other) throw new Error('keepalived -t needs a network interface other than lo on this machine');
      copy = replaceIn(copy, 'keepalived.conf', 'eth0', other);
    }
    return copy;
  }

  function keepalivedTest(text: string, configId: string, name: string) {
    const file = path.join(tmp, `keepalived-${name}.conf`);
    fs.writeFileSync(file, text);
    return runChecker('keepalived', 'keepalived', ['-t', '-i', configId, '-f', file]);
  }

  it.each(['lb1', 'lb2'])('is accepted by keepalived -t as %s', (configId) => {
    const run = keepalivedTest(checkable(conf), configId, configId);
    expect(run.status, run.output).toBe(0);
  });

  it('is refused by keepalived -t when broken', () => {
    const run = keepalivedTest(replaceIn(checkable(conf), 'keepalived.conf', 'virtual_router_id 51', 'virtual_router_id 256'), 'lb1', 'broken');
    expect(run.status).not.toBe(0);
    expect(run.output).toMatch(/virtual router id|VRID/i);
  });

  it('gives each balancer its own priority and the other one as its unicast peer', () => {
    /** The lines keepalived reads for a config id: '@id' lines only for that id, '@^id' lines for every other. */
    const linesFor = (id: string) =>
      conf
        .split('\n')
        .flatMap((line) => {
          const m = line.match(/^(\s*)@(\^?)(\w+)\s+(.*)$/);
          if (!m) return [line];
          const matches = m[3] === id;
          return (m[2] === '^' ? !matches : matches) ? [`${m[1]}${m[4]}`] : [];
        })
        .join('\n');
    const lb1 = linesFor('lb1');
    const lb2 = linesFor('lb2');
    const priority = (text: string) => Number(text.match(/^\s*priority (\d+)$/m)?.[1]);
    expect(priority(lb1)).toBeGreaterThan(priority(lb2));
    const src = (text: string) => text.match(/unicast_src_ip (\S+)/)?.[1];
    const peers = (text: string) =>
      text
        .match(/unicast_peer \{([^}]*)\}/)?.[1]
        .trim()
        .split(/\s+/);
    expect(peers(lb1)).toEqual([src(lb2)]);
    expect(peers(lb2)).toEqual([src(lb1)]);
    expect(conf).toContain('script "/usr/local/sbin/check-nginx.sh"');
  });
});

describe('HAProxy alternative (haproxy.cfg)', () => {
  const cfg = read('haproxy.cfg');

  function haproxyTest(text: string, name: string) {
    const {cert, key} = selfSignedCertificate(tmp);
    const pem = path.join(tmp, 'time.pem');
    fs.writeFileSync(pem, fs.readFileSync(cert, 'utf8') + fs.readFileSync(key, 'utf8'));
    const file = path.join(tmp, `haproxy-${name}.cfg`);
    fs.writeFileSync(file, replaceIn(text, 'haproxy.cfg', '/etc/haproxy/certs/time.pem', pem));
    return runChecker('haproxy', 'haproxy', ['-c', '-f', file]);
  }

  it('is accepted by haproxy -c', () => {
    const run = haproxyTest(cfg, 'as-shipped');
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain('Configuration file is valid');
  });

  it('is refused by haproxy -c when broken', () => {
    const run = haproxyTest(replaceIn(cfg, 'haproxy.cfg', 'balance leastconn', 'balance fewest'), 'broken');
    expect(run.status).not.toBe(0);
    expect(run.output).toMatch(/ALERT/);
  });

  it('checks the nodes with the ping the server answers without a session, and keeps WebSockets open as long as nginx does', () => {
    expect(cfg).toContain('http-check send meth GET uri /api/v4/system/ping');
    expect(cfg).toContain('http-check expect status 200');
    expect(cfg).toContain('timeout tunnel 600s');
    expect(cfg).toContain('gt 104857600');
  });
});

describe('the load-balancing page shows and offers every shipped file', () => {
  const page = fs.readFileSync(path.resolve(__dirname, '../../docs/deployment/operations/load-balancing.md'), 'utf8');

  it.each(fs.readdirSync(DIR))('%s is included from static/downloads and linked for download', (file) => {
    expect(page).toContain(`file=<rootDir>/static/downloads/load-balancing/${file}`);
    expect(page).toContain(`(pathname:///downloads/load-balancing/${file})`);
  });
});
