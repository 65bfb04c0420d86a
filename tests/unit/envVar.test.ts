import {describe, expect, it} from 'vitest';
import {envVarForKey, explainEnvVar} from '../../src/lib/envVar';

describe('envVarForKey', () => {
  it('derives the variable from the config key (PRODUCT.md rule)', () => {
    expect(envVarForKey('ServiceSettings.SiteURL')).toBe('TIME_SERVICESETTINGS_SITEURL');
    expect(envVarForKey('EmailSettings.SMTPServer')).toBe('TIME_EMAILSETTINGS_SMTPSERVER');
    expect(envVarForKey('FileSettings.AmazonS3Bucket')).toBe('TIME_FILESETTINGS_AMAZONS3BUCKET');
  });

  it('keeps nested keys as separate parts', () => {
    expect(envVarForKey('PluginSettings.Plugins.Workflow')).toBe('TIME_PLUGINSETTINGS_PLUGINS_WORKFLOW');
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
  });
});
