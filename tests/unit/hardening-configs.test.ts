/**
 * The configuration files the hardening guide ships (static/downloads/hardening). The nginx TLS
 * snippet is judged by nginx itself (`nginx -t` on a throw-away main config with a self-signed
 * certificate) and the sshd drop-in by `sshd -t`; Kubernetes and Docker Compose have no offline
 * checker in Debian, so their files are parsed and checked for the structure and the values the
 * page promises: the ports,
 * the system user and the paths of data/product.ts. Every check also runs on a broken copy, so a
 * check that accepts anything fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {composeUpToUsers, product, sizingRow} from '../../data/product';
import {loadLineage} from '../../plugins/settings/lineage';
import {nginxCheck, runChecker, selfSignedCertificate} from '../support/checkers';
import {YamlFile} from '../support/yaml-file';

const DIR = path.resolve(__dirname, '../../static/downloads/hardening');
const read = (name: string) => fs.readFileSync(path.join(DIR, name), 'utf8');
const temps: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hardening-'));
  temps.push(dir);
  return dir;
};
afterAll(() => temps.forEach((dir) => fs.rmSync(dir, {recursive: true, force: true})));

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Parses YAML whose top is a mapping; a syntax error becomes a message with the file and line. */
function parseYaml(name: string, text: string): Obj {
  const value: unknown = new YamlFile(name, text).data;
  if (!isObj(value)) throw new Error(`${name}: expected a mapping at the top`);
  return value;
}

// ---- nginx ---------------------------------------------------------------------------------------

/** Runs `nginx -t` on the snippet included in a TLS server block, certificates made in a temp dir. */
function nginxTest(snippet: string, extraServerLines = ''): {status: number | null; output: string} {
  const dir = tempDir();
  const {cert, key} = selfSignedCertificate(dir);
  fs.copyFileSync(cert, path.join(dir, 'chain.pem'));
  // The snippet names the certificates where the Docker Compose installation keeps them.
  fs.writeFileSync(path.join(dir, 'time-tls.conf'), snippet.replaceAll('/etc/nginx/certs/', `${dir}/`));
  return nginxCheck(
    dir,
    `    server {
        listen 127.0.0.1:18443 ssl;
        server_name time.example.ru;
        ssl_certificate     ${cert};
        ssl_certificate_key ${key};
        ${extraServerLines}
        include ${dir}/time-tls.conf;
        location / { return 204; }
    }`,
  );
}

describe('time-tls.conf (nginx TLS snippet)', () => {
  const snippet = read('time-tls.conf');

  it('is accepted by nginx -t inside a TLS server block', () => {
    const result = nginxTest(snippet);
    expect(result.output).toContain('test is successful');
    expect(result.status).toBe(0);
  });

  it('nginx -t rejects a broken copy (so the check is real)', () => {
    const result = nginxTest(snippet.replace('TLSv1.2 TLSv1.3', 'TLSv1.2 TLSv1.4'));
    expect(result.status).not.toBe(0);
    expect(result.output).toMatch(/invalid value "TLSv1\.4"/);
  });

  it('cannot be added to a block that keeps its own ssl_ciphers, as the page warns', () => {
    const result = nginxTest(snippet, 'ssl_ciphers HIGH;');
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('"ssl_ciphers" directive is duplicate');
  });

  it('allows TLS 1.2 and 1.3 only, with forward-secret AEAD suites', () => {
    expect(snippet).toMatch(/^ssl_protocols TLSv1\.2 TLSv1\.3;$/m);
    const ciphers = /^ssl_ciphers ([^;]+);$/m.exec(snippet)?.[1].split(':') ?? [];
    expect(ciphers.length).toBeGreaterThan(0);
    for (const cipher of ciphers) expect(cipher).toMatch(/^ECDHE-(ECDSA|RSA)-(AES(128|256)-GCM-SHA(256|384)|CHACHA20-POLY1305)$/);
    expect(snippet).toMatch(/^ssl_stapling on;$/m);
    expect(snippet).toMatch(/^ssl_session_tickets off;$/m);
  });

  it("sends HSTS for as long as the lineage's ServiceSettings.TLSStrictTransportMaxAge default", () => {
    const maxAge = loadLineage().keys.get('ServiceSettings.TLSStrictTransportMaxAge')?.default7x;
    expect(snippet).toContain(`add_header Strict-Transport-Security "max-age=${maxAge}" always;`);
  });
});

