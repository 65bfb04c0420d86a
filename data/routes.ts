/**
 * The public route contract (shared/ROUTES.md) as data. Tests check it against the sources and the
 * production build. `issue` names the issue that builds the route, so a test can require exactly
 * the routes whose content has landed (see LANDED_ISSUES).
 */
export type SidebarId = 'docs' | 'administration' | 'api' | 'deployment' | 'integrations' | 'license';

export interface ContractRoute {
  path: string;
  sidebar: SidebarId | null;
  issue: number;
  /** Running prose (code excluded) the page must have at least: task guides that replace a vendor's manual. */
  minWords?: number;
}

/** Issues whose routes must exist in the build today. Add an issue here when its content lands. */
export const LANDED_ISSUES: readonly number[] = [2, 3, 4, 5, 18];

const under = (prefix: string, slugs: string[], sidebar: SidebarId, issue: number): ContractRoute[] =>
  slugs.map((slug) => ({path: `${prefix}${slug}`, sidebar, issue}));

/** Operations and administration task guides: each is complete enough to do the task with it alone. */
const operationsGuides = (routes: ContractRoute[]): ContractRoute[] => routes.map((r) => ({...r, minWords: 1200}));

export const contractRoutes: ContractRoute[] = [
  {path: '/', sidebar: 'docs', issue: 2},
  {path: '/faq', sidebar: 'docs', issue: 2},
  {path: '/search', sidebar: null, issue: 2},
  {path: '/license/', sidebar: 'license', issue: 2},
  {path: '/license/licences', sidebar: 'license', issue: 2},

  // Section overviews (their sections fill in later).
  {path: '/administration/', sidebar: 'administration', issue: 2},
  {path: '/api/', sidebar: 'api', issue: 2},
  {path: '/integrations/', sidebar: 'integrations', issue: 2},
  {path: '/deployment/', sidebar: 'deployment', issue: 2},

  ...under('/deployment/install/', ['capacity', 'check-list', 'components-scheme', 'configure', 'docker-compose', 'docker-modification', 'gossip', 'k8s-kustomize'], 'deployment', 2),
  {path: '/deployment/operation-and-update-policy', sidebar: 'deployment', issue: 2},
  ...under('/deployment/upgrade/', ['before', 'final', 'upgrades'], 'deployment', 2),
  ...operationsGuides([
    ...under('/deployment/operations/', ['', 'backup-restore', 'disaster-recovery', 'postgresql-ha', 'load-balancing', 'monitoring', 'logging', 'hardening'], 'deployment', 18),
    {path: '/deployment/install/systemd', sidebar: 'deployment', issue: 18},
  ]),

  ...under('/administration/', ['first-enter', 'setup-new-profile', 'troubleshooting'], 'administration', 3),
  {path: '/administration/settings/', sidebar: 'administration', issue: 3},
  ...under('/administration/data-managment/export-guide/', ['data-export', 'data-format'], 'administration', 3),
  ...under('/administration/data-managment/import-guide/', ['import-api', 'import-db-backup', 'import-faq', 'import-prepare', 'import-upload', 'import-slack', 'import-mattermost'], 'administration', 3),
  ...under('/administration/manage-authentication/', ['ldap-ad', 'mfa', 'openid-google', 'openid-keycloak', 'saml-adfs', 'saml-keycloak'], 'administration', 3),
  {path: '/administration/security/mfa', sidebar: 'administration', issue: 3},
  ...operationsGuides([
    {path: '/administration/manage-authentication/migrate-auth', sidebar: 'administration', issue: 18},
    {path: '/administration/permissions', sidebar: 'administration', issue: 18},
  ]),
  ...under('/administration/settings/', ['about', 'analytics', 'client_requirements', 'config_database', 'jobs', 'mfa_settings', 'notification_log_settings', 'optimize-your-workspace', 'reporting', 'user_management'], 'administration', 3),
  ...under('/administration/settings/authentication/', ['email', 'guest_access', 'ldap', 'mfa', 'openid', 'password', 'saml', 'signup'], 'administration', 3),
  ...under('/administration/settings/compliance/', ['custom_terms_of_service', 'data_retention_settings'], 'administration', 3),
  ...under('/administration/settings/environment/', ['caching', 'database', 'developer', 'elasticsearch', 'file_storage', 'high_availability', 'image_proxy', 'logging', 'performance_monitoring', 'plugins', 'push_notification_server', 'rate_limiting', 'session_lengths', 'smtp', 'web_server'], 'administration', 3),
  ...under('/administration/settings/experimental/', ['audits', 'feature_flags', 'features', 'video_calls'], 'administration', 3),
  ...under('/administration/settings/integrations/', ['bot_accounts', 'cors', 'integration_management'], 'administration', 3),
  ...under('/administration/settings/kafka_events/', ['channels', 'emojis', 'files', 'kafka', 'posts', 'users'], 'administration', 3),
  ...under('/administration/settings/monitoring/', ['alerts', 'logs', 'metrics'], 'administration', 3),
  ...under('/administration/settings/plugins/', ['bigbluebutton', 'confluence', 'gitlab', 'jira', 'jitsi', 'calls', 'reminder', 'workflow'], 'administration', 3),
  ...under('/administration/settings/site_config/', ['announcement_banner', 'emoji', 'file_sharing_downloads', 'localization', 'notices', 'notifications', 'posts', 'public_links', 'settings', 'users_and_teams'], 'administration', 3),

  ...under('/api/v4/', ['introduction', 'authentication', 'websocket', 'rate-limiting', 'errors', 'schema', 'check-guest-limit', 'create-post', 'get-user', 'search-emoji'], 'api', 4),
  ...under('/api/v5/', ['time-api-reference', 'errors', 'auth-service/login', 'auth-service/login-ldap', 'auth-service/logout', 'auth-service/verify-phone-challenge', 'auth-service/verify-phone-confirm', 'config-service/get-auth-config', 'signup-service/validate', 'teams-service/list-my-teams'], 'api', 4),

  {path: '/api/cookbook/', sidebar: 'api', issue: 5},
  ...under('/api/cookbook/', ['create-a-bot', 'interactive-buttons-base', 'intro-integration', 'send-a-message', 'slash-commands', 'slash-commands-reply', 'websockets', 'workflow-export', 'time-integrations-cookbook'], 'api', 5),
  ...under('/integrations/', ['interactive_dialogs', 'interactive_messages', 'oauth2_service_provider', 'slash_commands'], 'integrations', 5),
  ...under('/integrations/slack-time-proxy/', ['examples', 'supported-events', 'supported-methods'], 'integrations', 5),
];

/** Redirects of the contract: `from` must answer 301 with Location `to`. */
export const contractRedirects = [
  {from: '/deployment/install/capacity.html', to: '/deployment/install/capacity', issue: 2},
  {from: '/deployment/index.html', to: '/deployment', issue: 2},
  {from: '/faq.html?from=old', to: '/faq?from=old', issue: 2},
  {from: '/administration/data-management/export-guide/data-export', to: '/administration/data-managment/export-guide/data-export', issue: 3},
  ...[
    ['введение', 'introduction'],
    ['аутентификация', 'authentication'],
    ['веб-сокет', 'websocket'],
    ['схема', 'schema'],
    ['ошибки', 'errors'],
    ['лимитирование-запросов', 'rate-limiting'],
  ].map(([from, to]) => ({from: `/api/v4/${from}`, to: `/api/v4/${to}`, issue: 4})),
];

export const landedRoutes = (): ContractRoute[] => contractRoutes.filter((r) => LANDED_ISSUES.includes(r.issue));
