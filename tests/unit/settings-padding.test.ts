import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {listDocFiles} from '../../plugins/content-check/rules';

// The «Рекомендуемые значения» section of a settings page ({#recommended}) says what to choose and why.
// A table whose columns (one per installation size) repeat the same values tells the reader nothing, and a
// recommendation must not name a setting Time's server does not have: the keys below arrived in Mattermost
// after the 7.x line Time descends from (absent from model/config.go at v7.8.0).

const docs = path.resolve(__dirname, '../../docs');
const settingsDir = path.join(docs, 'administration/settings');

/** Settings Mattermost added after 7.x; 7.8 has AdvancedLoggingConfig (a string), not AdvancedLoggingJSON. */
const LATER_KEYS: {name: string; pattern: RegExp}[] = [
  {name: 'CacheSettings.*', pattern: /\bCacheSettings\b|\b(?:CacheType|RedisAddress|RedisPassword|RedisDB|RedisCachePrefix|DisableClientCache)\b/},
  {name: 'persistent notifications', pattern: /PersistentNotification|постоянн\p{L}*[ \u00a0]уведомлени/iu},
  {name: 'FileSettings.Export* / DedicatedExportStore', pattern: /\bFileSettings\.Export\w*|\bDedicatedExportStore\b/},
  {name: 'DataRetentionSettings.*Hours', pattern: /\bDataRetentionSettings\.\w+Hours\b|\b(?:Message|File|Boards)RetentionHours\b/},
  {name: 'LdapSettings.MaximumLoginAttempts', pattern: /\bLdapSettings\.MaximumLoginAttempts\b/},
  {name: 'ServiceSettings.GiphySdkKey', pattern: /\bGiphySdkKey\b/},
  {name: 'ServiceSettings.UniqueEmojiReactionLimitPerPost', pattern: /\bUniqueEmojiReactionLimitPerPost\b/},
  {name: 'ServiceSettings.MaximumPayloadSizeBytes', pattern: /\bMaximumPayloadSizeBytes\b/},
  {name: 'ServiceSettings.TerminateSessionsOnPasswordChange', pattern: /\bTerminateSessionsOnPasswordChange\b/},
  {name: 'ServiceSettings.EnableOnlyAdminIntegrations', pattern: /\bEnableOnlyAdminIntegrations\b/},
  {name: 'TeamSettings.ExperimentalTownSquareIsReadOnly', pattern: /\bExperimentalTownSquareIsReadOnly\b/},
  {name: 'EmailSettings.PushNotificationServerType/Location', pattern: /\bPushNotificationServer(?:Type|Location)\b/},
  {name: 'LogSettings.MaxFieldSize', pattern: /\bMaxFieldSize\b/},
  {name: 'MetricsSettings client and notification metrics', pattern: /\b(?:EnableClientMetrics|EnableNotificationMetrics|ClientSideUserIds)\b/},
  {name: '*AdvancedLoggingJSON', pattern: /\bAdvancedLoggingJSON\b/},
  {name: 'SqlSettings.ReplicaMonitorIntervalSeconds', pattern: /\bReplicaMonitorIntervalSeconds\b/},
  {name: 'ElasticsearchSettings.Backend/IgnoredPurgeIndexes', pattern: /\bElasticsearchSettings\.Backend\b|\bIgnoredPurgeIndexes\b/},
  {name: 'FileSettings.AmazonS3UploadPartSizeBytes', pattern: /\bAmazonS3UploadPartSizeBytes\b/},
  {name: 'ServiceSettings.OutgoingIntegrationRequestsTimeout', pattern: /\bOutgoingIntegrationRequestsTimeout\b/},
  {name: 'RefreshPostStatsRunTime', pattern: /\bRefreshPostStatsRunTime\b/},
  {name: 'TeamSettings.EnableJoinLeaveMessageByDefault', pattern: /\bEnableJoinLeaveMessageByDefault\b/},
  {name: 'SupportSettings.ForgotPasswordLink', pattern: /\bForgotPasswordLink\b/},
  {name: 'PasswordSettings.EnableForgotLink', pattern: /\bEnableForgotLink\b/},
  {name: 'GuestAccountsSettings.HideTags', pattern: /\bHideTags\b|[Сс]крыва\p{L}*[ \u00a0]метк\p{L}*[ \u00a0]«Гость»/u},
  {
    name: 'later ExperimentalSettings',
    pattern:
      /\b(?:UsersStatusAndProfileFetchingPollIntervalMilliseconds|DisableRefetchingOnBrowserFocus|DisableWakeUpReconnectHandler|DelayChannelAutocomplete|DisableAppBar|YoutubeReferrerPolicy)\b/,
  },
  {name: 'later FeatureFlags', pattern: /\b(?:StreamlinedMarketplace|EnableExportDirectDownload)\b|\bFeatureFlags\.TestFeature\b/},
  {name: 'ClientRequirements.Desktop*/Aurora*', pattern: /\bClientRequirements\.(?:Desktop|Aurora)\w*/},
];

interface Section {
  file: string;
  /** 1-based line of the section heading. */
  line: number;
  lines: string[];
}

interface Table {
  line: number;
  header: string[];
  rows: string[][];
}

