/**
 * The monitoring files the portal ships (static/downloads/monitoring/) are judged by the programs
 * that read them: promtool checks the alert rules, runs their unit tests and checks a full
 * prometheus.yml built from the scrape fragment; every PromQL expression of the Grafana dashboard
 * goes through promtool as a generated rules file; blackbox_exporter checks its module. Each checker
 * is also shown a broken copy, so one that accepts anything fails here. Every metric name the rules
 * and the dashboard use must be in data/metrics.ts, and the pages must show that catalogue.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {createElement} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {afterAll, describe, expect, it} from 'vitest';
import YAML from 'yaml';
import {allowedSeriesNames, findMetric, lineagePrefix, metricSources, metrics} from '../../data/metrics';
import MetricsCatalogue from '../../src/components/MetricsCatalogue';
import {type CheckResult, runChecker} from '../support/checkers';

const root = path.resolve(__dirname, '../..');
const dir = path.join(root, 'static/downloads/monitoring');
const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'monitoring-configs-'));
afterAll(() => fs.rmSync(tmp, {recursive: true, force: true}));

/** Writes files into a fresh folder under the test's temp dir and returns the folder. */
function folder(name: string, files: Record<string, string>): string {
  const d = path.join(tmp, name);
  fs.mkdirSync(d, {recursive: true});
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(d, file), text);
  return d;
}

const promtool = (args: string[], cwd: string): CheckResult => runChecker('promtool', 'prometheus', args, {cwd});
const blackbox = (file: string): CheckResult =>
  runChecker('prometheus-blackbox-exporter', 'prometheus-blackbox-exporter', [`--config.file=${file}`, '--config.check']);

/** Replaces `from` in `text`, failing when it is not there, so a broken copy is really broken. */
function breakText(text: string, from: string | RegExp, to: string, file: string): string {
  const out = text.replace(from, to);
  if (out === text) throw new Error(`${file}: the text to break (${from}) is not in the file any more; update the test`);
  return out;
}

const rules = read('time-alerts.yml');
const ruleTests = read('time-alerts.test.yml');
const scrape = read('prometheus-scrape.yml');
const blackboxConfig = read('blackbox.yml');
const dashboardText = read('grafana-dashboard.json');

/** A full minimal prometheus.yml around the shipped fragment, loading the shipped rules. */
function prometheusYml(fragment: string): string {
  const parsed = YAML.parse(fragment) as {scrape_configs?: unknown[]};
  if (!Array.isArray(parsed?.scrape_configs)) throw new Error('prometheus-scrape.yml: no scrape_configs list');
  return YAML.stringify({global: {scrape_interval: '30s', evaluation_interval: '30s'}, rule_files: ['time-alerts.yml'], scrape_configs: parsed.scrape_configs});
}

describe('time-alerts.yml', () => {
  it('passes promtool check rules, and a broken copy does not', () => {
    const ok = promtool(['check', 'rules', 'time-alerts.yml'], folder('rules-ok', {'time-alerts.yml': rules}));
    expect(ok.status, ok.output).toBe(0);
    const broken = breakText(rules, 'expr: up{job="time"} == 0', 'expr: up{job="time"} ==', 'time-alerts.yml');
    const bad = promtool(['check', 'rules', 'time-alerts.yml'], folder('rules-bad', {'time-alerts.yml': broken}));
    expect(bad.status, bad.output).not.toBe(0);
  });

  it('fires as its unit tests expect (promtool test rules), and a changed threshold is caught', () => {
    const ok = promtool(['test', 'rules', 'time-alerts.test.yml'], folder('tests-ok', {'time-alerts.yml': rules, 'time-alerts.test.yml': ruleTests}));
    expect(ok.status, ok.output).toBe(0);
    const loosened = breakText(rules, ') > 0.02', ') > 0.2', 'time-alerts.yml');
    const bad = promtool(['test', 'rules', 'time-alerts.test.yml'], folder('tests-bad', {'time-alerts.yml': loosened, 'time-alerts.test.yml': ruleTests}));
    expect(bad.status, bad.output).not.toBe(0);
  });

  it('tests every alert it defines', () => {
    const defined = [...rules.matchAll(/^\s+- alert: (\S+)/gm)].map((m) => m[1]);
    const tested = new Set([...ruleTests.matchAll(/alertname: (\S+)/g)].map((m) => m[1]));
    expect(defined.length).toBeGreaterThan(10);
    expect(defined.filter((a) => !tested.has(a))).toEqual([]);
  });

  it('still passes promtool after the prefix is rewritten with the sed command the page shows', () => {
    const d = folder('rules-prefix', {
      'time-alerts.yml': rules.replaceAll(lineagePrefix, 'time_'),
      'time-alerts.test.yml': ruleTests.replaceAll(lineagePrefix, 'time_'),
    });
    const test = promtool(['test', 'rules', 'time-alerts.test.yml'], d);
    expect(test.status, test.output).toBe(0);
  });
});

