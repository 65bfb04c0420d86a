/**
 * The metrics the portal relies on: every name a page, the shipped alert rules
 * (static/downloads/monitoring/time-alerts.yml) or the shipped Grafana dashboard uses is listed here,
 * and tests/unit/monitoring-configs.test.ts fails on a name that is not.
 *
 * Time's server metrics and its process metrics carry the build's prefix. Time's own prefix is not
 * public, so names are kept without it and the shipped files use the lineage's prefix, `mattermost_`:
 * a reader whose node shows another one rewrites the files with one sed command (the monitoring page
 * shows it). Go runtime metrics and the exporters' metrics have no prefix of the server.
 *
 * What Mattermost 7.8 exports: its documentation of that release (source/scale/performance-monitoring.rst
 * in mattermost/docs at the «v7.8 Documentation» commit 573f7e5061) checked against the 7.8 server code
 * (einterfaces/metrics.go and the callers it names below). Metrics added after 7.8 (client metrics of the
 * web and mobile apps, notification metrics, the `origin_client` label) are deliberately absent;
 * `http_request_duration_seconds`, still in the 7.8 docs, is absent too: the server stopped measuring it
 * in 2020 (commit 624980ff5, «Remove HttpRequestsDuration bucket») in favour of `api_time`.
 */

/** Who exports a metric. Only `server` and `process` names carry the server's prefix. */
export type MetricSource = 'server' | 'process' | 'go' | 'prometheus' | 'blackbox' | 'postgres' | 'node';

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary';

export interface Metric {
  /** The name without the server's prefix (`api_time`), or the full name for other sources. */
  name: string;
  source: MetricSource;
  type: MetricType;
  /** Label names besides `job` and `instance`, which Prometheus adds to every series. */
  labels: readonly string[];
  /** Where the label names are not public, what a reader checks instead (shown on the page). */
  labelsNote?: string;
  /** What the value means, in Russian, for the pages. */
  meaning: string;
  /** Where the name, type and labels come from (for maintainers; not shown). */
  evidence: string;
}

/** The prefix of server and process metrics in Time's lineage, which the shipped files use. */
export const lineagePrefix = 'mattermost_';

/** Who exports each source, as the pages name it. */
export const metricSources: Record<MetricSource, {title: string; prefixed: boolean}> = {
  server: {title: 'сервер Time', prefixed: true},
  process: {title: 'сервер Time, метрики процесса', prefixed: true},
  go: {title: 'сервер Time, среда Go', prefixed: false},
  prometheus: {title: 'Prometheus', prefixed: false},
  blackbox: {title: 'blackbox_exporter', prefixed: false},
  postgres: {title: 'postgres_exporter', prefixed: false},
  node: {title: 'node_exporter', prefixed: false},
};

const docs78 = 'Mattermost 7.8 docs, source/scale/performance-monitoring.rst (mattermost/docs 573f7e5061)';