// ---- Kubernetes NetworkPolicy ---------------------------------------------------------------------

interface PortRule {
  protocol: string;
  port: number;
}

/** The problems of a NetworkPolicy for Time's pods; empty when it is what the page describes. */
function networkPolicyProblems(name: string, policy: Obj): string[] {
  const problems: string[] = [];
  if (policy.apiVersion !== 'networking.k8s.io/v1') problems.push(`${name}: apiVersion must be networking.k8s.io/v1`);
  if (policy.kind !== 'NetworkPolicy') problems.push(`${name}: kind must be NetworkPolicy`);
  const spec = isObj(policy.spec) ? policy.spec : {};
  const selector = isObj(spec.podSelector) && isObj(spec.podSelector.matchLabels) ? spec.podSelector.matchLabels : {};
  if (selector['app.kubernetes.io/name'] !== 'time') problems.push(`${name}: spec.podSelector must select app.kubernetes.io/name: time`);
  if (JSON.stringify(spec.policyTypes) !== JSON.stringify(['Ingress', 'Egress'])) problems.push(`${name}: policyTypes must be [Ingress, Egress]`);
  const rules = (kind: 'ingress' | 'egress') =>
    list(spec[kind]).map((rule, i) => {
      const where = `${name}: spec.${kind}[${i}]`;
      if (!isObj(rule)) {
        problems.push(`${where} is not a mapping`);
        return {peers: [] as Obj[], ports: [] as PortRule[]};
      }
      const peers = list(rule[kind === 'ingress' ? 'from' : 'to']).filter(isObj);
      if (!peers.length) problems.push(`${where} names no peer: it would allow everyone`);
      for (const peer of peers) {
        const block = isObj(peer.ipBlock) ? peer.ipBlock : null;
        if (block && !/^\d{1,3}(\.\d{1,3}){3}\/\d{1,2}$/.test(String(block.cidr)))
          problems.push(`${where}: ipBlock.cidr "${String(block.cidr)}" is not an IPv4 CIDR`);
        if (!block && !isObj(peer.podSelector) && !isObj(peer.namespaceSelector))
          problems.push(`${where}: a peer needs ipBlock, podSelector or namespaceSelector`);
      }
      const ports = list(rule.ports).map((p) => (isObj(p) ? {protocol: String(p.protocol), port: Number(p.port)} : {protocol: '', port: NaN}));
      if (!ports.length) problems.push(`${where} names no port: it would allow every port`);
      for (const p of ports)
        if (!['TCP', 'UDP'].includes(p.protocol) || !Number.isInteger(p.port))
          problems.push(`${where}: port ${JSON.stringify(p)} needs protocol TCP or UDP and a number`);
      return {peers, ports};
    });
  const ingress = rules('ingress');
  const allowedIn = new Set(ingress.flatMap((r) => r.ports.map((p) => `${p.protocol}/${p.port}`)));
  const expectedIn = [`TCP/${product.ports.http}`, `TCP/${product.ports.gossip}`, `UDP/${product.ports.gossip}`, `TCP/${product.ports.metrics}`];
  for (const port of expectedIn) if (!allowedIn.has(port)) problems.push(`${name}: ingress must allow ${port}`);
  for (const port of allowedIn) if (!expectedIn.includes(port)) problems.push(`${name}: ingress allows ${port}, which Time's pods do not serve`);
  const egress = rules('egress');
  const allowedOut = new Set(egress.flatMap((r) => r.ports.map((p) => `${p.protocol}/${p.port}`)));
  for (const port of [
    'UDP/53',
    'TCP/53',
    `TCP/${product.ports.gossip}`,
    `UDP/${product.ports.gossip}`,
    `TCP/${product.ports.postgres}`,
    `TCP/${product.ports.s3}`,
    `TCP/${product.ports.elasticsearch}`,
    `TCP/${product.ports.https}`,
  ]) {
    if (!allowedOut.has(port)) problems.push(`${name}: egress must allow ${port}`);
  }
  return problems;
}

