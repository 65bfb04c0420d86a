import fs from 'node:fs';
import path from 'node:path';
import {createElement} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import YAML from 'yaml';
import {announcementBar} from '../../config/announcement';
import {clusterFromUsers, composeUpToUsers, databaseDiskGb, product, sizing, sizingRow} from '../../data/product';
import {SizingTable, formatGb} from '../../src/components/Sizing';
import {listDocFiles} from '../../plugins/content-check/rules';
import {searchStrings} from '../../src/search/strings';

const docs = path.resolve(__dirname, '../../docs');
const pages = listDocFiles(docs).map((file) => ({file: path.relative(docs, file), text: fs.readFileSync(file, 'utf8')}));

/** The text of a page as readers see it in prose: no front matter, imports, code blocks or inline code. */
function prose(text: string): string {
  return text
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/^import .*$/gm, '')
    .replace(/^([ \t]*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?\n\1\2[ \t]*$/gm, '')
    .replace(/`[^`\n]*`/g, '');
}

const page = (file: string) => {
  const found = pages.find((p) => p.file === file);
  if (!found) throw new Error(`facts.test.ts: no page docs/${file}`);
  return found.text;
};

/** Every occurrence of a pattern across the docs, with the page it is on. */
function occurrences(pattern: RegExp) {
  return pages.flatMap(({file, text}) => [...text.matchAll(pattern)].map((m) => ({file, match: m})));
}

describe('pages agree with data/product.ts', () => {
  it('name one minimum nginx version, new enough for the `http2 on;` the configurations use', () => {
    const [major, minor, patch] = product.supported.nginx.split('.').map(Number);
    expect(major * 10000 + minor * 100 + (patch ?? 0)).toBeGreaterThanOrEqual(12501);
    expect(occurrences(/http2 on;/g).length).toBeGreaterThan(0);
    const minimums = occurrences(/nginx[ \u00a0](\d+\.\d+(?:\.\d+)?)[ \u00a0](?:или|и)[ \u00a0]нове/g).map(({file, match}) => `${file}: ${match[1]}`);
    expect(minimums.length).toBeGreaterThan(0);
    expect(minimums.filter((m) => !m.endsWith(`: ${product.supported.nginx}`))).toEqual([]);
  });

  it('name only the documented release in server image tags', () => {
    const allowed = new Set<string>([product.release.current]);
    const tags = occurrences(new RegExp(`${product.images.server.replace(/\./g, '\\.')}:(\\d+\\.\\d+\\.\\d+)`, 'g'));
    expect(tags.length).toBeGreaterThan(0);
    const wrong = tags.filter(({match}) => !allowed.has(match[1])).map(({file, match}) => `${file}: ${match[0]}`);
    expect(wrong).toEqual([]);
  });

  it('show the version real servers report wherever a page quotes a server version', () => {
    // Version reports, payloads, `.env` lines, Kustomize tags and `timectl` output: each names the running server.
    const shown = occurrences(
      /(?:"server_version":\s*"|APP_VERSION=|newTag:\s*"?|X-Version-Id:\s*|(?:Server version|Database schema|Server):\s+|\bTime[ \u00a0/])(\d+\.\d+(?:\.\d+)?)/g,
    );
    expect(shown.length).toBeGreaterThan(0);
    const current = product.release.current.split('.').slice(0, 2).join('.');
    const wrong = shown.filter(({match}) => !`${match[1]}.`.startsWith(`${current}.`)).map(({file, match}) => `${file}: ${match[0]}`);
    expect(wrong).toEqual([]);
  });

  it('name no earlier Time release: no public source gives one', () => {
    const claims = occurrences(/(?:выпуск\p{L}*|релиз\p{L}*|лини\p{L}*|версии)[ \u00a0](?:с[ \u00a0])?5\.\d+/giu).map(
      ({file, match}) => `${file}: ${match[0]}`,
    );
    expect(claims).toEqual([]);
    expect(announcementBar.content).toContain(`Time ${product.release.current.split('.').slice(0, 2).join('.')}`);
    expect(announcementBar.content).not.toMatch(/\b5\.\d/);
  });

  it('use the documented default ports for Time', () => {
    const wrong = occurrences(/(?:ListenAddress|LISTENADDRESS)["']?\s*[:=]\s*["']?:(\d+)/g)
      .filter(({match}) => ![product.ports.http, product.ports.metrics].includes(Number(match[1]) as 8065))
      .map(({file, match}) => `${file}: ${match[0]}`);
    expect(wrong).toEqual([]);
    expect(occurrences(/\b8065\b/g).length).toBeGreaterThan(0);
    expect(occurrences(/\b8074\b/g).length).toBeGreaterThan(0);
  });

  it('give the one example site URL wherever SiteURL is set', () => {
    const values = occurrences(/(?:SiteURL|SITEURL)["']?\s*[:=]\s*["']?(https?:\/\/[^\s"',]+)/g);
    expect(values.length).toBeGreaterThan(0);
    // A template (${DOMAIN}) or a staging sub-domain of the example host is fine; another host is not.
    const ok = (url: string) =>
      url.includes('${') || new URL(url).hostname === product.exampleHost || new URL(url).hostname.endsWith(`.${product.exampleHost}`);
    const wrong = values.filter(({match}) => !ok(match[1].replace(/\/$/, ''))).map(({file, match}) => `${file}: ${match[0]}`);
    expect(wrong).toEqual([]);
  });
});

describe('Russian interface strings', () => {
  it('translate every theme and plugin string we override into Russian', () => {
    const code = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../i18n/ru/code.json'), 'utf8')) as Record<string, {message: string}>;
    const english = Object.entries(code)
      .filter(([, v]) => !/[а-яё]/i.test(v.message))
      .map(([k]) => k);
    expect(english).toEqual([]);
    for (const id of ['theme.NavBar.navAriaLabel', 'theme.docs.sidebar.navAriaLabel']) {
      expect(code[id]?.message, id).toBeTruthy();
    }
  });

  it('give every text of the search interface in Russian', () => {
    for (const [key, value] of Object.entries(searchStrings)) {
      const text = typeof value === 'function' ? (value as (x: string) => string)('docker') : value;
      expect(text, key).toMatch(/^[^a-z]*[А-ЯЁ]/);
    }
  });
});

describe('sizing estimates come from data/product.ts', () => {
  it('keep the table consistent with its own assumptions', () => {
    const users = sizing.rows.map((r) => r.users);
    expect(users).toEqual([...users].sort((a, b) => a - b));
    for (const row of sizing.rows) {
      expect(row.online, `${row.users}`).toBe(row.users * sizing.assumptions.onlineShare);
      // The database column is the capacity page's formula rounded up, never below it.
      expect(row.db.diskGb, `${row.users}`).toBeGreaterThanOrEqual(databaseDiskGb(row.users));
    }
    expect(composeUpToUsers).toBeLessThan(clusterFromUsers);
    expect(() => sizingRow(777)).toThrow(/data\/product\.ts: no sizing row for 777 users/);
  });

  it('render the capacity tables from the data, with Elasticsearch and without Redis', () => {
    const summary = renderToStaticMarkup(createElement(SizingTable, {table: 'summary'}));
    expect(summary.match(/<tr>/g)).toHaveLength(sizing.rows.length + 1);
    // Like Markdown tables (rehype-a11y), a wide table scrolls in a focusable, labelled region.
    expect(summary).toMatch(/^<div class="table-scroll" tabindex="0" role="region" aria-label="Таблица: Пользователей"><table>/);
    expect(summary).toContain('Elasticsearch');
    expect(summary).not.toMatch(/Redis|OpenSearch/);
    expect(renderToStaticMarkup(createElement(SizingTable, {table: 'database'}))).toContain('2,5\u00A0ТБ');
    expect(() => renderToStaticMarkup(createElement(SizingTable, {table: 'redis' as 'summary'}))).toThrow(/unknown table "redis"/);
    expect(formatGb(1200)).toBe('1,2\u00A0ТБ');
    expect(formatGb(50)).toBe('50\u00A0ГБ');
  });

  it('show every sizing table of the capacity page through the component, labelled as an estimate with how to measure', () => {
    const text = page('deployment/install/capacity.md');
    for (const table of ['summary', 'app', 'database', 'files', 'search', 'network']) {
      expect(text, table).toContain(`<SizingTable table="${table}" />`);
    }
    // A hand-written sizing row starts with a user count; the component writes those rows now.
    expect(text.match(/^\| (?:до )?\d[\d \u00a0]* \|/gm) ?? []).toEqual([]);
    expect(prose(text)).toMatch(/не взято у поставщика/);
    for (const how of ['pg_database_size', 'du -sh', '/metrics', 'прирост за месяц']) expect(text, how).toContain(how);
  });

  it('quote sizes on other pages from the data, not as typed numbers', () => {
    for (const file of ['deployment/install/docker-compose.md', 'deployment/install/k8s-kustomize.md', 'deployment/index.md', 'faq.md']) {
      const typed =
        prose(page(file)).match(/\d+(?:[,.]\d+)?[ \u00a0](?:vCPU|ГБ ОЗУ|ГБ на диске)|(?:до|от) \d[ \u00a0]?\d{3}(?:–\d[ \u00a0]?\d{3})? пользовател/g) ?? [];
      expect(typed, file).toEqual([]);
    }
    expect(page('deployment/install/docker-compose.md')).toContain('singleServer(500)');
  });

  it('size the Kubernetes manifests by the rows they name', () => {
    const text = page('deployment/install/k8s-kustomize.md');
    const block = (title: string) => {
      const m = text.match(new RegExp('```yaml title="' + title.replace(/[/.]/g, '\\$&') + '"\\n([\\s\\S]*?)\\n```'));
      if (!m) throw new Error(`k8s-kustomize.md: no YAML block titled ${title}`);
      return YAML.parse(m[1]);
    };
    const asRow = (r: {requests: {cpu: string; memory: string}; limits: {cpu: string; memory: string}}) => ({
      cpu: Number(r.requests.cpu),
      memoryGb: Number(r.requests.memory.replace(/Gi$/, '')),
      limitCpu: Number(r.limits.cpu),
      limitGb: Number(r.limits.memory.replace(/Gi$/, '')),
    });
    const expected = (users: number) => {
      const {app} = sizingRow(users);
      return {cpu: app.vcpu, memoryGb: app.ramGb, limitCpu: app.vcpu, limitGb: app.ramGb};
    };
    const base = block('time-k8s/base/deployment.yaml');
    expect(asRow(base.spec.template.spec.containers[0].resources)).toEqual(expected(sizing.kubernetes.base));
    const production = block('time-k8s/overlays/production/kustomization.yaml');
    const patch = YAML.parse(production.patches[0].patch);
    expect(asRow(patch.spec.template.spec.containers[0].resources)).toEqual(expected(sizing.kubernetes.production));
    const nodes = sizingRow(sizing.kubernetes.production).app.nodes;
    const [min, max] = typeof nodes === 'number' ? [nodes, nodes] : nodes;
    expect(production.replicas[0].count).toBeGreaterThanOrEqual(min);
    expect(production.replicas[0].count).toBeLessThanOrEqual(max);
    expect(text).not.toMatch(/1–2 тысячи пользователей в сети на одну реплику/);
  });
});

describe('components that Time 7.8 does not have', () => {
  // The lineage has no shared cache: CacheSettings arrived in later Mattermost releases, and Elasticsearch 8
  // and OpenSearch (ElasticsearchSettings.Backend) only in Mattermost 9.11.
  const platformPages = pages.filter(
    ({file}) =>
      /^(deployment|license)\//.test(file) ||
      ['faq.md', 'index.mdx', 'administration/index.md', 'administration/settings/environment/high_availability.md'].includes(file),
  );

  it('leave Redis out of the product facts and of every page that describes the platform', () => {
    expect(Object.keys(product.ports)).not.toContain('redis');
    expect(Object.keys(product.supported)).not.toContain('redis');
    expect(platformPages.length).toBeGreaterThan(15);
    const wrong = platformPages.flatMap(({file, text}) => (/redis|CacheSettings|\b6379\b/i.test(text) ? [file] : []));
    expect(wrong).toEqual([]);
  });

  it('name Elasticsearch 7.17 as the only search engine', () => {
    expect(product.supported.elasticsearch).toBe('7.17');
    expect(Object.keys(product.supported)).not.toContain('opensearch');
    const wrong = platformPages.flatMap(({file, text}) => (/OpenSearch|Elasticsearch[ \u00a0]8/.test(text) ? [file] : []));
    expect(wrong).toEqual([]);
  });

  it('list in the licence notes only Go modules the 7.8 server is built from', () => {
    const text = page('license/licences.md');
    for (const absent of ['go.uber.org/zap', 'jackc/pgx', 'Masterminds/squirrel', 'go-redis']) expect(text, absent).not.toContain(absent);
    for (const present of ['github.com/lib/pq', 'github.com/mattermost/squirrel', 'github.com/mattermost/logr/v2', 'github.com/minio/minio-go']) {
      expect(text, present).toContain(present);
    }
  });
});

describe('one console path to the licence', () => {
  it("is the lineage console's About section and its Edition and License page", () => {
    expect(product.console.licence).toBe(`${product.console.about} → Редакция и лицензия`);
    expect(product.console.about).toBe('Системная консоль → О системе');
  });

  it('is written the same way on every page', () => {
    expect(occurrences(/О продукте/g).map(({file}) => file)).toEqual([]);
    const paths = occurrences(/\*\*(Системн\p{L}+ консол\p{L}+ → О [^*]+)\*\*/gu).map(({file, match}) => ({
      file,
      path: match[1].replace(/^Системной консоли/, 'Системная консоль'),
    }));
    const allowed = new Set<string>([product.console.about, product.console.licence]);
    expect(paths.filter(({path: p}) => !allowed.has(p)).map(({file, path: p}) => `${file}: ${p}`)).toEqual([]);
    // Pages quote the path from data/product.ts; each of them must import it, or MDX fails on the name.
    const quoting = pages.filter(({text}) => /\{product\.console\.(?:licence|about)\}/.test(text));
    expect(quoting.length).toBeGreaterThan(5);
    expect(quoting.filter(({text}) => !text.includes("from '@site/data/product'")).map(({file}) => file)).toEqual([]);
  });
});

describe('Kubernetes terms', () => {
  it('call probes «проверки» and never «зонды» or «пробы»', () => {
    expect(occurrences(/зонд\p{L}*/giu).map(({file, match}) => `${file}: ${match[0]}`)).toEqual([]);
    const wrong = pages
      .filter(({text}) => /(?:liveness|readiness|startup)Probe/.test(text))
      .flatMap(({file, text}) => [...prose(text).matchAll(/(?<!\p{L})проб(?:а|ы|у|ой|е|ам|ами|ах)(?!\p{L})/giu)].map((m) => `${file}: ${m[0]}`));
    expect(wrong).toEqual([]);
  });

  it('call a Kustomize overlay «оверлей» and give the English term at its first use on a page', () => {
    expect(occurrences(/наложени\p{L}*/giu).map(({file, match}) => `${file}: ${match[0]}`)).toEqual([]);
    const kustomizePages = pages.filter(({text}) => /Kustomize|kustomization\.yaml/.test(text));
    expect(kustomizePages.length).toBeGreaterThan(3);
    const wrong = kustomizePages.flatMap(({file, text}) => {
      const body = prose(text);
      const bare = [...body.matchAll(/(?<!\()\boverlay\b/g)].map(() => `${file}: "overlay" used as a Russian word`);
      const first = body.search(/оверле/i);
      const explained = first < 0 || /^оверле\p{L}*[ \u00a0]\(overlay\)/u.test(body.slice(first));
      return explained ? bare : [...bare, `${file}: first «оверлей» without "(overlay)"`];
    });
    expect(wrong).toEqual([]);
  });
});

describe('vendor addresses and server output', () => {
  it('give no invented vendor host: the reader reads the address from their own server', () => {
    expect(occurrences(/push-(?:msk|spb)\.|notices\.time-messenger\.ru/g).map(({file, match}) => `${file}: ${match[0]}`)).toEqual([]);
    const hosts = occurrences(/[a-z0-9-]+\.time\.example\.ru/g).map(({match}) => match[0]);
    expect(new Set(hosts)).toEqual(new Set(['registry.time.example.ru', 'staging.time.example.ru']));
    expect(page('administration/settings/environment/push_notification_server.md')).toContain('timectl config get EmailSettings.PushNotificationServer');
    expect(page('administration/settings/site_config/notices.md')).toMatch(/NOTICES_URL=\$\(.*timectl config get AnnouncementSettings\.NoticesURL/);
  });

  it('call registry.time.example.ru a stand-in on each installation page that names it', () => {
    const wrong = pages
      .filter(({file, text}) => file.startsWith('deployment/install/') && text.includes('registry.time.example.ru'))
      .filter(({text}) => !/настоящий адрес реестра поставщик передаёт вместе с лицензией/.test(text))
      .map(({file}) => file);
    expect(wrong).toEqual([]);
  });

  it('show ping and cluster status with the fields Mattermost 7.8 sends (api4/system.go, model/cluster_info.go)', () => {
    const installation = pages.filter(({file}) => file.startsWith('deployment/install/') || ['faq.md', 'administration/first-enter.md'].includes(file));
    expect(installation.flatMap(({file, text}) => (/ActiveSearchBackend|schema_version/.test(text) ? [file] : []))).toEqual([]);
    expect(page('deployment/install/docker-compose.md')).toContain(
      '{"AndroidLatestVersion":"","AndroidMinVersion":"","IosLatestVersion":"","IosMinVersion":"","status":"OK"}',
    );
  });

  it('name cluster events as the 7.8 code spells them, and quote no log line the code does not write', () => {
    expect(
      occurrences(/invalidate_cache_for_\w+|invalidate_all_caches|clear_session_cache_for_user|config_changed/g).map(({file, match}) => `${file}: ${match[0]}`),
    ).toEqual([]);
    expect(page('deployment/install/gossip.md')).toContain('`inv_all_caches`');
    const invented = /memberlist: (?:Suspect|Failed to join)|response returned error code/g;
    const mine = pages.filter(
      ({file}) =>
        /^(deployment\/install|license)\//.test(file) ||
        ['faq.md', 'administration/settings/environment/push_notification_server.md', 'administration/settings/site_config/notices.md'].includes(file),
    );
    expect(mine.flatMap(({file, text}) => [...text.matchAll(invented)].map((m) => `${file}: ${m[0]}`))).toEqual([]);
  });
});

describe('settings as the 7.8 server reads them', () => {
  it('offer for ServiceSettings.TLSMinVer only the values the server tells apart (1.0 and 1.1; anything else is TLS 1.2)', () => {
    const file = path.resolve(__dirname, '../../data/settings/environment/web_server.yaml');
    const doc = YAML.parse(fs.readFileSync(file, 'utf8')) as {sections: {settings: {key: string; values?: string[]}[]}[]};
    const setting = doc.sections.flatMap((s) => s.settings).find((s) => s.key === 'ServiceSettings.TLSMinVer');
    expect(setting?.values).toEqual(['1.0', '1.1', '1.2']);
    const claims = occurrences(/TLSMinVer[^\n]{0,80}1\.3[^\n]{0,60}/g).filter(({match}) => !/1\.3[^\n]{0,40}(TLS 1\.2|1\.2)/.test(match[0]));
    expect(claims.map(({file}) => file)).toEqual([]);
  });
});

describe('metrics as the 7.8 server exports them', () => {
  it('name the process metrics with the server prefix, as the lineage exports them', () => {
    const bare = occurrences(/(?<![\w…])process_(cpu_seconds_total|open_fds|max_fds|resident_memory_bytes|start_time_seconds)\b/g);
    expect(bare.map(({file, match}) => `${file}: ${match[0]}`)).toEqual([]);
  });

  it('query API latency from api_time: the server stopped measuring http_request_duration_seconds long before 7.8', () => {
    const stale = occurrences(/\w*http_request_duration_seconds_(bucket|count|sum)/g);
    expect(stale.map(({file, match}) => `${file}: ${match[0]}`)).toEqual([]);
  });
});