export const metrics: readonly Metric[] = [
  {
    name: 'api_time',
    source: 'server',
    type: 'histogram',
    labels: ['handler', 'method', 'status_code'],
    meaning: 'Время обработки запроса к API в секундах — по обработчику, методу HTTP и коду ответа. Подключения к `/api/v4/websocket` не учитываются. Основа оповещений о доле ответов 5xx и о времени ответа.',
    evidence: `${docs78} «API metrics»; web/handlers.go:399-411 at ad93c10bb (ObserveAPIEndpointDuration(endpoint, r.Method, statusCode, elapsed), websocket excluded); label names handler and status_code as queried by mattermost/mattermost-load-test-ng (coordinator/performance/report, config/coordinator.sample.json)`,
  },
  {
    name: 'http_requests_total',
    source: 'server',
    type: 'counter',
    labels: [],
    meaning: 'Число запросов, прошедших через обработчики API и веб-приложения, с момента запуска процесса.',
    evidence: `${docs78} «HTTP metrics»; web/handlers.go:399-400 at ad93c10bb (IncrementHTTPRequest, no labels)`,
  },
  {
    name: 'http_errors_total',
    source: 'server',
    type: 'counter',
    labels: [],
    meaning: 'Число запросов, обработчик которых вернул ошибку, — и 4xx (нет прав, не найдено), и 5xx. Поэтому для оповещений о сбоях сервера используется `api_time` с меткой `status_code`.',
    evidence: `${docs78} «HTTP metrics»; web/handlers.go:393-395 at ad93c10bb (IncrementHTTPError whenever c.Err is set, whatever the status)`,
  },
  {
    name: 'http_websockets_total',
    source: 'server',
    type: 'gauge',
    labels: [],
    meaning: 'Число WebSocket-подключений к этому узлу сейчас. Несмотря на окончание `_total`, это текущее значение, а не счётчик.',
    evidence: `${docs78} «Login and session metrics» (the origin_client label came in 9.9, after 7.8); gauge as the 7.8-era dashboards in build/docker/grafana at ad93c10bb plot it without rate()`,
  },
  {
    name: 'db_master_connections_total',
    source: 'server',
    type: 'gauge',
    labels: [],
    meaning: 'Число соединений узла с основным сервером PostgreSQL сейчас. Не превышает `SqlSettings.MaxOpenConns`.',
    evidence: `${docs78} «Database metrics»; gauge as the 7.8-era dashboards in build/docker/grafana at ad93c10bb plot it without rate(); store/sqlstore/store.go:305 at ad93c10bb registers the master pool`,
  },
  {
    name: 'db_read_replica_connections_total',
    source: 'server',
    type: 'gauge',
    labels: [],
    meaning: 'Число соединений узла с репликами чтения PostgreSQL сейчас (есть, если заданы `SqlSettings.DataSourceReplicas`).',
    evidence: `${docs78} «Database metrics»; store/sqlstore/store.go:319 at ad93c10bb`,
  },
  {
    name: 'db_store_time',
    source: 'server',
    type: 'histogram',
    labels: ['method', 'success'],
    meaning: 'Время выполнения метода слоя хранения (запроса к базе) в секундах, по имени метода и успеху. Показывает, какие запросы к базе тормозят.',
    evidence: `${docs78} «Database metrics»; einterfaces/metrics.go at ad93c10bb (ObserveStoreMethodDuration(method, success string, elapsed)); label method as queried by mattermost/mattermost-load-test-ng coordinator/performance/report`,
  },
  {
    name: 'post_total',
    source: 'server',
    type: 'counter',
    labels: [],
    meaning: 'Число созданных сообщений, включая сообщения вебхуков и ботов.',
    evidence: `${docs78} «Mattermost Channels metrics»; app/post.go:337-339 at ad93c10bb (IncrementPostCreate)`,
  },
  {
    name: 'login_logins_total',
    source: 'server',
    type: 'counter',
    labels: [],
    meaning: 'Число успешных входов по паролю, в том числе через LDAP. Входы через SAML и OpenID Connect сюда не попадают.',
    evidence: `${docs78} «Login and session metrics»; app/login.go:46-55 at ad93c10bb (AuthenticateUserForLogin only)`,
  },
  {
    name: 'login_logins_fail_total',
    source: 'server',
    type: 'counter',
    labels: [],
    meaning: 'Число неудачных попыток входа по паролю или через LDAP. Всплеск — повод заглянуть в журнал: подбор паролей или недоступный сервер LDAP.',
    evidence: `${docs78} «Login and session metrics»; app/login.go:46-55 at ad93c10bb`,
  },
  {
    name: 'jobs_active',
    source: 'server',
    type: 'gauge',
    labels: [],
    labelsNote: 'один ряд на тип задания; имя метки с типом публичные источники не называют — посмотрите его в выводе `/metrics`',
    meaning: 'Число заданий, которые сейчас выполняет этот узел: растёт, когда узел берёт задание, и уменьшается, когда задание завершилось, упало или отменено.',
    evidence: `${docs78} «Debugging metrics»; jobs/jobs.go:63-170 at ad93c10bb (IncrementJobActive(job.Type) on claim, DecrementJobActive on success, error, cancel, pending); added in commit f8caa6c84 (2021), before 7.8`,
  },
  {
    name: 'system_server_start_time',
    source: 'server',
    type: 'gauge',
    labels: [],
    meaning: 'Время запуска сервера; меняется при каждом перезапуске, поэтому годится для отметок на графиках.',
    evidence: `${docs78} «Debugging metrics»`,
  },
  {
    name: 'process_cpu_seconds_total',
    source: 'process',
    type: 'counter',
    labels: [],
    meaning: 'Процессорное время процесса в секундах (пользовательское и системное). `rate()` от него — занятые ядра.',
    evidence: `${docs78} «Process metrics» (mattermost_process_cpu_seconds_total); prometheus/client_golang collectors.NewProcessCollector with ProcessCollectorOpts.Namespace`,
  },
  {
    name: 'process_resident_memory_bytes',
    source: 'process',
    type: 'gauge',
    labels: [],
    meaning: 'Занятая процессом физическая память (RSS) в байтах.',
    evidence: `${docs78} «Process metrics»; client_golang process collector`,
  },
  {
    name: 'process_open_fds',
    source: 'process',
    type: 'gauge',
    labels: [],
    meaning: 'Открытые файловые дескрипторы процесса: каждое WebSocket-подключение занимает один.',
    evidence: `${docs78} «Process metrics»; client_golang process collector`,
  },
  {
    name: 'process_max_fds',
    source: 'process',
    type: 'gauge',
    labels: [],
    meaning: 'Предел открытых дескрипторов процесса (`nofile`).',
    evidence: `${docs78} «Process metrics»; client_golang process collector`,
  },
  {
    name: 'process_start_time_seconds',
    source: 'process',
    type: 'gauge',
    labels: [],
    meaning: 'Время запуска процесса в секундах от начала эпохи Unix; по его изменениям считаются перезапуски.',
    evidence: `${docs78} «Process metrics»; client_golang process collector`,
  },
  {
    name: 'go_goroutines',
    source: 'go',
    type: 'gauge',
    labels: [],
    meaning: 'Число горутин процесса. Растёт вместе с подключениями; рост без роста подключений — признак утечки.',
    evidence: `${docs78} «Standard Go metrics»; client_golang collectors.NewGoCollector (no namespace)`,
  },
  {
    name: 'go_memstats_alloc_bytes',
    source: 'go',
    type: 'gauge',
    labels: [],
    meaning: 'Память кучи Go, занятая живыми объектами, в байтах.',
    evidence: `${docs78} «Standard Go metrics»; client_golang Go collector`,
  },
  {
    name: 'go_gc_duration_seconds',
    source: 'go',
    type: 'summary',
    labels: ['quantile'],
    meaning: 'Длительность пауз сборщика мусора Go в секундах.',
    evidence: `${docs78} «Standard Go metrics»; client_golang Go collector (summary with quantile)`,
  },
  {
    name: 'up',
    source: 'prometheus',
    type: 'gauge',
    labels: [],
    meaning: '1, если последний опрос цели удался, 0 — если нет. Prometheus записывает его сам для каждой цели.',
    evidence: 'Prometheus docs, «Jobs and instances» → automatically generated labels and time series',
  },
  {
    name: 'probe_success',
    source: 'blackbox',
    type: 'gauge',
    labels: [],
    meaning: '1, если проверка снаружи прошла: TLS, код 200 и `"status":"OK"` в ответе `/api/v4/system/ping`.',
    evidence: 'prometheus/blackbox_exporter README and prober/http.go (0.23, Debian 12)',
  },
  {
    name: 'probe_http_status_code',
    source: 'blackbox',
    type: 'gauge',
    labels: [],
    meaning: 'Код ответа HTTP при последней проверке.',
    evidence: 'prometheus/blackbox_exporter prober/http.go',
  },
  {
    name: 'probe_duration_seconds',
    source: 'blackbox',
    type: 'gauge',
    labels: [],
    meaning: 'Длительность последней проверки в секундах — время ответа глазами пользователя.',
    evidence: 'prometheus/blackbox_exporter prober/handler.go',
  },
  {
    name: 'probe_ssl_earliest_cert_expiry',
    source: 'blackbox',
    type: 'gauge',
    labels: [],
    meaning: 'Момент истечения самого раннего сертификата цепочки, в секундах от начала эпохи Unix.',
    evidence: 'prometheus/blackbox_exporter prober/http.go (TLS probes)',
  },
  {
    name: 'pg_up',
    source: 'postgres',
    type: 'gauge',
    labels: [],
    meaning: '1, если postgres_exporter смог подключиться к PostgreSQL.',
    evidence: 'prometheus-community/postgres_exporter README (0.11, Debian 12)',
  },
  {
    name: 'pg_stat_activity_count',
    source: 'postgres',
    type: 'gauge',
    labels: ['datname', 'state'],
    meaning: 'Число подключений к PostgreSQL по базам и состояниям (из `pg_stat_activity`).',
    evidence: 'prometheus-community/postgres_exporter, pg_stat_activity collector',
  },
  {
    name: 'pg_settings_max_connections',
    source: 'postgres',
    type: 'gauge',
    labels: [],
    meaning: 'Значение параметра `max_connections` PostgreSQL.',
    evidence: 'prometheus-community/postgres_exporter, pg_settings (every numeric setting as pg_settings_<name>)',
  },
  {
    name: 'node_filesystem_avail_bytes',
    source: 'node',
    type: 'gauge',
    labels: ['device', 'fstype', 'mountpoint'],
    meaning: 'Свободное место файловой системы, доступное непривилегированным процессам, в байтах.',
    evidence: 'prometheus/node_exporter filesystem collector',
  },
  {
    name: 'node_filesystem_size_bytes',
    source: 'node',
    type: 'gauge',
    labels: ['device', 'fstype', 'mountpoint'],
    meaning: 'Размер файловой системы в байтах.',
    evidence: 'prometheus/node_exporter filesystem collector',
  },
  {
    name: 'node_memory_MemAvailable_bytes',
    source: 'node',
    type: 'gauge',
    labels: [],
    meaning: 'Память, доступная новым процессам без ухода в подкачку (`MemAvailable` из `/proc/meminfo`).',
    evidence: 'prometheus/node_exporter meminfo collector',
  },
  {
    name: 'node_memory_MemTotal_bytes',
    source: 'node',
    type: 'gauge',
    labels: [],
    meaning: 'Вся физическая память хоста в байтах.',
    evidence: 'prometheus/node_exporter meminfo collector',
  },
  {
    name: 'node_cpu_seconds_total',
    source: 'node',
    type: 'counter',
    labels: ['cpu', 'mode'],
    meaning: 'Время процессоров хоста по режимам (`idle`, `user`, `system`…) в секундах.',
    evidence: 'prometheus/node_exporter cpu collector',
  },
];

