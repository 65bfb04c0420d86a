/**
 * Plugin settings pages: each names its plugin by the id of the plugin's manifest, lists exactly the
 * settings of that manifest, shows where the value really lives in config.json, and points to the one
 * variable that carries every plugin's settings. The server has no per-setting variable for plugins
 * (it reads PluginSettings.Plugins and PluginSettings.PluginStates only as whole JSON maps), so no page
 * may print one.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import YAML from 'yaml';
import {pageNodes} from '../../plugins/settings/remark';
import {listDocFiles} from '../../plugins/content-check/rules';
import {loadCatalogue, parseSettingsFile, SETTINGS_DIR, type Setting} from '../../plugins/settings/catalogue';
import {envVarForKey, explainEnvVar} from '../../plugins/settings/env-var';

const root = path.resolve(__dirname, '../..');
const docsDir = path.join(root, 'docs');
const pluginDocs = path.join(docsDir, 'administration/settings/plugins');
/* The lineage check belongs to other tests; these only need the plugin pages to parse. */
const catalogue = loadCatalogue(SETTINGS_DIR, root, null);

type Row = [key: string, type: Setting['type'], byDefault: unknown];

/**
 * The settings_schema of each plugin's manifest (plugin.json). For the plugins Mattermost 7.8 ships,
 * the release its Makefile packs (PLUGIN_PACKAGES at v7.8.0); BigBlueButton is not packed, so its last
 * release before 2024. Defaults the manifest leaves out are the plugin's own (its configuration code).
 */
const MANIFESTS: Record<string, {id: string; release: string; settings: Row[]}> = {
  calls: {
    id: 'com.mattermost.calls',
    release: 'mattermost-plugin-calls v0.12.1',
    settings: [
      ['DefaultEnabled', 'boolean', false],
      ['UDPServerPort', 'integer', 8443],
      ['MaxCallParticipants', 'integer', 0],
      ['ICEHostOverride', 'string', ''],
      ['ICEServersConfigs', 'string', undefined],
      ['TURNStaticAuthSecret', 'secret', ''],
      ['TURNCredentialsExpirationMinutes', 'integer', 1440],
      ['ServerSideTURN', 'boolean', false],
      ['AllowScreenSharing', 'boolean', true],
      ['RTCDServiceURL', 'string', ''],
      ['EnableRecordings', 'boolean', false],
      ['JobServiceURL', 'string', ''],
      ['MaxRecordingDuration', 'integer', 60],
    ],
  },
  jitsi: {
    id: 'jitsi',
    release: 'mattermost-plugin-jitsi v2.0.1',
    settings: [
      ['JitsiURL', 'string', 'https://meet.jit.si'],
      ['JitsiEmbedded', 'boolean', false],
      ['JitsiNamingScheme', 'enum', 'words'],
      ['JitsiJWT', 'boolean', false],
      ['JitsiAppID', 'string', ''],
      ['JitsiAppSecret', 'secret', ''],
      ['JitsiLinkValidTime', 'integer', 30],
      ['JitsiCompatibilityMode', 'boolean', false],
    ],
  },
  gitlab: {
    id: 'com.github.manland.mattermost-plugin-gitlab',
    release: 'mattermost-plugin-gitlab v1.6.0',
    settings: [
      ['UsePreregisteredApplication', 'boolean', false],
      ['GitlabURL', 'string', 'https://gitlab.com'],
      ['GitlabOAuthClientID', 'string', ''],
      ['GitlabOAuthClientSecret', 'secret', ''],
      ['WebhookSecret', 'secret', ''],
      ['EncryptionKey', 'secret', ''],
      ['GitlabGroup', 'string', ''],
      ['EnablePrivateRepo', 'boolean', false],
    ],
  },
  jira: {
    id: 'jira',
    release: 'mattermost-plugin-jira v3.2.2',
    settings: [
      ['EnableJiraUI', 'boolean', true],
      ['secret', 'secret', ''],
      ['RolesAllowedToEditJiraSubscriptions', 'enum', 'system_admin'],
      ['GroupsAllowedToEditJiraSubscriptions', 'string', ''],
      ['JiraAdminAdditionalHelpText', 'string', ''],
      ['HideDecriptionComment', 'boolean', false],
      ['EnableAutocomplete', 'boolean', true],
      ['DisplaySubscriptionNameInNotifications', 'boolean', false],
    ],
  },
  confluence: {
    id: 'com.mattermost.confluence',
    release: 'mattermost-plugin-confluence v1.3.0',
    settings: [['Secret', 'secret', '']],
  },
  bigbluebutton: {
    id: 'bigbluebutton',
    release: 'mattermost-plugin-bigbluebutton v4.5.0',
    settings: [
      ['BASE_URL', 'string', 'http://test-install.blindsidenetworks.com/bigbluebutton/api'],
      ['SALT', 'secret', '8cd8ef52e8e101574e400365b55e11a6'],
      ['ADMINONLY', 'boolean', false],
      ['PROCESS_RECORDINGS', 'boolean', true],
      ['ALLOW_RECORDINGS', 'boolean', true],
      ['ALLOW_EXTERNAL_USERS', 'boolean', false],
    ],
  },
};

