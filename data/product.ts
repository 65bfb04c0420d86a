/**
 * Facts about the documented product, Time, that several pages rely on.
 * One source: pages, components and tests read these values instead of repeating them in prose.
 * Where the vendor says nothing we chose what a Mattermost-derived server does; the choice is
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
    elasticsearch: 9200,
    s3: 9000,
    kafka: 9092,
    callsRtc: 8443,
  },
  paths: {
    home: '/opt/time',
    /** The server binary inside the image (and in an installation without containers). */
    binary: '/opt/time/bin/time',
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
    /**
     * The lineage's search engine client talks to Elasticsearch 7.17; Mattermost added Elasticsearch 8
     * and OpenSearch (the `ElasticsearchSettings.Backend` key) only in 9.11, long after 7.8.
     */
    elasticsearch: '7.17',
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
  /**
   * Where the System Console shows the edition, the expiry date and the upload button. The section
   * names are those of the lineage's console («About → Edition and License»), in the Russian the
   * Mattermost web app uses for them («О системе», «Редакция и лицензия»).
   */
  console: {
    about: 'Системная консоль → О системе',
    licence: 'Системная консоль → О системе → Редакция и лицензия',
  },
} as const;

export type Product = typeof product;

/** A count, or a range written «2–3». */
export type Amount = number | readonly [number, number];

interface SizingRow {
  /** Registered active accounts. */
  users: number;
  /** People online at the busiest hour. */
  online: number;
  layout: 'compose' | 'cluster';
  /** One Time node; every node of the row is the same. */
  app: {nodes: Amount; vcpu: number; ramGb: number; diskGb: number};
  /** The primary PostgreSQL server; a read replica is the same size. */
  db: {vcpu: number; ramGb: number; diskGb: number; replicas: Amount};
  /** Elasticsearch nodes; null where PostgreSQL's own full-text search is enough. */
  search: {nodes: Amount; optional?: true; vcpu: number; ramGb: number; diskGb: number} | null;
  /** Link to the users, and between the nodes, the database and the file store. */
  network: {usersMbit: number; backboneGbit: number};
}

/**
 * Sizing estimates for a first purchase. None of these numbers comes from the vendor or from a
 * measured Time deployment: they are our arithmetic on the assumptions below, and the capacity page
 * says so and shows how to measure the real values. Every page that names a size reads it from here.
 */
export const sizing = {
  assumptions: {
    /** Share of users online at the busiest hour. */
    onlineShare: 0.6,
    messagesPerUserDay: 20,
    workDaysPerYear: 250,
    /** Database growth per user per year, messages and service tables together. */
    dbMbPerUserYear: 15,
    /** Typical file growth per user per year; the capacity page also shows 0.5 and 2. */
    filesGbPerUserYear: 1,
    filesProfilesGb: [0.5, 1, 2],
    /** Disks are planned for this many years… */
    years: 2,
    /** …with this reserve for indexes, WAL and maintenance (database) or previews (files). */
    dbReserve: 1.5,
    filesReserve: 1.2,
  },
  /** WebSocket connections one Time node is planned for. */
  connectionsPerNode: 10000,
  rows: [
    {users: 500, online: 300, layout: 'compose', app: {nodes: 1, vcpu: 2, ramGb: 4, diskGb: 50}, db: {vcpu: 2, ramGb: 4, diskGb: 50, replicas: 0}, search: null, network: {usersMbit: 50, backboneGbit: 1}},
    {users: 1000, online: 600, layout: 'compose', app: {nodes: 1, vcpu: 4, ramGb: 8, diskGb: 50}, db: {vcpu: 4, ramGb: 8, diskGb: 100, replicas: 0}, search: null, network: {usersMbit: 100, backboneGbit: 1}},
    {users: 5000, online: 3000, layout: 'cluster', app: {nodes: 2, vcpu: 4, ramGb: 8, diskGb: 50}, db: {vcpu: 8, ramGb: 16, diskGb: 250, replicas: 1}, search: {nodes: 1, optional: true, vcpu: 4, ramGb: 8, diskGb: 100}, network: {usersMbit: 500, backboneGbit: 1}},
    {users: 10000, online: 6000, layout: 'cluster', app: {nodes: [2, 3], vcpu: 8, ramGb: 16, diskGb: 80}, db: {vcpu: 8, ramGb: 32, diskGb: 500, replicas: 1}, search: {nodes: 3, vcpu: 4, ramGb: 16, diskGb: 200}, network: {usersMbit: 1000, backboneGbit: 10}},
    {users: 25000, online: 15000, layout: 'cluster', app: {nodes: 4, vcpu: 8, ramGb: 16, diskGb: 80}, db: {vcpu: 16, ramGb: 64, diskGb: 1200, replicas: 2}, search: {nodes: 3, vcpu: 8, ramGb: 32, diskGb: 500}, network: {usersMbit: 2000, backboneGbit: 10}},
    {users: 50000, online: 30000, layout: 'cluster', app: {nodes: 6, vcpu: 16, ramGb: 32, diskGb: 100}, db: {vcpu: 32, ramGb: 128, diskGb: 2500, replicas: [2, 3]}, search: {nodes: [3, 5], vcpu: 8, ramGb: 32, diskGb: 1000}, network: {usersMbit: 5000, backboneGbit: 10}},
  ] satisfies readonly SizingRow[] as readonly SizingRow[],
  /** The rows the Kubernetes manifests are sized for: the base, and the production overlay. */
  kubernetes: {base: 500, production: 10000},
} as const;

/** The sizing row for a number of users; an unknown number is a mistake in a page or a manifest. */
export function sizingRow(users: number): SizingRow {
  const row = sizing.rows.find((r) => r.users === users);
  if (!row) throw new Error(`data/product.ts: no sizing row for ${users} users (rows: ${sizing.rows.map((r) => r.users).join(', ')})`);
  return row;
}

/** Database disk by the capacity page's formula: users × MB per year × years × reserve, in GB. */
export function databaseDiskGb(users: number): number {
  const {dbMbPerUserYear, years, dbReserve} = sizing.assumptions;
  return (users * dbMbPerUserYear * years * dbReserve) / 1000;
}

/** File growth in a year, in GB, for a number of users and GB per user per year. */
export function filesGbPerYear(users: number, perUser: number = sizing.assumptions.filesGbPerUserYear): number {
  return users * perUser;
}

/** Time and PostgreSQL of one sizing row on one server, as the Docker Compose installation runs them. */
export function singleServer(users: number) {
  const {app, db} = sizingRow(users);
  return {
    vcpu: app.vcpu + db.vcpu,
    ramGb: app.ramGb + db.ramGb,
    systemDiskGb: app.diskGb,
    dbDiskGb: db.diskGb,
    filesGbPerYear: filesGbPerYear(users),
  };
}

/** The smallest user count that the sizing table plans as a cluster. */
export const clusterFromUsers = sizing.rows.find((r) => r.layout === 'cluster')!.users;

/** The largest user count that the sizing table plans on one Docker Compose server. */
export const composeUpToUsers = Math.max(...sizing.rows.filter((r) => r.layout === 'compose').map((r) => r.users));