/** A metric's name as a node exports it: server and process metrics with `prefix`. */
export function metricName(metric: Metric, prefix: string = lineagePrefix): string {
  return metricSources[metric.source].prefixed ? prefix + metric.name : metric.name;
}

/**
 * Every series name the catalogue allows with `prefix`: histograms also as `_bucket`, `_sum`,
 * `_count`, summaries as `_sum` and `_count`, as Prometheus stores them.
 */
export function allowedSeriesNames(prefix: string = lineagePrefix): Set<string> {
  const names = new Set<string>();
  for (const m of metrics) {
    const name = metricName(m, prefix);
    names.add(name);
    if (m.type === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(name + s);
    if (m.type === 'summary') for (const s of ['_sum', '_count']) names.add(name + s);
  }
  return names;
}

/** The catalogue entry of a name used in a query (with `prefix`, suffixes allowed), if any. */
export function findMetric(seriesName: string, prefix: string = lineagePrefix): Metric | undefined {
  return metrics.find((m) => {
    const name = metricName(m, prefix);
    if (seriesName === name) return true;
    const suffixes = m.type === 'histogram' ? ['_bucket', '_sum', '_count'] : m.type === 'summary' ? ['_sum', '_count'] : [];
    return suffixes.some((s) => seriesName === name + s);
  });
}