/** The `{#recommended}` section of a page: from its heading to the next `##` heading. */
export function recommendedSection(file: string, text: string): Section | null {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^## .*\{#recommended\}\s*$/.test(l));
  if (start < 0) return null;
  const next = lines.findIndex((l, i) => i > start && /^## /.test(l));
  return {file, line: start + 1, lines: lines.slice(start, next < 0 ? lines.length : next)};
}

const cells = (row: string) =>
  row
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());

/** Markdown tables of a section, each with the line of its header row. */
export function tablesOf(section: Section): Table[] {
  const tables: Table[] = [];
  section.lines.forEach((l, i) => {
    const isHeader = /^\s*\|/.test(l) && !/^\s*\|/.test(section.lines[i - 1] ?? '') && /^\s*\|[\s:|-]+\|\s*$/.test(section.lines[i + 1] ?? '');
    if (!isHeader) return;
    const rows: string[][] = [];
    for (let j = i + 2; j < section.lines.length && /^\s*\|/.test(section.lines[j]); j++) rows.push(cells(section.lines[j]));
    tables.push({line: section.line + i, header: cells(l), rows});
  });
  return tables;
}

/** A table whose columns or rows are installation sizes by number of users. */
const bySize = (table: Table) => [...table.header, ...table.rows.map((r) => r[0])].some((c) => /пользовател/i.test(c));

/** The value a cell recommends: its first `code` span (what follows is commentary), else its text. */
const valueOf = (cell: string) => /`([^`]*)`/.exec(cell)?.[1] ?? cell;

/** Rows whose value columns (all but the first) recommend one and the same value. */
const sameRows = (table: Table) => table.rows.filter((row) => row.slice(1).every((c) => valueOf(c) === valueOf(row[1])));

/** A table whose columns repeat one value in every row, or a table by installation size that does so in half its rows. */
export function hasIdenticalColumns(table: Table): boolean {
  if (table.header.length < 3 || table.rows.length === 0) return false;
  const same = sameRows(table).length;
  return same === table.rows.length || (bySize(table) && same * 2 >= table.rows.length);
}

/** Names of the later keys a piece of text mentions. */
export function laterKeysIn(text: string): string[] {
  return LATER_KEYS.filter(({pattern}) => pattern.test(text)).map(({name}) => name);
}

const sections = listDocFiles(settingsDir)
  .map((file) => recommendedSection(path.relative(docs, file), fs.readFileSync(file, 'utf8')))
  .filter((s): s is Section => s !== null);

describe('recommended values on settings pages', () => {
  it('finds the sections and their tables', () => {
    expect(sections.length).toBeGreaterThan(10);
    expect(sections.flatMap(tablesOf).length).toBeGreaterThan(0);
  });

  it('have no table whose columns repeat the same values', () => {
    const padded = sections.flatMap((s) =>
      tablesOf(s)
        .filter(hasIdenticalColumns)
        .map((t) => `${s.file}:${t.line}`),
    );
    expect(padded).toEqual([]);
  });

  it('name no setting that Time 7.8 does not have', () => {
    const wrong = sections.flatMap((s) => s.lines.flatMap((l, i) => laterKeysIn(l).map((key) => `${s.file}:${s.line + i}: ${key}`)));
    expect(wrong).toEqual([]);
  });

  it('label numbers in a table by installation size as estimates and say how to measure the real need', () => {
    const unlabelled = sections.flatMap((s) => {
      const text = s.lines.join('\n');
      const labelled = /оценк/i.test(text) && /измер/i.test(text);
      return labelled
        ? []
        : tablesOf(s)
            .filter(bySize)
            .map((t) => `${s.file}:${t.line}`);
    });
    expect(unlabelled).toEqual([]);
  });
});

describe('the padding checks themselves', () => {
  const section = (text: string) => recommendedSection('page.md', `# Page\n\n## Рекомендуемые значения {#recommended}\n\n${text}\n\n## Next {#next}\n`)!;

  it('catch a table whose size columns repeat the same values', () => {
    const [table] = tablesOf(
      section('| Параметр | До 1 000 пользователей | От 10 000 пользователей |\n|---|---|---|\n| `A` | `1` | `1` |\n| `B` | `true` | `true` |'),
    );
    expect(table.line).toBe(5);
    expect(hasIdenticalColumns(table)).toBe(true);
    expect(bySize(table)).toBe(true);
  });

  it('read the value before the commentary in a cell', () => {
    const [table] = tablesOf(
      section(
        '| Параметр | До 1 000 пользователей | От 10 000 пользователей |\n|---|---|---|\n| `A` | `false` | `false`, если так решили |\n| `B` | `1` | `2` |',
      ),
    );
    expect(hasIdenticalColumns(table)).toBe(true);
  });

  it('pass a table whose rows differ', () => {
    const [table] = tablesOf(section('| Ситуация | Порт | Защита |\n|---|---|---|\n| релей | `25` | `STARTTLS` |\n| служба | `465` | `TLS` |'));
    expect(hasIdenticalColumns(table)).toBe(false);
    expect(bySize(table)).toBe(false);
  });

  it('recognise later keys written bare or with their section', () => {
    expect(laterKeysIn('| `CacheType` | `lru` |')).toEqual(['CacheSettings.*']);
    expect(laterKeysIn('`ServiceSettings.AllowPersistentNotifications`')).toEqual(['persistent notifications']);
    expect(laterKeysIn('`ExperimentalAuditSettings.AdvancedLoggingConfig`')).toEqual([]);
    expect(laterKeysIn('`ServiceSettings.MaximumLoginAttempts`')).toEqual([]);
  });
});