describe('prometheus-scrape.yml', () => {
  it('makes a prometheus.yml that promtool check config accepts, with the rules; a broken one is refused', () => {
    const ok = promtool(['check', 'config', 'prometheus.yml'], folder('config-ok', {'prometheus.yml': prometheusYml(scrape), 'time-alerts.yml': rules}));
    expect(ok.status, ok.output).toBe(0);
    const broken = breakText(scrape, 'scrape_timeout: 10s', 'scrape_timeout: 10 seconds', 'prometheus-scrape.yml');
    const bad = promtool(['check', 'config', 'prometheus.yml'], folder('config-bad', {'prometheus.yml': prometheusYml(broken), 'time-alerts.yml': rules}));
    expect(bad.status, bad.output).not.toBe(0);
  });

  it('defines the jobs the rules and the dashboard select, and probes with a module blackbox.yml has', () => {
    const jobs = YAML.parse(scrape).scrape_configs as {job_name: string; params?: {module?: string[]}}[];
    const names = jobs.map((j) => j.job_name);
    const used = new Set([...`${rules}\n${dashboardText}`.matchAll(/job=\\?"([^"\\]+)\\?"/g)].map((m) => m[1]));
    expect([...used].filter((j) => !names.includes(j))).toEqual([]);
    const modules = Object.keys(YAML.parse(blackboxConfig).modules);
    for (const j of jobs) for (const m of j.params?.module ?? []) expect(modules, `module ${m} of job ${j.job_name}`).toContain(m);
  });
});

describe('blackbox.yml', () => {
  it('passes blackbox_exporter --config.check, and a broken copy does not', () => {
    const ok = blackbox(path.join(folder('blackbox-ok', {'blackbox.yml': blackboxConfig}), 'blackbox.yml'));
    expect(ok.status, ok.output).toBe(0);
    const broken = breakText(blackboxConfig, 'timeout: 10s', 'timeout: ten', 'blackbox.yml');
    const bad = blackbox(path.join(folder('blackbox-bad', {'blackbox.yml': broken}), 'blackbox.yml'));
    expect(bad.status, bad.output).not.toBe(0);
  });
});

/** Grafana's variables, replaced by values PromQL accepts so that promtool can parse the query. */
const GRAFANA_VARIABLES: [RegExp, string][] = [
  [/\$__rate_interval|\$__interval|\$\{__rate_interval\}|\$\{__interval\}/g, '1m'],
  [/\$__range|\$\{__range\}/g, '1h'],
  [/\$\{?instance\}?/g, '.*'],
];

interface DashboardQuery {
  where: string;
  expr: string;
}

/** Every PromQL expression of the dashboard: panel targets, annotation queries and variable queries. */
function dashboardQueries(text: string): DashboardQuery[] {
  const dash = JSON.parse(text);
  const found: DashboardQuery[] = [];
  const walk = (panels: {title?: string; targets?: {expr?: string}[]; panels?: unknown[]}[]) => {
    for (const p of panels) {
      for (const t of p.targets ?? []) if (t.expr) found.push({where: `panel «${p.title}»`, expr: t.expr});
      if (p.panels) walk(p.panels as typeof panels);
    }
  };
  walk(dash.panels ?? []);
  for (const a of dash.annotations?.list ?? []) if (a.expr) found.push({where: `annotation «${a.name}»`, expr: a.expr});
  for (const v of dash.templating?.list ?? []) {
    const q = typeof v.query === 'string' ? v.query : v.query?.query;
    // label_values(<selector>, <label>) is Grafana's, not PromQL: its selector is.
    const selector = /^label_values\((.+),\s*\w+\)$/.exec(q ?? '')?.[1];
    if (selector) found.push({where: `variable ${v.name}`, expr: selector});
  }
  return found;
}

/** The queries as a rules file of recording rules, each with its variables replaced. */
function queriesAsRules(queries: DashboardQuery[]): string {
  const substituted = queries.map((q) => GRAFANA_VARIABLES.reduce((e, [re, value]) => e.replace(re, value), q.expr));
  return YAML.stringify({groups: [{name: 'grafana-dashboard', rules: substituted.map((expr, i) => ({record: `dashboard:query_${i}`, expr}))}]});
}

describe('grafana-dashboard.json', () => {
  const queries = dashboardQueries(dashboardText);

  it('is a dashboard to import: JSON with a Prometheus data source input, a title and a uid', () => {
    const dash = JSON.parse(dashboardText);
    expect(dash.title).toBeTruthy();
    expect(dash.uid).toBeTruthy();
    expect(dash.__inputs.map((i: {pluginId: string}) => i.pluginId)).toContain('prometheus');
    expect(queries.length).toBeGreaterThan(20);
  });

  it('has only queries promtool parses once Grafana variables are substituted, and a broken one is refused', () => {
    const ok = promtool(['check', 'rules', 'dashboard.rules.yml'], folder('dashboard-ok', {'dashboard.rules.yml': queriesAsRules(queries)}));
    expect(ok.status, ok.output).toBe(0);
    const broken = [...queries, {where: 'broken', expr: 'sum by (instance (rate(mattermost_http_requests_total[$__rate_interval]))'}];
    const bad = promtool(['check', 'rules', 'dashboard.rules.yml'], folder('dashboard-bad', {'dashboard.rules.yml': queriesAsRules(broken)}));
    expect(bad.status, bad.output).not.toBe(0);
  });
});

const PROMQL_WORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'offset', 'bool', 'inf', 'nan']);

