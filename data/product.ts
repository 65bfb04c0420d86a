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
    /** Mattermost 7.8, Time's lineage, runs against Elasticsearch 7.x; choosing another engine and a Redis cache came later. */
    elasticsearch: '7.x',
    kafka: '3.x',
    /** `http2 on;` in the server block of our nginx configuration needs 1.25.1. */
    nginx: '1.25.1',
    keycloak: '23',
    kubernetes: '1.28',
    dockerCompose: '2.20',
  },
  /**
   * The second factor as the Mattermost 7.8 server computes it (shared/mfa/mfa.go with
   * dgryski/dgoogauth): TOTP codes of 6 digits over 30-second steps, a window of 3 steps (the
   * current one and one on each side), a secret of 20 random bytes shown as 32 Base32 characters.
   */
  mfa: {codeDigits: 6, stepSeconds: 30, windowSteps: 3, secretBase32Chars: 32},
  licenceFile: 'time.license',
  /**
   * Bulk export and import as Time's lineage (Mattermost 7.8) does them, stated by the data management
   * guides: the jobs and the only `data` key each reads, the line types the import accepts, and the
   * limits and defaults of the code (app/import.go, app/upload.go, app/emoji.go, model/config.go).
   */
  bulkData: {
    exportJob: 'export_process',
    exportDataKey: 'include_attachments',
    importJob: 'import_process',
    importDataKey: 'import_file',
    lineTypes: ['version', 'team', 'channel', 'user', 'post', 'direct_channel', 'direct_post', 'emoji', 'scheme'],
    maxLineMiB: 16,
    progressEveryLines: 8192,
    firstUploadPartMiB: 5,
    maxEmojiKiB: 512,
    retentionDays: 30,
  },
  envPrefix: 'TIME_',
} as const;

export type Product = typeof product;
