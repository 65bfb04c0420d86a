/** Prefix of every environment variable that overrides a Time setting. */
export const ENV_PREFIX = 'TIME_';

const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)+$/;

/**
 * The two maps of PluginSettings. The server reads each of them from one variable holding the whole
 * map as JSON; a key inside them (a plugin id, a plugin's setting) has no variable of its own.
 */
export const PLUGIN_MAP_KEYS = ['PluginSettings.Plugins', 'PluginSettings.PluginStates'] as const;

/**
 * The one rule that turns a config key into its environment variable:
 * `ServiceSettings.SiteURL` → `TIME_SERVICESETTINGS_SITEURL`.
 * Every environment variable shown on the site is derived by this function.
 */
export function envVarForKey(key: string): string {
  if (!KEY_PATTERN.test(key)) {
    throw new Error(`"${key}" is not a config key of the form Section.Setting`);
  }
  const map = PLUGIN_MAP_KEYS.find((m) => key.toLowerCase().startsWith(`${m.toLowerCase()}.`));
  if (map) {
    throw new Error(`"${key}" has no environment variable of its own: the server reads ${map} only as a whole JSON map, from ${envVarForKey(map)}`);
  }
  return (
    ENV_PREFIX +
    key
      .split('.')
      .map((part) => part.toUpperCase())
      .join('_')
  );
}

/** Top-level sections of config.json (the Mattermost lineage plus Time's own). */
export const CONFIG_SECTIONS = [
  'ServiceSettings',
  'TeamSettings',
  'ClientRequirements',
  'SqlSettings',
  'LogSettings',
  'ExperimentalAuditSettings',
  'NotificationLogSettings',
  'PasswordSettings',
  'FileSettings',
  'EmailSettings',
  'RateLimitSettings',
  'PrivacySettings',
  'SupportSettings',
  'AnnouncementSettings',
  'ThemeSettings',
  'GitLabSettings',
  'GoogleSettings',
  'Office365Settings',
  'OpenIdSettings',
  'LdapSettings',
  'ComplianceSettings',
  'LocalizationSettings',
  'SamlSettings',
  'NativeAppSettings',
  'ClusterSettings',
  'MetricsSettings',
  'ExperimentalSettings',
  'AnalyticsSettings',
  'ElasticsearchSettings',
  'BleveSettings',
  'DataRetentionSettings',
  'MessageExportSettings',
  'JobSettings',
  'PluginSettings',
  'DisplaySettings',
  'GuestAccountsSettings',
  'ImageProxySettings',
  'CloudSettings',
  'FeatureFlags',
  'ImportSettings',
  'ExportSettings',
  'CacheSettings',
  'ConnectedWorkspacesSettings',
  'KafkaSettings',
  'CallsSettings',
  'MfaSettings',
  'AlertSettings',
  'PhoneVerificationSettings',
  'WorkflowSettings',
  'ApplicationSettings',
] as const;

const SECTION_BY_UPPER = new Map(CONFIG_SECTIONS.map((s) => [s.toUpperCase(), s]));

/**
 * Checks that a `TIME_…` token is what envVarForKey produces for a key of a known section.
 * Returns null when it is, or a message saying what is wrong.
 */
export function explainEnvVar(token: string): string | null {
  if (!token.startsWith(ENV_PREFIX)) return `${token} does not start with ${ENV_PREFIX}`;
  const parts = token.slice(ENV_PREFIX.length).split('_');
  if (parts.length < 2 || parts.some((p) => !/^[A-Z0-9]+$/.test(p))) {
    return `${token} is not ${ENV_PREFIX}<SECTION>_<SETTING> (upper case, no extra separators)`;
  }
  if (!SECTION_BY_UPPER.has(parts[0])) {
    return `${token}: "${parts[0]}" is not a known config section`;
  }
  for (const map of PLUGIN_MAP_KEYS) {
    const whole = envVarForKey(map);
    if (token.startsWith(`${whole}_`)) {
      return `${token}: the server has no per-plugin variable; it reads ${map} only as a whole JSON map, from ${whole}`;
    }
  }
  return null;
}