/** The metric names a PromQL expression reads: identifiers that are not functions, keywords or labels. */
function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names: string[] = [];
  for (const m of bare.matchAll(/(?<![\w:.])[A-Za-z_:][\w:]*/g)) {
    if (PROMQL_WORDS.has(m[0].toLowerCase())) continue;
    if (
      bare
        .slice(m.index! + m[0].length)
        .trimStart()
        .startsWith('(')
    )
      continue;
    names.push(m[0]);
  }
  return names;
}

describe('the metrics catalogue (data/metrics.ts)', () => {
  const ruleExprs = (YAML.parse(rules).groups as {rules: {alert: string; expr: string}[]}[]).flatMap((g) =>
    g.rules.map((r) => ({where: `alert ${r.alert}`, expr: r.expr})),
  );
  const allExprs = [...ruleExprs, ...dashboardQueries(dashboardText)];

  it('finds metric names in PromQL and reports one it does not know', () => {
    expect(
      metricNamesIn(
        'sum by (instance, le) (rate(mattermost_api_time_bucket{job="time", status_code=~"5.."}[5m])) > 1e9 and on (instance) go_goroutines offset 6h',
      ),
    ).toEqual(['mattermost_api_time_bucket', 'go_goroutines']);
    expect(metricNamesIn('label_replace(x_total{a="b"}, "host", "$1", "instance", "(.+):[0-9]+") / time()')).toEqual(['x_total']);
    expect(findMetric('mattermost_not_a_metric_total')).toBeUndefined();
    expect(findMetric('mattermost_api_time_bucket')?.name).toBe('api_time');
  });

  it('lists every metric name the shipped rules and dashboard use', () => {
    const allowed = allowedSeriesNames();
    const unknown = allExprs.flatMap(({where, expr}) =>
      metricNamesIn(expr)
        .filter((n) => !allowed.has(n))
        .map((n) => `${where}: ${n}`),
    );
    expect(unknown).toEqual([]);
  });

  it('has one entry per name, with a meaning and its evidence, and server names without a prefix', () => {
    const names = metrics.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    for (const m of metrics) {
      expect(m.meaning.length, m.name).toBeGreaterThan(10);
      expect(m.evidence.length, m.name).toBeGreaterThan(10);
      expect(m.name.startsWith(lineagePrefix), m.name).toBe(false);
      expect(metricSources[m.source], m.name).toBeDefined();
    }
  });

  it('holds no metric Mattermost added after 7.8 or stopped measuring before it', () => {
    const later = /^(webapp_|mobileapp_|notifications_)|^http_request_duration_seconds$/;
    expect(metrics.filter((m) => later.test(m.name)).map((m) => m.name)).toEqual([]);
    expect(allExprs.filter(({expr}) => /origin_client|http_request_duration_seconds|mattermost_(webapp|mobileapp|notifications)_/.test(expr))).toEqual([]);
  });
});

