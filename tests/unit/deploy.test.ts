import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {describe, expect, it} from 'vitest';

const deploy = path.resolve(__dirname, '../../deploy');
const readYaml = (file: string) => YAML.parse(fs.readFileSync(file, 'utf8'));

interface EnvVar {
  name: string;
  value: string;
}

interface Container {
  ports: {name: string; containerPort: number}[];
  env?: EnvVar[];
  readinessProbe: {httpGet: {port: string}};
}

/** The fields of a Deployment, Service or Ingress that the checks below read. */
interface Resource {
  kind: string;
  metadata: {name: string; annotations?: Record<string, string>};
  spec: {
    template: {spec: {containers: Container[]}};
    ports: {targetPort: string}[];
    rules: {http: {paths: {backend: {service: unknown}}[]}}[];
  };
}

/** Resolves a Kustomization's resources recursively, the way `kubectl kustomize` reads them. */
function collect(dir: string): Resource[] {
  const kustomization = readYaml(path.join(dir, 'kustomization.yaml'));
  const out: Resource[] = [];
  for (const resource of kustomization.resources ?? []) {
    const target = path.join(dir, resource);
    expect(fs.existsSync(target), `${path.relative(deploy, dir)} lists ${resource}, which does not exist`).toBe(true);
    if (fs.statSync(target).isDirectory()) out.push(...collect(target));
    else out.push(...YAML.parseAllDocuments(fs.readFileSync(target, 'utf8')).map((d) => d.toJS()));
  }
  for (const patch of kustomization.patches ?? []) {
    expect(fs.existsSync(path.join(dir, patch.path)), `patch ${patch.path} is missing`).toBe(true);
  }
  return out;
}

describe('Kubernetes manifests', () => {
  const base = collect(path.join(deploy, 'k8s/base'));
  const production = collect(path.join(deploy, 'k8s/overlays/production'));

  it('the base has a Deployment and a Service', () => {
    expect(base.map((r) => r.kind).sort()).toEqual(['Deployment', 'Service']);
  });

  it('the production overlay adds a namespace and an ingress on top of the base', () => {
    expect(production.map((r) => r.kind).sort()).toEqual(['Deployment', 'Ingress', 'Namespace', 'Service']);
  });

  it('the Service targets the container port that nginx listens on', () => {
    const deployment = base.find((r) => r.kind === 'Deployment')!;
    const container = deployment.spec.template.spec.containers[0];
    const port = container.ports.find((p) => p.name === 'http');
    const env = Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value]));
    expect(Number(env.PORT)).toBe(port?.containerPort);
    const service = base.find((r) => r.kind === 'Service')!;
    expect(service.spec.ports[0].targetPort).toBe('http');
    expect(container.readinessProbe.httpGet.port).toBe('http');
  });

  it('the overlay changes no header: nothing the Ingress adds can diverge from deploy/nginx', () => {
    const ingress = production.find((r) => r.kind === 'Ingress')!;
    const annotations = Object.keys(ingress.metadata.annotations ?? {});
    // Snippets, custom headers and CORS are the ingress-nginx annotations that add or change headers.
    expect(annotations.filter((name) => /snippet|header|cors|hsts/i.test(name))).toEqual([]);
    expect(production.map((r) => r.kind)).not.toContain('ConfigMap');
    // The container's environment never moves where the image reads its config and site from.
    const container = production.find((r) => r.kind === 'Deployment')!.spec.template.spec.containers[0];
    const names: string[] = (container.env ?? []).map((e) => e.name);
    expect(names.filter((name) => ['DOCROOT', 'CONF_DIR'].includes(name) || name.startsWith('NGINX_'))).toEqual([]);
  });

  it('the production overlay shows the try-it origins setting, with a value nginx accepts', async () => {
    const {tryItOrigins} = await import('../../scripts/lib/nginx');
    const patch = readYaml(path.join(deploy, 'k8s/overlays/production/try-it-origins.yaml'));
    const env = patch.spec.template.spec.containers[0].env.find((e: EnvVar) => e.name === 'TRY_IT_ORIGINS');
    expect(tryItOrigins(env.value)).toBe(env.value);
    expect(readYaml(path.join(deploy, 'k8s/overlays/production/kustomization.yaml')).patches).toContainEqual({path: 'try-it-origins.yaml'});
  });

  it('the Ingress points at the Service by name and port name', () => {
    const ingress = production.find((r) => r.kind === 'Ingress')!;
    const backend = ingress.spec.rules[0].http.paths[0].backend.service;
    expect(backend).toEqual({name: 'time-docs', port: {name: 'http'}});
  });
});

