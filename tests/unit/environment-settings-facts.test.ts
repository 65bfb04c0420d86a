/**
 * Fact guards for the environment, compliance, experimental and monitoring settings pages: each
 * test fails on a fact these pages once stated that Time's lineage (Mattermost 7.8) contradicts.
 * The `#recommended` sections are skipped: they are rewritten separately.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {product} from '../../data/product';
import {loadLineage} from '../../plugins/settings/lineage';
import {listFiles} from '../../plugins/shared/files';
import {parseSettingsFile, SETTINGS_DIR, type Setting} from '../../plugins/settings/catalogue';

const settingsDocs = path.resolve(__dirname, '../../docs/administration/settings');

/** The catalogue files these guards cover, parsed one by one and checked against the lineage. */
const ownFiles = listFiles(SETTINGS_DIR, (f) => f.endsWith('.yaml'))
  .map((file) =>
    path
      .relative(SETTINGS_DIR, file)
      .replace(/\.yaml$/, '')
      .split(path.sep)
      .join('/'),
  )
  .filter((page) =>
    /^(environment\/(?!plugins$)|compliance\/|experimental\/|monitoring\/(logs|metrics)$|(notification_log_settings|jobs|about|analytics)$)/.test(page),
  );
const lineage = loadLineage();
const parsed = ownFiles.map((id) => parseSettingsFile(`data/settings/${id}.yaml`, id, fs.readFileSync(path.join(SETTINGS_DIR, `${id}.yaml`), 'utf8'), lineage));
const settings: Setting[] = parsed.flatMap((p) => p.page?.sections.flatMap((s) => s.settings) ?? []);
const setting = (key: string) => {
  const found = settings.find((s) => s.key === key);
  if (!found) throw new Error(`${key} is not in the catalogue`);
  return found;
};