describe('the pages show the catalogue', () => {
  const pages = {
    monitoring: fs.readFileSync(path.join(root, 'docs/deployment/operations/monitoring.mdx'), 'utf8'),
    metrics: fs.readFileSync(path.join(root, 'docs/administration/settings/monitoring/metrics.md'), 'utf8'),
    performance: fs.readFileSync(path.join(root, 'docs/administration/settings/environment/performance_monitoring.md'), 'utf8'),
  };

  it('renders every catalogue entry in the component the pages use', () => {
    const html = renderToStaticMarkup(createElement(MetricsCatalogue));
    for (const m of metrics) expect(html, m.name).toContain(`<code>${m.name}</code>`);
    expect(() => renderToStaticMarkup(createElement(MetricsCatalogue, {sources: ['nope' as never]}))).toThrow(/unknown source nope/);
  });

  it('imports and places the catalogue on the monitoring guide and the metrics page', () => {
    for (const text of [pages.monitoring, pages.metrics]) {
      expect(text).toMatch(/^import MetricsCatalogue from '@site\/src\/components\/MetricsCatalogue';$/m);
      expect(text).toMatch(/^<MetricsCatalogue\b/m);
    }
  });

  it('shows the shipped files by inclusion and links them for download', () => {
    for (const file of ['prometheus-scrape.yml', 'time-alerts.yml', 'time-alerts.test.yml', 'grafana-dashboard.json', 'blackbox.yml']) {
      expect(pages.monitoring, file).toContain(`(pathname:///downloads/monitoring/${file})`);
    }
    for (const file of ['prometheus-scrape.yml', 'time-alerts.yml', 'blackbox.yml'])
      expect(pages.monitoring, file).toContain(`file=<rootDir>/static/downloads/monitoring/${file}`);
  });

  it('name only catalogued metrics where they spell out a lineage name', () => {
    const allowed = allowedSeriesNames();
    for (const [page, text] of Object.entries(pages)) {
      const used = [...text.matchAll(/\bmattermost_[a-z0-9_]+/g)].map((m) => m[0]).filter((n) => n !== lineagePrefix);
      expect(
        used.filter((n) => !allowed.has(n)),
        page,
      ).toEqual([]);
    }
  });
});
