/**
 * The public route contract as data: the addresses readers and other sites rely on. Tests check it against the sources and the
 * production build: every route must exist.
 */
export type SidebarId = 'docs' | 'administration' | 'api' | 'deployment' | 'integrations' | 'license';

export interface ContractRoute {
  path: string;
  sidebar: SidebarId | null;
  /** Running prose (code excluded) the page must have at least: task guides that replace a vendor's manual. */
  minWords?: number;
}

const under = (prefix: string, slugs: string[], sidebar: SidebarId): ContractRoute[] =>
  slugs.map((slug) => ({path: `${prefix}${slug}`, sidebar}));

/** Operations and administration task guides: each is complete enough to do the task with it alone. */
const operationsGuides = (routes: ContractRoute[]): ContractRoute[] => routes.map((r) => ({...r, minWords: 1200}));

export const contractRoutes: ContractRoute[] = [
  {path: '/', sidebar: 'docs'},
  {path: '/faq', sidebar: 'docs'},
  {path: '/search', sidebar: null},
  {path: '/license/', sidebar: 'license'},
  {path: '/license/licences', sidebar: 'license'},

  // Section overviews (their sections fill in later).
  {path: '/administration/', sidebar: 'administration'},
  {path: '/api/', sidebar: 'api'},
  {path: '/integrations/', sidebar: 'integrations'},
  {path: '/deployment/', sidebar: 'deployment'},

  ...under('/deployment/install/', ['capacity', 'check-list', 'components-scheme', 'configure', 'docker-compose', 'docker-modification', 'gossip', 'k8s-kustomize'], 'deployment'),
  {path: '/deployment/operation-and-update-policy', sidebar: 'deployment'},
  ...under('/deployment/upgrade/', ['before', 'final', 'upgrades'], 'deployment'),
  ...operationsGuides([
    ...under('/deployment/operations/', ['', 'backup-restore', 'disaster-recovery', 'postgresql-ha', 'load-balancing', 'monitoring', 'logging', 'hardening'], 'deployment'),
    {path: '/deployment/install/systemd', sidebar: 'deployment'},
  ]),

  ...under('/administration/', ['first-enter', 'setup-new-profile', 'troubleshooting'], 'administration'),
  {path: '/administration/settings/', sidebar: 'administration'},
  ...under('/administration/data-managment/export-guide/', ['data-export', 'data-format'], 'administration'),
  ...under('/administration/data-managment/import-guide/', ['import-api', 'import-db-backup', 'import-faq', 'import-prepare', 'import-upload', 'import-slack', 'import-mattermost'], 'administration'),
  ...under('/administration/manage-authentication/', ['ldap-ad', 'mfa', 'openid-google', 'openid-keycloak', 'saml-adfs', 'saml-keycloak'], 'administration'),
  {path: '/administration/security/mfa', sidebar: 'administration'},
  ...operationsGuides([
    {path: '/administration/manage-authentication/migrate-auth', sidebar: 'administration'},
    {path: '/administration/permissions', sidebar: 'administration'},
  ]),
  ...under('/administration/settings/', ['about', 'analytics', 'client_requirements', 'config_database', 'jobs', 'mfa_settings', 'notification_log_settings', 'optimize-your-workspace', 'reporting', 'user_management'], 'administration'),
  ...under('/administration/settings/authentication/', ['email', 'guest_access', 'ldap', 'mfa', 'openid', 'password', 'saml', 'signup'], 'administration'),
  ...under('/administration/settings/compliance/', ['custom_terms_of_service', 'data_retention_settings'], 'administration'),
  ...under('/administration/settings/environment/', ['caching', 'database', 'developer', 'elasticsearch', 'file_storage', 'high_availability', 'image_proxy', 'logging', 'performance_monitoring', 'plugins', 'push_notification_server', 'rate_limiting', 'session_lengths', 'smtp', 'web_server'], 'administration'),
  ...under('/administration/settings/experimental/', ['audits', 'feature_flags', 'features', 'video_calls'], 'administration'),
  ...under('/administration/settings/integrations/', ['bot_accounts', 'cors', 'integration_management'], 'administration'),
  ...under('/administration/settings/kafka_events/', ['channels', 'emojis', 'files', 'kafka', 'posts', 'users'], 'administration'),
  ...under('/administration/settings/monitoring/', ['alerts', 'logs', 'metrics'], 'administration'),
  ...under('/administration/settings/plugins/', ['bigbluebutton', 'confluence', 'gitlab', 'jira', 'jitsi', 'calls', 'reminder', 'workflow'], 'administration'),
  ...under('/administration/settings/site_config/', ['announcement_banner', 'emoji', 'file_sharing_downloads', 'localization', 'notices', 'notifications', 'posts', 'public_links', 'settings', 'users_and_teams'], 'administration'),

  ...under('/api/v4/', ['introduction', 'authentication', 'websocket', 'rate-limiting', 'errors', 'schema', 'check-guest-limit', 'create-post', 'get-user', 'search-emoji'], 'api'),
  ...under('/api/v5/', ['time-api-reference', 'errors', 'auth-service/login', 'auth-service/login-ldap', 'auth-service/logout', 'auth-service/verify-phone-challenge', 'auth-service/verify-phone-confirm', 'config-service/get-auth-config', 'signup-service/validate', 'teams-service/list-my-teams'], 'api'),

  {path: '/api/cookbook/', sidebar: 'api'},
  ...under('/api/cookbook/', ['create-a-bot', 'interactive-buttons-base', 'intro-integration', 'send-a-message', 'slash-commands', 'slash-commands-reply', 'websockets', 'workflow-export', 'time-integrations-cookbook'], 'api'),
  ...under('/integrations/', ['interactive_dialogs', 'interactive_messages', 'oauth2_service_provider', 'slash_commands'], 'integrations'),
  ...under('/integrations/slack-time-proxy/', ['examples', 'supported-events', 'supported-methods'], 'integrations'),
];

/** Redirects of the contract: `from` must answer 301 with Location `to`. */
export const contractRedirects = [
  {from: '/deployment/install/capacity.html', to: '/deployment/install/capacity'},
  {from: '/deployment/index.html', to: '/deployment'},
  {from: '/faq.html?from=old', to: '/faq?from=old'},
  {from: '/administration/data-management/export-guide/data-export', to: '/administration/data-managment/export-guide/data-export'},
  ...[
    ['введение', 'introduction'],
    ['аутентификация', 'authentication'],
    ['веб-сокет', 'websocket'],
    ['схема', 'schema'],
    ['ошибки', 'errors'],
    ['лимитирование-запросов', 'rate-limiting'],
  ].map(([from, to]) => ({from: `/api/v4/${from}`, to: `/api/v4/${to}`})),
];