describe('time-networkpolicy.yaml', () => {
  const name = 'time-networkpolicy.yaml';
  const policy = parseYaml(name, read(name));

  it("allows only the ports of data/product.ts in, and Time's dependencies out", () => {
    expect(networkPolicyProblems(name, policy)).toEqual([]);
  });

  it('rejects a broken copy: a wrong port in, a missing port out, a rule with no peer', () => {
    const broken = structuredClone(policy) as {spec: {ingress: {ports: PortRule[]}[]; egress: Obj[]}};
    broken.spec.ingress[0].ports[0].port = 8066;
    broken.spec.egress = broken.spec.egress.filter((rule) => !JSON.stringify(rule).includes(`"port":${product.ports.postgres}`));
    broken.spec.egress.push({ports: [{protocol: 'TCP', port: 25}]});
    const problems = networkPolicyProblems(name, broken as unknown as Obj);
    expect(problems).toContain(`${name}: ingress must allow TCP/${product.ports.http}`);
    expect(problems).toContain(`${name}: ingress allows TCP/8066, which Time's pods do not serve`);
    expect(problems).toContain(`${name}: egress must allow TCP/${product.ports.postgres}`);
    expect(problems.some((p) => p.includes('names no peer'))).toBe(true);
  });

  it('names the file and line of a YAML error', () => {
    expect(() => parseYaml(name, 'spec:\n  podSelector: [\n')).toThrow(new RegExp(`^${name}:\\d+: `));
  });
});

// ---- Pod securityContext patch ---------------------------------------------------------------------

const dirOf = (file: string) => path.posix.dirname(file);
/** Directories Time writes to while it runs, with the configuration kept in the database. */
const writable = ['/tmp', dirOf(product.paths.localSocket), product.paths.logs, product.paths.plugins, product.paths.clientPlugins];

/** The problems of the Deployment patch against Pod Security Standards «restricted» and the page. */
function securityPatchProblems(name: string, patch: Obj): string[] {
  const problems: string[] = [];
  if (patch.apiVersion !== 'apps/v1' || patch.kind !== 'Deployment') problems.push(`${name}: must be an apps/v1 Deployment`);
  if (!isObj(patch.metadata) || patch.metadata.name !== 'time') problems.push(`${name}: metadata.name must be time (the Deployment it patches)`);
  const pod = isObj(patch.spec) && isObj(patch.spec.template) && isObj(patch.spec.template.spec) ? patch.spec.template.spec : {};
  const podContext = isObj(pod.securityContext) ? pod.securityContext : {};
  const container = list(pod.containers)
    .filter(isObj)
    .find((c) => c.name === 'time');
  if (!container) return [...problems, `${name}: no container named time`];
  const context = isObj(container.securityContext) ? container.securityContext : {};
  const seccomp = (c: Obj) => (isObj(c.seccompProfile) ? c.seccompProfile.type : undefined);
  if (context.runAsNonRoot !== true) problems.push(`${name}: runAsNonRoot must be true`);
  if (context.runAsUser !== product.systemUser.uid || podContext.runAsUser !== product.systemUser.uid)
    problems.push(`${name}: runAsUser must be ${product.systemUser.uid} (data/product.ts systemUser)`);
  if (context.allowPrivilegeEscalation !== false) problems.push(`${name}: allowPrivilegeEscalation must be false`);
  if (context.readOnlyRootFilesystem !== true) problems.push(`${name}: readOnlyRootFilesystem must be true`);
  const caps = isObj(context.capabilities) ? context.capabilities : {};
  if (JSON.stringify(caps.drop) !== '["ALL"]' || caps.add !== undefined) problems.push(`${name}: capabilities must drop ALL and add none`);
  if (![seccomp(context), seccomp(podContext)].includes('RuntimeDefault')) problems.push(`${name}: seccompProfile must be RuntimeDefault`);
  const volumes = new Map(
    list(pod.volumes)
      .filter(isObj)
      .map((v) => [v.name, v]),
  );
  const mounts = list(container.volumeMounts).filter(isObj);
  for (const mount of mounts) {
    const volume = volumes.get(mount.name);
    if (!volume) problems.push(`${name}: mount ${String(mount.mountPath)} uses volume ${String(mount.name)}, which is not defined`);
    else if (!isObj(volume.emptyDir) || !volume.emptyDir.sizeLimit) problems.push(`${name}: volume ${String(mount.name)} must be an emptyDir with a sizeLimit`);
  }
  const mounted = mounts.map((m) => m.mountPath);
  for (const dir of writable) if (!mounted.includes(dir)) problems.push(`${name}: ${dir} must stay writable (mount an emptyDir there)`);
  if (mounted.includes(dirOf(product.paths.config)))
    problems.push(`${name}: ${dirOf(product.paths.config)} must not be mounted: the page keeps the configuration in the database`);
  return problems;
}

