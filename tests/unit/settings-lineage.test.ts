import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {checkAgainstLineage, loadLineage, typesForGo, type Lineage, type LineageClaim} from '../../plugins/settings/lineage';
import {loadCatalogue, parseSettingsFile} from '../../plugins/settings/catalogue';
import {NO_CONSOLE_FIELD, pageNodes, TIME_ORIGIN, VENDOR_DEFAULT} from '../../plugins/settings/remark';

const lineage: Lineage = {
  keys: new Map([
    ['EmailSettings.SMTPServer', {key: 'EmailSettings.SMTPServer', goType: '*string', in7x: true, in6x: true, default7x: 'localhost'}],
    ['EmailSettings.SMTPPort', {key: 'EmailSettings.SMTPPort', goType: '*string', in7x: true, in6x: true, default7x: '10025'}],
    ['CacheSettings.CacheType', {key: 'CacheSettings.CacheType', goType: '*string', in7x: false, in6x: false}],
    ['ServiceSettings.EnableAPIv3', {key: 'ServiceSettings.EnableAPIv3', goType: '*bool', in7x: false, in6x: true}],
    ['FeatureFlags.TestFeature', {key: 'FeatureFlags.TestFeature', goType: 'string', in7x: true, in6x: true, default7x: 'off'}],
  ]),
  removed: new Map([['ServiceSettings.EnableOnlyAdminIntegrations', 'Mattermost 5.x']]),
};

const claim = (extra: Partial<LineageClaim>): LineageClaim => ({
  key: 'EmailSettings.SMTPServer',
  type: 'string',
  default: 'localhost',
  origin: 'lineage',
  ...extra,
});

describe('a catalogue entry against the lineage', () => {
  it('accepts a 7.x key with the lineage type and default', () => {
    expect(checkAgainstLineage(claim({}), lineage)).toBeNull();
    expect(checkAgainstLineage(claim({key: 'EmailSettings.SMTPPort', default: '10025'}), lineage)).toBeNull();
  });

  it.each<[string, Partial<LineageClaim>, RegExp]>([
    [
      "a key removed before 7.x, even when marked as Time's own",
      {key: 'ServiceSettings.EnableOnlyAdminIntegrations', type: 'boolean', default: true, origin: 'time'},
      /removed from Mattermost before 7\.x \(last seen in Mattermost 5\.x\)/,
    ],
    [
      'a key that 6.3 had and 7.8 no longer has',
      {key: 'ServiceSettings.EnableAPIv3', type: 'boolean', default: false},
      /removed from Mattermost before 7\.x \(last seen in Mattermost 6\.3\)/,
    ],
    ['a key Mattermost added after 7.x', {key: 'CacheSettings.CacheType', default: 'lru'}, /added to Mattermost after 7\.x/],
    [
      "a later key marked as Time's own without a reason",
      {key: 'CacheSettings.CacheType', default: 'lru', origin: 'time'},
      /say in timeChange why Time has it/,
    ],
    ['a key the lineage never had, not marked', {key: 'KafkaSettings.Enable', type: 'boolean', default: false}, /mark it origin: time/],
    ["a 7.x key marked as Time's own", {origin: 'time'}, /is a Mattermost 7\.8 key: drop origin: time/],
    ['a default the lineage does not have', {default: ''}, /default "" differs from Mattermost 7\.8's "localhost"/],
    [
      'a type the Go field cannot hold',
      {key: 'EmailSettings.SMTPPort', type: 'integer', default: 10025},
      /type integer does not match Mattermost 7\.8's \*string/,
    ],
    ['a vendor default without the reason', {vendorDefault: true, default: undefined}, /vendorDefault needs timeChange/],
    ["a flag of Mattermost's own tests", {key: 'FeatureFlags.TestFeature', default: 'off'}, /not an administrator's setting/],
  ])('refuses %s', (_, extra, message) => {
    expect(checkAgainstLineage(claim(extra), lineage)).toMatch(message);
  });

  it("accepts Time's own keys and stated changes", () => {
    expect(checkAgainstLineage(claim({key: 'KafkaSettings.Enable', type: 'boolean', default: false, origin: 'time'}), lineage)).toBeNull();
    expect(
      checkAgainstLineage(claim({key: 'CacheSettings.CacheType', origin: 'time', timeChange: 'Сборка Time добавляет этот параметр сама.'}), lineage),
    ).toBeNull();
    expect(checkAgainstLineage(claim({default: '', timeChange: 'Сборка Time поставляется с пустым адресом.'}), lineage)).toBeNull();
    expect(checkAgainstLineage(claim({vendorDefault: true, default: undefined, timeChange: 'Адрес подставляет сборка поставщика.'}), lineage)).toBeNull();
  });

  it('maps Go field types to the catalogue types that can hold them', () => {
    expect(typesForGo('*bool')).toEqual(['boolean']);
    expect(typesForGo('*int64')).toEqual(['integer']);
    expect(typesForGo('[]string')).toEqual(['list']);
    expect(typesForGo('map[string]*PluginState')).toEqual(['map']);
    expect(typesForGo('*string')).toContain('secret');
  });
});

describe('the lineage data', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lineage-'));
  afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));
  const header = 'key\ttype\tdefault_newest\tin_7x\tdefault_7x\tin_6x\tdefault_6x';

  it('reads 7.8 defaults as JSON and leaves build-dependent ones unchecked', () => {
    const real = loadLineage();
    expect(real.keys.get('EmailSettings.SMTPServer')?.default7x).toBe('localhost');
    expect(real.keys.get('NativeAppSettings.AppCustomURLSchemes')?.default7x).toEqual(['mmauth://', 'mmauthbeta://']);
    expect(real.keys.get('PluginSettings.PluginStates')?.in7x).toBe(true);
    expect(real.keys.get('PluginSettings.PluginStates')?.default7x).toBeUndefined();
    expect(real.removed.get('TeamSettings.ExperimentalTownSquareIsReadOnly')).toBe('Mattermost 5.x');
  });

  it('names the file and line of a malformed row', () => {
    fs.writeFileSync(path.join(dir, 'mattermost-config-keys.tsv'), `${header}\nA.B\t*bool\ttrue\tyes\ttrue\n`);
    fs.writeFileSync(path.join(dir, 'removed-before-7x.tsv'), 'key\tlast_seen\n');
    expect(() => loadLineage(dir)).toThrow(/mattermost-config-keys\.tsv:2: expected 7 tab-separated columns, found 5/);
    fs.writeFileSync(path.join(dir, 'mattermost-config-keys.tsv'), 'key,type\n');
    expect(() => loadLineage(dir)).toThrow(/mattermost-config-keys\.tsv:1: expected the header/);
  });
});

