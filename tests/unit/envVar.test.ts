import {describe, expect, it} from 'vitest';
import {envVarForKey, explainEnvVar} from '../../plugins/settings/env-var';

describe('envVarForKey', () => {
  it('derives the variable from the config key: TIME_, the section and the setting in capitals', () => {
    expect(envVarForKey('ServiceSettings.SiteURL')).toBe('TIME_SERVICESETTINGS_SITEURL');
    expect(envVarForKey('EmailSettings.SMTPServer')).toBe('TIME_EMAILSETTINGS_SMTPSERVER');
    expect(envVarForKey('FileSettings.AmazonS3Bucket')).toBe('TIME_FILESETTINGS_AMAZONS3BUCKET');
  });

  it('gives the plugin maps one variable each and refuses keys inside them: the server reads those maps only whole', () => {
    expect(envVarForKey('PluginSettings.Plugins')).toBe('TIME_PLUGINSETTINGS_PLUGINS');
    expect(envVarForKey('PluginSettings.PluginStates')).toBe('TIME_PLUGINSETTINGS_PLUGINSTATES');
    expect(() => envVarForKey('PluginSettings.Plugins.Workflow')).toThrow(/no environment variable of its own.*TIME_PLUGINSETTINGS_PLUGINS$/);
    expect(() => envVarForKey('PluginSettings.Plugins.jitsi.JitsiURL')).toThrow(/no environment variable of its own/);
    expect(() => envVarForKey('pluginsettings.pluginstates.jitsi')).toThrow(/TIME_PLUGINSETTINGS_PLUGINSTATES$/);
  });

  it.each(['SiteURL', 'ServiceSettings.', '.SiteURL', 'Service Settings.SiteURL', 'ServiceSettings.Site-URL', ''])(
    'rejects "%s", which is not Section.Setting',
    (key) => {
      expect(() => envVarForKey(key)).toThrow(/config key/);
    },
  );
});

describe('explainEnvVar', () => {
  it('accepts variables derived from keys of known sections', () => {
    expect(explainEnvVar('TIME_SQLSETTINGS_DATASOURCE')).toBeNull();
    expect(explainEnvVar(envVarForKey('ClusterSettings.GossipPort'))).toBeNull();
  });

  it('names what is wrong with a hand-typed variable', () => {
    expect(explainEnvVar('TIME_SQL_SETTINGS_DATASOURCE')).toMatch(/"SQL" is not a known config section/);
    expect(explainEnvVar('TIME_SERVICESETTINGS__SITEURL')).toMatch(/SECTION>_<SETTING/);
    expect(explainEnvVar('TIME_DATABASE_URL')).toMatch(/not a known config section/);
    expect(explainEnvVar('TIME_SERVICESETTINGS_SiteURL')).toMatch(/upper case/);
    expect(explainEnvVar('MM_SERVICESETTINGS_SITEURL')).toMatch(/does not start with TIME_/);
    expect(explainEnvVar('TIME_PLUGINSETTINGS_PLUGINS_WORKFLOW')).toMatch(
      /no per-plugin variable; it reads PluginSettings.Plugins only as a whole JSON map, from TIME_PLUGINSETTINGS_PLUGINS$/,
    );
  });
});