/** The page's text without its `## Рекомендуемые значения {#recommended}` section. */
function pageText(page: string): string {
  const text = fs.readFileSync(path.join(settingsDocs, `${page}.md`), 'utf8');
  return text.replace(/^## [^\n]*\{#recommended\}[\s\S]*?(?=^## )/m, '');
}

/** Catalogue text (descriptions, tips, warnings, intros) and page prose of one settings page. */
function pageAndCatalogue(page: string): string {
  const yaml = path.join(SETTINGS_DIR, `${page}.yaml`);
  return pageText(page) + (fs.existsSync(yaml) ? fs.readFileSync(yaml, 'utf8') : '');
}

describe('settings pages state what Mattermost 7.8 has', () => {
  it('list only keys of the lineage or of Time, with 7.8 types and defaults', () => {
    expect(ownFiles.length).toBeGreaterThan(20);
    expect(parsed.flatMap((p) => p.problems)).toEqual([]);
  });

  it('describe caching as the in-memory cache of each node, with no Redis keys', () => {
    expect(fs.existsSync(path.join(SETTINGS_DIR, 'environment/caching.yaml'))).toBe(false);
    expect(settings.filter((s) => s.key.startsWith('CacheSettings.')).map((s) => s.key)).toEqual([]);
    const text = pageText('environment/caching');
    expect(text).not.toMatch(/CacheSettings|RedisAddress|CacheType|<SettingsCatalogue/);
    expect(text).toContain('/api/v4/caches/invalidate');
    expect(pageText('environment/high_availability')).not.toMatch(/Redis/);
  });

  it('keep the advanced logging key of 7.8: a string named AdvancedLoggingConfig', () => {
    for (const key of ['LogSettings', 'ExperimentalAuditSettings', 'NotificationLogSettings']) {
      expect(setting(`${key}.AdvancedLoggingConfig`).type).toBe('string');
    }
    for (const page of ['monitoring/logs', 'experimental/audits', 'notification_log_settings']) {
      expect(pageAndCatalogue(page), page).not.toMatch(/AdvancedLoggingJSON|ADVANCEDLOGGINGJSON/);
    }
  });

  it('count data retention only in days, at least one, with no hour or pause keys', () => {
    const text = pageAndCatalogue('compliance/data_retention_settings');
    expect(text).not.toMatch(/RetentionHours|TimeBetweenBatchesMilliseconds|RetentionIdsBatchSize/);
    for (const key of ['DataRetentionSettings.MessageRetentionDays', 'DataRetentionSettings.FileRetentionDays']) {
      expect(setting(key).min).toBe(1);
      expect(setting(key).description).toMatch(/от `1`/);
    }
  });

  it('say that a password change does not end other sessions', () => {
    const text = pageAndCatalogue('environment/session_lengths');
    expect(text).not.toMatch(/TerminateSessionsOnPasswordChange/);
    expect(text).toMatch(/не завершает остальные сессии/);
    expect(setting('ServiceSettings.SessionCacheInMinutes').restart).toBe(false);
  });

  it('show no client or notification metrics, which came after 7.8', () => {
    expect(fs.existsSync(path.join(SETTINGS_DIR, 'monitoring/metrics.yaml'))).toBe(false);
    const text = pageText('monitoring/metrics');
    expect(text).not.toMatch(/EnableClientMetrics|EnableNotificationMetrics|ClientSideUserIds|client_perf|time_webapp_|time_notifications_/);
  });

  it('send mail to localhost when the SMTP server is empty, never drop it', () => {
    const smtp = setting('EmailSettings.SMTPServer');
    expect(smtp.default).toBe('localhost');
    expect(smtp.description).not.toMatch(/письма отбрасываются/);
    expect(smtp.description).toMatch(/`localhost`/);
    expect(setting('EmailSettings.SMTPServerTimeout').max).toBeUndefined();
  });

  it('drop keys Mattermost added after 7.8 from these pages', () => {
    const gone: [string, RegExp][] = [
      ['environment/file_storage', /DedicatedExportStore|ExportAmazonS3|ExportDriverName|AmazonS3UploadPartSizeBytes/],
      ['environment/database', /ReplicaMonitorIntervalSeconds/],
      ['environment/elasticsearch', /ElasticsearchSettings\.Backend|IgnoredPurgeIndexes|ActiveSearchBackend/],
      ['environment/logging', /MaxFieldSize/],
      ['environment/web_server', /MaximumPayloadSizeBytes/],
      ['environment/push_notification_server', /PushNotificationServerType|PushNotificationServerLocation/],
      [
        'experimental/feature_flags',
        /SearchV2|StreamlinedMarketplace|DataRetentionConcurrencyEnabled|EnableExportDirectDownload|TestFeature|TestBoolFeature|ConnectedWorkspacesSettings/,
      ],
    ];
    for (const [page, pattern] of gone) {
      const yaml = fs.readFileSync(path.join(SETTINGS_DIR, `${page}.yaml`), 'utf8');
      expect(yaml, page).not.toMatch(pattern);
      if (page !== 'environment/push_notification_server') expect(pageText(page), page).not.toMatch(pattern);
    }
  });

  it('name Elasticsearch 7.x, the engine of the 7.8 lineage, and no engine choice', () => {
    expect(product.supported.elasticsearch).toMatch(/^7\./);
    expect(Object.keys(product.supported)).not.toContain('opensearch');
    expect(Object.keys(product.supported)).not.toContain('redis');
    const text = pageAndCatalogue('environment/elasticsearch');
    expect(text).not.toMatch(/OpenSearch|Elasticsearch 8/);
    expect(text).toMatch(/Elasticsearch 7\.x/);
  });

  it('keep 7.8 defaults: live indexing one post at a time, and vendor values left to the vendor', () => {
    expect(setting('ElasticsearchSettings.LiveIndexingBatchSize').default).toBe(1);
    for (const key of ['EmailSettings.PushNotificationServer', 'ServiceSettings.LocalModeSocketLocation', 'SqlSettings.DataSource']) {
      expect(setting(key).vendorDefault, key).toBe(true);
      expect(setting(key).default, key).toBeUndefined();
    }
  });

  it('keep the audit file in every edition, with the rotation 7.8 fixes in code', () => {
    const file = settings.filter((s) => /^ExperimentalAuditSettings\.File/.test(s.key));
    expect(file.length).toBe(7);
    expect(file.filter((s) => s.edition).map((s) => s.key)).toEqual([]);
    for (const key of ['FileMaxSizeMB', 'FileMaxAgeDays', 'FileMaxBackups', 'FileCompress', 'FileMaxQueueSize']) {
      expect(setting(`ExperimentalAuditSettings.${key}`).description, key).toMatch(/не используется/);
    }
    expect(setting('ExperimentalAuditSettings.AdvancedLoggingConfig').edition).toBe('enterprise');
  });

  it('mark settings with no System Console field in 7.8', () => {
    const configOnly = [
      'EmailSettings.PushNotificationBuffer',
      'MetricsSettings.BlockProfileRate',
      'ExperimentalSettings.RestrictSystemAdmin',
      'SqlSettings.DataSourceReplicas',
      'SqlSettings.DataSourceSearchReplicas',
      'ServiceSettings.EnableLocalMode',
      'ServiceSettings.TrustedProxyIPHeader',
      'ClusterSettings.ReadOnlyConfig',
      'ElasticsearchSettings.PostIndexShards',
      'JobSettings.RunJobs',
      'ServiceSettings.LicenseFileLocation',
    ];
    expect(configOnly.filter((key) => setting(key).consolePath !== null)).toEqual([]);
  });
});