describe('catalogue files checked against the lineage', () => {
  const yaml = (settings: string) => `console: Среда → SMTP\nsections:\n  - title: Подключение\n    id: connection\n    settings:\n${settings}`;
  const entry = (key: string, more = '') =>
    `      - key: ${key}\n        name: Параметр\n        type: string\n        default: localhost\n        description: Адрес почтового сервера, через который Time отправляет письма.\n        restart: false\n${more}`;

  it('names the file and the line of the entry that breaks the lineage', () => {
    const {problems} = parseSettingsFile(
      'data/settings/environment/smtp.yaml',
      'environment/smtp',
      yaml(entry('EmailSettings.SMTPServer') + entry('ServiceSettings.EnableOnlyAdminIntegrations')),
      lineage,
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^data\/settings\/environment\/smtp\.yaml:12: section "connection", entry 2 \(ServiceSettings\.EnableOnlyAdminIntegrations\): .*removed from Mattermost before 7\.x/,
      ),
    ]);
  });

  it('inherits origin: time from the file and the section', () => {
    const own = `console: События Kafka\norigin: time\nsections:\n  - title: Подключение\n    id: connection\n    settings:\n${entry('KafkaSettings.ClientID')}`;
    const {page, problems} = parseSettingsFile('k.yaml', 'kafka_events/kafka', own, lineage);
    expect(problems).toEqual([]);
    expect(page!.sections[0].settings[0].origin).toBe('time');
    expect(parseSettingsFile('k.yaml', 'kafka_events/kafka', own.replace('origin: time\n', ''), lineage).problems.join()).toMatch(/mark it origin: time/);
  });

  it("shows the reader which settings are Time's own, which have no console field and whose default the vendor sets", () => {
    const source = yaml(
      entry('KafkaSettings.ClientID', '        origin: time\n') +
        entry('EmailSettings.SMTPPort', '        console: false\n').replace('default: localhost', 'default: "10025"') +
        entry('EmailSettings.SMTPServer', '        vendorDefault: true\n        timeChange: Адрес подставляет сборка поставщика.\n').replace(
          '        default: localhost\n',
          '',
        ),
    );
    const {page, problems} = parseSettingsFile('s.yaml', 'environment/smtp', source, lineage);
    expect(problems).toEqual([]);
    const text = JSON.stringify(pageNodes(page!, (md) => [{type: 'text', value: md}]));
    expect(text).toContain(TIME_ORIGIN);
    expect(text).toContain(NO_CONSOLE_FIELD);
    expect(text).toContain(VENDOR_DEFAULT);
    expect(text.split(TIME_ORIGIN)).toHaveLength(2);
    expect(page!.sections[0].settings.map((s) => s.consolePath)).toEqual(['Среда → SMTP', null, 'Среда → SMTP']);
  });

  it('refuses a default next to vendorDefault', () => {
    const {problems} = parseSettingsFile(
      's.yaml',
      'environment/smtp',
      yaml(entry('EmailSettings.SMTPServer', '        vendorDefault: true\n        timeChange: Адрес подставляет сборка поставщика.\n')),
      lineage,
    );
    expect(problems.join()).toMatch(/vendorDefault says no source gives the default: drop default/);
  });
});

describe('the catalogue in data/settings and the lineage', () => {
  const catalogue = loadCatalogue();
  const real = loadLineage();

  it("documents no key that Time's lineage removed or added after 7.x without saying why", () => {
    for (const s of catalogue.settings.filter((x) => !x.plugin)) {
      const known = real.keys.get(s.key);
      expect(real.removed.has(s.key), s.key).toBe(false);
      if (!known?.in7x) expect(s.origin, `${s.key} is not a 7.x key`).toBe('time');
      if (known && !known.in7x) expect(s.timeChange, `${s.key} came to Mattermost after 7.x`).toBeTruthy();
    }
  });

  it('keeps the settings the issue found invented out of the catalogue', () => {
    const keys = new Set(catalogue.settings.map((s) => s.key));
    for (const key of [
      'ServiceSettings.EnableOnlyAdminIntegrations',
      'TeamSettings.ExperimentalTownSquareIsReadOnly',
      'EmailSettings.PushNotificationServerType',
      'EmailSettings.PushNotificationServerLocation',
      'FeatureFlags.TestFeature',
    ]) {
      expect(keys.has(key), key).toBe(false);
    }
  });
});