describe('time-securitycontext-patch.yaml', () => {
  const name = 'time-securitycontext-patch.yaml';
  const patch = parseYaml(name, read(name));

  it('meets the «restricted» profile and keeps writable exactly the directories the page lists', () => {
    expect(securityPatchProblems(name, patch)).toEqual([]);
  });

  it('rejects a broken copy', () => {
    const broken = structuredClone(patch) as {spec: {template: {spec: {containers: {securityContext: Obj; volumeMounts: Obj[]}[]}}}};
    const [container] = broken.spec.template.spec.containers;
    container.securityContext.allowPrivilegeEscalation = true;
    container.securityContext.capabilities = {drop: ['ALL'], add: ['NET_ADMIN']};
    container.volumeMounts = container.volumeMounts.filter((m) => m.mountPath !== dirOf(product.paths.localSocket));
    expect(securityPatchProblems(name, broken as unknown as Obj)).toEqual([
      `${name}: allowPrivilegeEscalation must be false`,
      `${name}: capabilities must drop ALL and add none`,
      `${name}: ${dirOf(product.paths.localSocket)} must stay writable (mount an emptyDir there)`,
    ]);
  });
});

// ---- Docker Compose override ------------------------------------------------------------------------

function composeProblems(name: string, compose: Obj): string[] {
  const problems: string[] = [];
  const services = isObj(compose.services) ? compose.services : {};
  const time = services.time;
  if (!isObj(time)) return [`${name}: services.time is missing`];
  if (Object.keys(services).join() !== 'time') problems.push(`${name}: only the time service is hardened here; found ${Object.keys(services).join(', ')}`);
  if (time.read_only !== true) problems.push(`${name}: services.time.read_only must be true`);
  if (time.user !== `${product.systemUser.uid}:${product.systemUser.uid}`)
    problems.push(`${name}: services.time.user must be ${product.systemUser.uid}:${product.systemUser.uid}`);
  if (JSON.stringify(time.cap_drop) !== '["ALL"]') problems.push(`${name}: services.time.cap_drop must be [ALL]`);
  if (!list(time.security_opt).includes('no-new-privileges:true')) problems.push(`${name}: services.time.security_opt must hold no-new-privileges:true`);
  const tmpfs = list(time.volumes)
    .filter(isObj)
    .filter((v) => v.type === 'tmpfs')
    .map((v) => v.target);
  for (const dir of ['/tmp', dirOf(product.paths.localSocket)]) if (!tmpfs.includes(dir)) problems.push(`${name}: ${dir} needs a tmpfs volume`);
  const row = sizingRow(composeUpToUsers).app;
  if (time.cpus !== row.vcpu || time.mem_limit !== `${row.ramGb}g`)
    problems.push(`${name}: cpus and mem_limit must be the sizing estimate for ${composeUpToUsers} users (${row.vcpu}, ${row.ramGb}g)`);
  if (!Number.isInteger(time.pids_limit)) problems.push(`${name}: services.time.pids_limit must be a number`);
  return problems;
}

