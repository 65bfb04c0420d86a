/**
 * Facts about the documented product, Time, that several pages rely on.
 * One source: pages, components and tests read these values instead of repeating them in prose.
 * Where shared/PRODUCT.md is silent we chose what a Mattermost-derived server does; the choice is
 * stated here once.
 */
export const product = {
  name: 'Time',
  owner: 'Time Messenger',
  /**
   * The version real deployments report, which the portal documents. No public source gives the
   * number of an earlier Time release, so pages name none: upgrade guides take the installed
   * version from `timectl system version` and the target from the release notes.
   */
  release: {current: '7.8.0', cadence: 'не реже одного раза в квартал'},
  /** Container images; the registry address is handed to the customer with the licence. */
  images: {
    registry: 'registry.time.example.ru',
    server: 'registry.time.example.ru/time/server',
  },
  exampleHost: 'time.example.ru',
  exampleSiteUrl: 'https://time.example.ru',
  ports: {
    http: 8065,
    gossip: 8074,
    metrics: 8067,
    https: 443,
    postgres: 5432,
    redis: 6379,
    elasticsearch: 9200,
    s3: 9000,
    kafka: 9092,
    callsRtc: 8443,
  },
  paths: {
    home: '/opt/time',
    config: '/opt/time/config/config.json',
    data: '/opt/time/data',
    logs: '/opt/time/logs',
    logFile: '/opt/time/logs/time.log',
    plugins: '/opt/time/plugins',
    clientPlugins: '/opt/time/client/plugins',
    localSocket: '/var/tmp/time_local.socket',
  },
  systemUser: {name: 'time', uid: 2000},
  cli: 'timectl',
  supported: {
    postgres: ['14', '15', '16', '17'],
    postgresRecommended: '16',
    elasticsearch: '8.x',
    opensearch: '2.x',
    redis: '7.x',
    kafka: '3.x',
    /** `http2 on;` in the server block of our nginx configuration needs 1.25.1. */
    nginx: '1.25.1',
    keycloak: '23',
    kubernetes: '1.28',
    dockerCompose: '2.20',
  },
  licenceFile: 'time.license',
  envPrefix: 'TIME_',
} as const;

export type Product = typeof product;