describe('Dockerfile', () => {
  const dockerfile = fs.readFileSync(path.join(deploy, 'Dockerfile'), 'utf8');

  it('builds with Node and serves with nginx using the same config files as the tests', () => {
    expect(dockerfile).toMatch(/^FROM node:20[^\n]* AS build$/m);
    expect(dockerfile).toMatch(/^FROM nginx:/m);
    expect(dockerfile).toContain('RUN npm ci');
    expect(dockerfile).toContain('RUN npm run build');
  });

  it('copies deploy/nginx whole into CONF_DIR, reads the template from there, and changes nothing else in /etc/nginx', () => {
    const serveStage = dockerfile.slice(dockerfile.search(/^FROM nginx:/m));
    const env = (name: string) => new RegExp(`\\b${name}=(\\S+)`).exec(serveStage)?.[1];
    const confDir = env('CONF_DIR');
    expect(confDir).toMatch(/^\/etc\/nginx\//);
    // The image's envsubst step reads its templates from NGINX_ENVSUBST_TEMPLATE_DIR.
    expect(env('NGINX_ENVSUBST_TEMPLATE_DIR')).toBe(confDir);
    const copies = [...serveStage.matchAll(/^COPY (?!--from)(\S+) (\S+)$/gm)].map(([, from, to]) => [from, to]);
    expect(copies).toEqual([['deploy/nginx/', `${confDir}/`]]);
    expect(serveStage.match(/^RUN .*$/gm)).toEqual(['RUN rm -f /etc/nginx/conf.d/default.conf && rm -rf /usr/share/nginx/html/*']);
    // Every file the template includes from CONF_DIR is in deploy/nginx, so it is in the image too.
    const template = fs.readFileSync(path.join(deploy, 'nginx/time-docs.conf.template'), 'utf8');
    const included = [...template.matchAll(/include \$\{CONF_DIR\}\/([^;]+);/g)].map((m) => m[1]);
    expect(included).toEqual(expect.arrayContaining(['security-headers.conf', 'mime.types']));
    for (const file of included) expect(fs.existsSync(path.join(deploy, 'nginx', file)), file).toBe(true);
  });

  it('gives the build stage what the build needs: Chromium (diagrams, PDFs), nginx (PDFs) and git with the history (update dates)', () => {
    const buildStage = dockerfile.slice(0, dockerfile.search(/^FROM nginx:/m));
    const install = /apt-get install[^\n]*(?:\\\n[^\n]*)*/.exec(buildStage)?.[0] ?? '';
    for (const pkg of ['chromium', 'nginx', 'git']) expect(install, pkg).toMatch(new RegExp(`\\s${pkg}(\\s|$)`));
    const ignored = fs
      .readFileSync(path.resolve(deploy, '../.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim());
    expect(ignored).not.toContain('.git');
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'build']));
  });

  it('sets every placeholder the nginx template uses', () => {
    const template = fs.readFileSync(path.join(deploy, 'nginx/time-docs.conf.template'), 'utf8');
    const used = new Set([...template.matchAll(/\$\{([A-Z_]+)\}/g)].map((m) => m[1]));
    for (const name of used) expect(dockerfile, `ENV ${name} missing`).toMatch(new RegExp(`\\b${name}=`));
  });
});