describe('docker-compose.hardening.yml', () => {
  const name = 'docker-compose.hardening.yml';
  const compose = parseYaml(name, read(name));

  it('hardens the time service with the user, paths and sizing of data/product.ts', () => {
    expect(composeProblems(name, compose)).toEqual([]);
  });

  it('rejects a broken copy', () => {
    const broken = structuredClone(compose) as {services: {time: Obj}};
    delete broken.services.time.read_only;
    broken.services.time.volumes = [];
    expect(composeProblems(name, broken as unknown as Obj)).toEqual([
      `${name}: services.time.read_only must be true`,
      `${name}: /tmp needs a tmpfs volume`,
      `${name}: ${dirOf(product.paths.localSocket)} needs a tmpfs volume`,
    ]);
  });
});

// ---- sshd drop-in -------------------------------------------------------------------------------

/**
 * Runs `sshd -t` on the drop-in as /etc/ssh/sshd_config includes it, with a host key made for the test.
 * sshd refuses to test without its privilege separation directory, which the ssh service creates at
 * start; the test creates it the same way when it runs as root.
 */
function sshdTest(text: string): {status: number | null; output: string} {
  const dir = tempDir();
  const key = path.join(dir, 'ssh_host_ed25519_key');
  const keygen = runChecker('ssh-keygen', 'openssh-client', ['-q', '-t', 'ed25519', '-N', '', '-f', key]);
  if (keygen.status !== 0) throw new Error(`ssh-keygen could not make a host key: ${keygen.output}`);
  fs.writeFileSync(path.join(dir, '50-hardening.conf'), text);
  fs.writeFileSync(path.join(dir, 'sshd_config'), `Include ${dir}/50-hardening.conf\nHostKey ${key}\n`);
  if (!fs.existsSync('/run/sshd') && os.userInfo().uid === 0) fs.mkdirSync('/run/sshd', {mode: 0o755});
  return runChecker('sshd', 'openssh-server', ['-t', '-f', path.join(dir, 'sshd_config')]);
}

/** What sshd -t cannot see: a keyword set twice (sshd keeps the first) and the three values the page relies on. */
function sshdProblems(name: string, text: string): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const match = /^(\S+)\s+(\S.*)$/.exec(line);
    if (!match) return problems.push(`${name}:${i + 1}: expected "Keyword value"`);
    const [, keyword, value] = match;
    if (seen.has(keyword)) problems.push(`${name}:${i + 1}: ${keyword} is set twice; sshd keeps the first value`);
    else seen.set(keyword, value);
  });
  for (const [keyword, value] of [
    ['PermitRootLogin', 'no'],
    ['PasswordAuthentication', 'no'],
    ['PubkeyAuthentication', 'yes'],
  ]) {
    if (seen.get(keyword) !== value) problems.push(`${name}: ${keyword} must be ${value}`);
  }
  return problems;
}

describe('sshd-hardening.conf', () => {
  const name = 'sshd-hardening.conf';

  it('is accepted by sshd -t, which refuses a misspelt keyword', () => {
    const run = sshdTest(read(name));
    expect(run.status, run.output).toBe(0);
    const broken = sshdTest(read(name).replace('PasswordAuthentication no', 'PasswordAuthentcation no'));
    expect(broken.status).not.toBe(0);
    expect(broken.output).toContain('Bad configuration option: PasswordAuthentcation');
  });

  it('sets each keyword once and turns off root and password sign-in', () => {
    expect(sshdProblems(name, read(name))).toEqual([]);
  });

  it('reports a keyword set twice and a weakened value with their lines', () => {
    const broken = `${read(name)}PermitRootLogin yes\n`.replace('PasswordAuthentication no', 'PasswordAuthentication yes');
    const lines = read(name).split('\n').length;
    expect(sshdProblems(name, broken)).toEqual([
      `${name}:${lines}: PermitRootLogin is set twice; sshd keeps the first value`,
      `${name}: PasswordAuthentication must be no`,
    ]);
  });
});