/** Plugins of Time's own whose settings no public source gives: their pages list none. */
const OWN_PLUGINS = {workflow: 'ru.tinkoff.mm.workflow', reminder: 'ru.tinkoff.time.reminder-plugin'} as const;

const read = (file: string) => fs.readFileSync(file, 'utf8');
const pluginFile = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    console: 'Плагины → Jitsi',
    sections: [
      {
        title: 'Сервер',
        id: 'server',
        settings: [
          {
            key: 'PluginSettings.Plugins.jitsi.JitsiURL',
            name: 'Адрес сервера Jitsi',
            type: 'string',
            default: 'https://meet.jit.si',
            description: 'Адрес сервера Jitsi Meet, на котором создаются совещания пользователей.',
            restart: false,
          },
        ],
      },
    ],
    ...extra,
  });

describe('the plugin page schema', () => {
  it('refuses a plugin page that does not name its plugin', () => {
    const {problems} = parseSettingsFile('data/settings/plugins/jitsi.yaml', 'plugins/jitsi', pluginFile());
    expect(problems.join('\n')).toMatch(/^data\/settings\/plugins\/jitsi\.yaml:1: a plugin page names its plugin: add "plugin: <id>"/);
  });

  it('refuses a plugin setting on a page that is not a plugin page', () => {
    const {problems} = parseSettingsFile('data/settings/environment/plugins.yaml', 'environment/plugins', pluginFile());
    expect(problems.join('\n')).toMatch(/plugin: …/);
  });

  it('accepts underscores only in a plugin’s own keys', () => {
    const bbb = pluginFile({plugin: 'bigbluebutton'}).replace('PluginSettings.Plugins.jitsi.JitsiURL', 'PluginSettings.Plugins.bigbluebutton.BASE_URL');
    expect(parseSettingsFile('b.yaml', 'plugins/bigbluebutton', bbb).problems).toEqual([]);
    const lineage = pluginFile().replace('PluginSettings.Plugins.jitsi.JitsiURL', 'ServiceSettings.Site_URL');
    expect(parseSettingsFile('s.yaml', 'environment/web_server', lineage).problems.join('\n')).toMatch(/only a plugin's own setting keys may contain "_"/);
    const inMap = pluginFile().replace('PluginSettings.Plugins.jitsi.JitsiURL', 'PluginSettings.PluginStates.jitsi');
    expect(parseSettingsFile('s.yaml', 'environment/plugins', inMap).problems.join('\n')).toMatch(
      /^s\.yaml:\d+: section "server", entry 1 \(PluginSettings\.PluginStates\.jitsi\): .*no environment variable of its own/m,
    );
  });

  it('shows the real location of a plugin setting and links the variable of the whole map', () => {
    const {page, problems} = parseSettingsFile('j.yaml', 'plugins/jitsi', pluginFile({plugin: 'jitsi'}));
    expect(problems).toEqual([]);
    const s = page!.sections[0].settings[0];
    expect(s.env).toBeNull();
    expect(s.configPath).toBe('PluginSettings.Plugins["jitsi"].jitsiurl');
    const nodes = JSON.stringify(pageNodes(page!, () => []));
    expect(nodes).toContain('PluginSettings.Plugins[\\"jitsi\\"].jitsiurl');
    expect(nodes).toContain('"url":"/administration/settings/environment/plugins#pluginsettings-plugins"');
    expect(nodes).toContain('"value":"TIME_PLUGINSETTINGS_PLUGINS"');
    expect(nodes).not.toMatch(/TIME_PLUGINSETTINGS_PLUGINS_/);
  });
});

describe('plugin pages agree with the plugins’ manifests', () => {
  it.each(Object.entries(MANIFESTS))('%s names the manifest id and lists exactly its settings', (page, manifest) => {
    const p = catalogue.pages.get(`plugins/${page}`);
    expect(p, `data/settings/plugins/${page}.yaml`).toBeDefined();
    expect(p!.plugin, `plugin id of ${page} (${manifest.release})`).toBe(manifest.id);
    const settings = p!.sections.flatMap((s) => s.settings);
    const shown: Row[] = settings.map((s) => [s.key.split('.')[3], s.type, s.vendorDefault ? undefined : s.default]);
    expect(shown.sort(), manifest.release).toEqual([...manifest.settings].sort());
    for (const s of settings) {
      expect(s.configPath).toBe(`PluginSettings.Plugins["${manifest.id}"].${s.key.split('.')[3].toLowerCase()}`);
    }
  });

  it('offers Jitsi the naming schemes of its manifest', () => {
    const scheme = catalogue.settings.find((s) => s.key === 'PluginSettings.Plugins.jitsi.JitsiNamingScheme');
    expect(scheme?.values).toEqual(['words', 'uuid', 'mattermost', 'ask']);
  });

  it('documents no plugin setting the manifests do not have', () => {
    const invented = [
      'EnableCodePreview',
      'SecurityLevelEmptyForJiraSubscriptions',
      'RTCServerAddress',
      'EnableTCPFallback',
      'ConfluenceURL',
      'ConfluenceOAuthClientID',
      'MaxDurationMinutes',
      'WelcomeMessage',
      'AllowedCreators',
      'MaxWorkflowsPerChannel',
      'MaxRemindersPerUser',
      'AllowChannelPosts',
      'TomorrowTime',
    ];
    const found = listDocFiles(docsDir)
      .concat(fs.readdirSync(path.join(SETTINGS_DIR, 'plugins')).map((f) => path.join(SETTINGS_DIR, 'plugins', f)))
      .flatMap((file) => invented.filter((key) => read(file).includes(key)).map((key) => `${path.relative(root, file)}: ${key}`));
    expect(found).toEqual([]);
  });

  it('builds the plugin routes from the manifest id', () => {
    const gitlab = read(path.join(pluginDocs, 'gitlab.md'));
    expect(gitlab).toContain('/plugins/com.github.manland.mattermost-plugin-gitlab/oauth/complete');
    expect(gitlab).not.toMatch(/\/plugins\/gitlab\//);
  });
});

describe('Time’s own plugins', () => {
  it.each(Object.entries(OWN_PLUGINS))('%s has no catalogue of settings and tells how to read the real one', (page, id) => {
    expect(fs.existsSync(path.join(SETTINGS_DIR, `plugins/${page}.yaml`))).toBe(false);
    const text = read(path.join(pluginDocs, `${page}.md`));
    expect(text).not.toContain('<SettingsCatalogue');
    expect(text).toContain(`\`${id}\``);
    expect(text).toContain('https://time.example.ru/api/v4/plugins \\');
    expect(text).toContain(`jq --arg id ${id} `);
  });

  it('the jq program of those pages prints the settings of the plugin from a GET /api/v4/plugins answer', () => {
    const text = read(path.join(pluginDocs, 'workflow.md'));
    const [, id, program] = text.match(/jq --arg id (\S+) '([^']+)'/)!;
    const manifest = {id, version: '1.0.0', settings_schema: {settings: [{key: 'Limit', type: 'number', default: 5, display_name: 'Limit', help_text: 'x'}]}};
    const answer = JSON.stringify({active: [{id: 'jitsi', version: '2.0.1'}], inactive: [manifest]});
    const out = execFileSync('jq', ['-c', '--arg', 'id', id, program], {input: answer, encoding: 'utf8'});
    expect(JSON.parse(out)).toEqual({version: '1.0.0', settings: [{key: 'Limit', type: 'number', default: 5, display_name: 'Limit'}]});
    const none = execFileSync('jq', ['-c', '--arg', 'id', id, program], {
      input: JSON.stringify({active: [{...manifest, settings_schema: undefined}], inactive: []}),
      encoding: 'utf8',
    });
    expect(JSON.parse(none)).toEqual({version: '1.0.0', settings: []});
  });

  it('no page links to an anchor of their removed catalogues', () => {
    const links = listDocFiles(docsDir).flatMap((file) =>
      [...read(file).matchAll(/plugins\/(?:workflow|reminder)(?:\.md)?#(pluginsettings-[\w-]+)/g)].map((m) => `${path.relative(root, file)}: ${m[0]}`),
    );
    expect(links).toEqual([]);
  });
});

describe('plugin maps in the environment', () => {
  const env = catalogue.pages.get('environment/plugins')!;
  const byKey = new Map(env.sections.flatMap((s) => s.settings).map((s) => [s.key, s]));

  it('documents the two whole-map variables', () => {
    expect(byKey.get('PluginSettings.Plugins')?.env).toBe('TIME_PLUGINSETTINGS_PLUGINS');
    expect(byKey.get('PluginSettings.Plugins')?.type).toBe('map');
    expect(byKey.get('PluginSettings.PluginStates')?.env).toBe('TIME_PLUGINSETTINGS_PLUGINSTATES');
    expect(byKey.get('PluginSettings.PluginStates')?.vendorDefault).toBe(true);
  });

  it('the Docker Compose example carries valid JSON with real plugin ids and lower-case setting keys', () => {
    const text = read(path.join(docsDir, 'administration/settings/environment/plugins.md'));
    const block = text.match(/```yaml title="docker-compose\.yml \(фрагмент\)"\n([\s\S]*?)```/g)!.find((b) => b.includes('PLUGINSTATES'))!;
    const environment = YAML.parse(block.replace(/^```.*\n|```$/g, '')).services.time.environment;
    const states = JSON.parse(environment.TIME_PLUGINSETTINGS_PLUGINSTATES);
    const plugins = JSON.parse(environment.TIME_PLUGINSETTINGS_PLUGINS);
    const known = new Set([...Object.values(MANIFESTS).map((m) => m.id), ...Object.values(OWN_PLUGINS)]);
    expect(Object.keys(states).filter((id) => !known.has(id))).toEqual([]);
    expect(Object.values(states).every((s) => typeof (s as {Enable?: unknown}).Enable === 'boolean')).toBe(true);
    for (const [id, settings] of Object.entries(plugins)) {
      expect(known.has(id), id).toBe(true);
      const manifestKeys = Object.values(MANIFESTS)
        .find((m) => m.id === id)!
        .settings.map(([k]) => k.toLowerCase());
      expect(Object.keys(settings as object).filter((k) => !manifestKeys.includes(k))).toEqual([]);
    }
  });

  it('no page or catalogue entry names a per-plugin variable', () => {
    const files = [
      ...listDocFiles(docsDir),
      ...fs
        .readdirSync(SETTINGS_DIR, {recursive: true})
        .map((f) => path.join(SETTINGS_DIR, String(f)))
        .filter((f) => f.endsWith('.yaml')),
    ];
    const found = files.flatMap((file) =>
      [...read(file).matchAll(/TIME_PLUGINSETTINGS_PLUGIN(?:S|STATES)_[A-Z0-9_]+/g)].map((m) => `${path.relative(root, file)}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });

  it('the variable rule refuses keys inside the plugin maps and names the whole-map variable', () => {
    expect(() => envVarForKey('PluginSettings.Plugins.jitsi.JitsiURL')).toThrow(/whole JSON map, from TIME_PLUGINSETTINGS_PLUGINS/);
    expect(() => envVarForKey('PluginSettings.PluginStates.jitsi')).toThrow(/TIME_PLUGINSETTINGS_PLUGINSTATES/);
    expect(explainEnvVar('TIME_PLUGINSETTINGS_PLUGINS_JITSI_JITSIURL')).toMatch(/no per-plugin variable.*TIME_PLUGINSETTINGS_PLUGINS$/);
    expect(explainEnvVar('TIME_PLUGINSETTINGS_PLUGINSTATES_JITSI')).toMatch(/TIME_PLUGINSETTINGS_PLUGINSTATES$/);
    expect(explainEnvVar('TIME_PLUGINSETTINGS_PLUGINS')).toBeNull();
    expect(explainEnvVar('TIME_PLUGINSETTINGS_PLUGINSTATES')).toBeNull();
  });
});
