import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import YAML from 'yaml';

// Facts of the roles-and-permissions guide and the sign-in migration guide, checked against the sources
// they come from, so an edit cannot name a role, permission, CLI flag or request field Time does not have:
// - role ids: the *RoleId constants of Mattermost 7.8's model/role.go (the lineage Time descends from);
// - permission ids: every &Permission{} of 7.8's model/permission.go, plus the four names channel
//   moderation uses instead (ChannelModeratedPermissions: create_post, create_reactions, manage_members,
//   use_channel_mentions);
// - request fields and values: the vendor's own API structure (openapi/v4/vendor), which also carries
//   Time's own restricted-guest fields (scheme_restricted_guest, restricted_guests, …);
// - timectl flags: the flags mmctl 7.8.15 defines for each command the guides run, and its global flags;
//   `user migrate-auth` takes only ldap or saml as the target and the from/match values its code accepts.
// Every snake_case name in an inline code span must be one of these, and every JSON body a curl command
// sends must fit the operation it calls.

const root = path.resolve(__dirname, '../..');
const PAGES = ['docs/administration/manage-authentication/migrate-auth.md', 'docs/administration/permissions.md'];
const STRUCTURE = 'openapi/v4/vendor/time-api-v4.structure.yaml';

const ROLES_78 = new Set([
  'system_guest',
  'system_user',
  'system_admin',
  'system_post_all',
  'system_post_all_public',
  'system_user_access_token',
  'system_user_manager',
  'system_read_only_admin',
  'system_manager',
  'system_custom_group_admin',
  'team_guest',
  'team_user',
  'team_admin',
  'team_post_all',
  'team_post_all_public',
  'channel_guest',
  'channel_user',
  'channel_admin',
  'custom_group_user',
  'playbook_admin',
  'playbook_member',
  'run_admin',
  'run_member',
]);

const MODERATED_78 = new Set(['create_post', 'create_reactions', 'manage_members', 'use_channel_mentions']);

const PERMISSIONS_78 = new Set(
  `
  add_ldap_private_cert add_ldap_public_cert add_reaction add_saml_idp_cert add_saml_private_cert
  add_saml_public_cert add_user_to_team assign_bot assign_system_admin_role convert_private_channel_to_public
  convert_public_channel_to_private create_bot create_compliance_export_job create_custom_group
  create_data_retention_job create_direct_channel create_elasticsearch_post_aggregation_job
  create_elasticsearch_post_indexing_job create_emojis create_group_channel create_ldap_sync_job create_post
  create_post_bleve_indexes_job create_post_ephemeral create_post_public create_private_channel create_public_channel
  create_team create_user_access_token delete_custom_group delete_emojis delete_others_emojis delete_others_posts
  delete_post delete_private_channel delete_public_channel demote_to_guest download_compliance_export_result
  edit_brand edit_custom_group edit_other_users edit_others_posts edit_post get_analytics get_logs get_public_link
  get_saml_cert_status get_saml_metadata_from_idp import_team invalidate_caches invalidate_email_invite invite_guest
  invite_user join_private_teams join_public_channels join_public_teams list_private_teams list_public_teams
  list_team_channels list_users_without_team manage_bots manage_channel_roles manage_custom_group_members
  manage_emojis manage_incoming_webhooks manage_jobs manage_license_information manage_oauth manage_others_bots
  manage_others_emojis manage_others_incoming_webhooks manage_others_outgoing_webhooks manage_others_slash_commands
  manage_others_webhooks manage_outgoing_webhooks manage_private_channel_members manage_private_channel_properties
  manage_public_channel_members manage_public_channel_properties manage_roles manage_secure_connections
  manage_shared_channels manage_slash_commands manage_system manage_system_wide_oauth manage_team manage_team_roles
  manage_webhooks permanent_delete_user playbook_private_create playbook_private_make_public
  playbook_private_manage_members playbook_private_manage_properties playbook_private_manage_roles
  playbook_private_view playbook_public_create playbook_public_make_private playbook_public_manage_members
  playbook_public_manage_properties playbook_public_manage_roles playbook_public_view promote_guest
  purge_bleve_indexes purge_elasticsearch_indexes read_audits read_bots read_channel read_compliance_export_job
  read_data_retention_job read_deleted_posts read_elasticsearch_post_aggregation_job
  read_elasticsearch_post_indexing_job read_jobs read_ldap_sync_job read_license_information read_other_users_teams
  read_others_bots read_private_channel_groups read_public_channel read_public_channel_groups read_user_access_token
  recycle_database_connections reload_config remove_ldap_private_cert remove_ldap_public_cert remove_others_reactions
  remove_reaction remove_saml_idp_cert remove_saml_private_cert remove_saml_public_cert remove_user_from_team
  restore_custom_group revoke_user_access_token run_create run_manage_members run_manage_properties run_view
  sysconsole_read_about sysconsole_read_about_edition_and_license sysconsole_read_authentication
  sysconsole_read_authentication_email sysconsole_read_authentication_guest_access
  sysconsole_read_authentication_ldap sysconsole_read_authentication_mfa sysconsole_read_authentication_openid
  sysconsole_read_authentication_password sysconsole_read_authentication_saml sysconsole_read_authentication_signup
  sysconsole_read_billing sysconsole_read_compliance sysconsole_read_compliance_compliance_export
  sysconsole_read_compliance_compliance_monitoring sysconsole_read_compliance_custom_terms_of_service
  sysconsole_read_compliance_data_retention_policy sysconsole_read_environment sysconsole_read_environment_database
  sysconsole_read_environment_developer sysconsole_read_environment_elasticsearch
  sysconsole_read_environment_file_storage sysconsole_read_environment_high_availability
  sysconsole_read_environment_image_proxy sysconsole_read_environment_logging
  sysconsole_read_environment_performance_monitoring sysconsole_read_environment_push_notification_server
  sysconsole_read_environment_rate_limiting sysconsole_read_environment_session_lengths
  sysconsole_read_environment_smtp sysconsole_read_environment_web_server sysconsole_read_experimental
  sysconsole_read_experimental_bleve sysconsole_read_experimental_feature_flags sysconsole_read_experimental_features
  sysconsole_read_integrations sysconsole_read_integrations_bot_accounts sysconsole_read_integrations_cors
  sysconsole_read_integrations_gif sysconsole_read_integrations_integration_management sysconsole_read_plugins
  sysconsole_read_products_boards sysconsole_read_reporting sysconsole_read_reporting_server_logs
  sysconsole_read_reporting_site_statistics sysconsole_read_reporting_team_statistics sysconsole_read_site
  sysconsole_read_site_announcement_banner sysconsole_read_site_customization sysconsole_read_site_emoji
  sysconsole_read_site_file_sharing_and_downloads sysconsole_read_site_localization sysconsole_read_site_notices
  sysconsole_read_site_notifications sysconsole_read_site_posts sysconsole_read_site_public_links
  sysconsole_read_site_users_and_teams sysconsole_read_user_management_channels
  sysconsole_read_user_management_groups sysconsole_read_user_management_permissions
  sysconsole_read_user_management_system_roles sysconsole_read_user_management_teams
  sysconsole_read_user_management_users sysconsole_write_about sysconsole_write_about_edition_and_license
  sysconsole_write_authentication sysconsole_write_authentication_email sysconsole_write_authentication_guest_access
  sysconsole_write_authentication_ldap sysconsole_write_authentication_mfa sysconsole_write_authentication_openid
  sysconsole_write_authentication_password sysconsole_write_authentication_saml
  sysconsole_write_authentication_signup sysconsole_write_billing sysconsole_write_compliance
  sysconsole_write_compliance_compliance_export sysconsole_write_compliance_compliance_monitoring
  sysconsole_write_compliance_custom_terms_of_service sysconsole_write_compliance_data_retention_policy
  sysconsole_write_environment sysconsole_write_environment_database sysconsole_write_environment_developer
  sysconsole_write_environment_elasticsearch sysconsole_write_environment_file_storage
  sysconsole_write_environment_high_availability sysconsole_write_environment_image_proxy
  sysconsole_write_environment_logging sysconsole_write_environment_performance_monitoring
  sysconsole_write_environment_push_notification_server sysconsole_write_environment_rate_limiting
  sysconsole_write_environment_session_lengths sysconsole_write_environment_smtp
  sysconsole_write_environment_web_server sysconsole_write_experimental sysconsole_write_experimental_bleve
  sysconsole_write_experimental_feature_flags sysconsole_write_experimental_features sysconsole_write_integrations
  sysconsole_write_integrations_bot_accounts sysconsole_write_integrations_cors sysconsole_write_integrations_gif
  sysconsole_write_integrations_integration_management sysconsole_write_plugins sysconsole_write_products_boards
  sysconsole_write_reporting sysconsole_write_reporting_server_logs sysconsole_write_reporting_site_statistics
  sysconsole_write_reporting_team_statistics sysconsole_write_site sysconsole_write_site_announcement_banner
  sysconsole_write_site_customization sysconsole_write_site_emoji sysconsole_write_site_file_sharing_and_downloads
  sysconsole_write_site_localization sysconsole_write_site_notices sysconsole_write_site_notifications
  sysconsole_write_site_posts sysconsole_write_site_public_links sysconsole_write_site_users_and_teams
  sysconsole_write_user_management_channels sysconsole_write_user_management_groups
  sysconsole_write_user_management_permissions sysconsole_write_user_management_system_roles
  sysconsole_write_user_management_teams sysconsole_write_user_management_users test_elasticsearch test_email
  test_ldap test_s3 test_site_url upload_file use_channel_mentions use_group_mentions use_slash_commands view_members
  view_team`
    .split(/\s+/)
    .filter(Boolean),
);

/** mmctl 7.8.15: root persistent flags, and the flags of each command the guides run (shorthands included). */
const GLOBAL_FLAGS = new Set([
  'config',
  'suppress-warnings',
  'format',
  'json',
  'strict',
  'insecure-sha1-intermediate',
  'insecure-tls-version',
  'local',
  'disable-pager',
  'quiet',
]);
const COMMAND_FLAGS: Record<string, string[]> = {
  'user migrate-auth': ['force', 'auto', 'confirm'],
  'user change-password': ['current', 'c', 'password', 'p', 'hashed'],
  'user search': [],
  'user list': ['page', 'per-page', 'all', 'team'],
  'ldap sync': ['include-removed-members'],
  'ldap idmigrate': [],
  'config set': [],
  'config get': [],
  'permissions add': [],
  'permissions remove': [],
  'permissions reset': [],
  'permissions role show': [],
  'permissions role assign': [],
  'permissions role unassign': [],
};
/** commands/user.go migrateAuthCmdF: the values the command accepts. */
const MIGRATE_FROM = new Set(['email', 'gitlab', 'google', 'ldap', 'office365', 'saml']);
const MIGRATE_TO = new Set(['ldap', 'saml']);
const MATCH_FIELDS = new Set(['email', 'username']);

type Schema = {type?: string; properties?: Record<string, Schema>; required?: string[]; enum?: unknown[]; items?: Schema; $ref?: string};
type Operation = {requestBody?: {content?: Record<string, {schema?: Schema}>}};

const structure = YAML.parse(fs.readFileSync(path.join(root, STRUCTURE), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: {schemas: Record<string, Schema>};
};

/** Every property name and enum value anywhere in the structure: the field names Time's API knows. */
function structureNames(): Set<string> {
  const names = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && value && typeof value === 'object') Object.keys(value).forEach((k) => names.add(k));
      if (key === 'enum' && Array.isArray(value)) value.forEach((v) => names.add(String(v)));
      if (key === 'parameters' && Array.isArray(value)) value.forEach((p: {name?: string}) => p?.name && names.add(p.name));
      walk(value);
    }
  };
  walk(structure);
  return names;
}
const API_NAMES = structureNames();

const resolve = (schema: Schema | undefined): Schema | undefined =>
  schema?.$ref ? structure.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;

/** Why a snake_case name is unknown, or null. */
export function unknownName(name: string): string | null {
  if (ROLES_78.has(name) || PERMISSIONS_78.has(name) || MODERATED_78.has(name) || API_NAMES.has(name)) return null;
  return `"${name}" is neither a 7.8 role or permission nor a field of Time's API structure`;
}

/** Snake_case names written as a whole inline code span (`team_user`, `auth_data`). */
export function snakeNames(text: string): string[] {
  const withoutFences = text.replace(/```[\s\S]*?```/g, '');
  return [...withoutFences.matchAll(/`([a-z][a-z0-9]*(?:_[a-z0-9]+)+)`/g)].map((m) => m[1]);
}

/** Flags that take the next word as their value (`--format json`, `--password SECRET`). */
const VALUE_FLAGS = new Set(['config', 'format', 'current', 'c', 'password', 'p', 'page', 'per-page', 'team']);

/** Flags and arguments of a word list, a flag's separate value skipped. */
function splitArgs(words: string[]): {flags: string[]; args: string[]} {
  const flags: string[] = [];
  const args: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (!/^--?[a-z]/.test(words[i])) {
      args.push(words[i]);
      continue;
    }
    const [flag, value] = words[i].replace(/^--?/, '').split('=');
    flags.push(flag);
    if (value === undefined && VALUE_FLAGS.has(flag)) i++;
  }
  return {flags, args};
}

/**
 * Why one timectl invocation uses a flag or argument mmctl 7.8 does not have, or null. A command named
 * without arguments (prose such as «команда `timectl user migrate-auth`», or a command group) is a mention.
 */
export function wrongTimectl(invocation: string): string | null {
  const words = invocation.trim().split(/\s+/);
  const leading: string[] = [];
  while (words[0]?.startsWith('-')) {
    const flag = words.shift()!;
    leading.push(flag);
    if (!flag.includes('=') && VALUE_FLAGS.has(flag.replace(/^--?/, ''))) leading.push(words.shift()!);
  }
  const known = Object.keys(COMMAND_FLAGS);
  const command = known.filter((c) => words.slice(0, c.split(' ').length).join(' ') === c).sort((a, b) => b.length - a.length)[0];
  if (!command) {
    const mention = words.join(' ');
    if (known.some((c) => c.startsWith(`${mention} `))) return null;
    return `"timectl ${words.slice(0, 2).join(' ')}": add its flags from mmctl 7.8 to this test before using it`;
  }
  const rest = words.slice(command.split(' ').length);
  if (rest.length === 0) return null;
  const {flags, args} = splitArgs([...leading, ...rest]);
  const bad = flags.find((f) => !GLOBAL_FLAGS.has(f) && !COMMAND_FLAGS[command].includes(f));
  if (bad) return `timectl ${command} has no flag --${bad} in mmctl 7.8`;
  if (command === 'user migrate-auth') {
    const [from, to, option] = args;
    if (!MIGRATE_FROM.has(from)) return `user migrate-auth does not accept "${from}" as from_auth`;
    if (!MIGRATE_TO.has(to)) return `user migrate-auth migrates only to ldap or saml, not "${to}"`;
    if (to === 'ldap' && !MATCH_FIELDS.has(option)) return `user migrate-auth to ldap matches by email or username, not "${option}"`;
  }
  return null;
}

/** The timectl invocations of a text, each cut at the end of its shell command or code span. */
export function timectlInvocations(text: string): string[] {
  return [...text.replace(/\\\n\s*/g, ' ').matchAll(/\btimectl((?:[ \t]+[^\s`|;&)]+)+)/g)].map((m) => m[1]);
}

/**
 * Fields the server of the lineage reads that the vendor's structure leaves out, with the reason. Mattermost 7.8
 * refuses a scheme without a display name (model/scheme.go IsValidForCreate) and stores its description.
 */
const LINEAGE_FIELDS: Record<string, string[]> = {'POST /api/v4/schemes': ['display_name', 'description']};

/** Why a JSON body does not fit a request schema, or null. Arrays are checked item by item. */
export function wrongBody(body: unknown, schema: Schema | undefined, where: string): string | null {
  const s = resolve(schema);
  if (!s) return `${where}: the structure has no request body here`;
  if (Array.isArray(body)) {
    for (const item of body) {
      const why = wrongBody(item, s.type === 'array' ? s.items : s, where);
      if (why) return why;
    }
    return null;
  }
  if (!s.properties || typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const extra = Object.keys(record).find((k) => !(k in s.properties!) && !LINEAGE_FIELDS[where]?.includes(k));
  if (extra) return `${where}: the structure has no field "${extra}"`;
  const missing = (s.required ?? []).find((k) => !(k in record));
  if (missing) return `${where}: required field "${missing}" is missing`;
  for (const [key, value] of Object.entries(record)) {
    const field = resolve(s.properties[key]);
    if (field?.enum && !field.enum.includes(value)) return `${where}: "${key}" must be one of ${field.enum.join(', ')}, not ${JSON.stringify(value)}`;
    if (field?.properties && typeof value === 'object') {
      const why = wrongBody(value, field, `${where} ${key}`);
      if (why) return why;
    }
  }
  return null;
}

/** The operation a curl command calls, with the body it sends (inline or from a titled JSON block of the page). */
export function curlBodies(text: string): {method: string; apiPath: string; body: unknown}[] {
  const files = new Map([...text.matchAll(/```json title="([^"]+)"\n([\s\S]*?)```/g)].map((m) => [path.basename(m[1]), m[2]]));
  const joined = text.replace(/\\\n\s*/g, ' ');
  return [...joined.matchAll(/curl [^\n]*/g)].flatMap(([command]) => {
    const url = command.match(/https:\/\/[^/\s"']+(\/api\/v4\/[^\s"'?]*)/);
    const data = command.match(/-d '([^']*)'/)?.[1] ?? files.get(command.match(/-d @(\S+)/)?.[1] ?? '');
    if (!url || data === undefined) return [];
    return [{method: (command.match(/-X ([A-Z]+)/)?.[1] ?? 'POST').toLowerCase(), apiPath: url[1], body: JSON.parse(data)}];
  });
}

/** The structure's operation for a concrete path (`$VAR` segments stand for a path parameter). */
function operationFor(method: string, apiPath: string): Operation | undefined {
  const concrete = apiPath.split('/');
  const match = Object.entries(structure.paths).find(([p]) => {
    const segments = p.split('/');
    return segments.length === concrete.length && segments.every((s, i) => s === concrete[i] || (/^\{.+\}$/.test(s) && /^(\$|\{)/.test(concrete[i])));
  });
  return match?.[1][method];
}

const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('roles, permissions and sign-in migration facts', () => {
  it('know the lineage and reject what it never had', () => {
    expect(unknownName('system_user_manager')).toBeNull();
    expect(unknownName('create_public_channel')).toBeNull();
    expect(unknownName('scheme_restricted_guest')).toBeNull();
    expect(unknownName('system_superuser')).toMatch(/neither/);
    expect(unknownName('manage_integrations')).toMatch(/neither/);
    expect(snakeNames('роль `team_user` и `api.user.x` и\n```\nteam_bogus\n```')).toEqual(['team_user']);
    expect(wrongTimectl(' user migrate-auth email ldap email --force')).toBeNull();
    expect(wrongTimectl(' --format json user list --all')).toBeNull();
    expect(wrongTimectl(' user migrate-auth email openid')).toMatch(/only to ldap or saml/);
    expect(wrongTimectl(' user migrate-auth email ldap email --dry-run')).toMatch(/no flag --dry-run/);
    expect(wrongTimectl(' user migrate-auth email ldap objectGUID')).toMatch(/email or username/);
    expect(wrongTimectl(' ldap frobnicate')).toMatch(/add its flags/);
    const ldap = operationFor('post', '/api/v4/users/migrate_auth/ldap')?.requestBody?.content?.['application/json']?.schema;
    expect(wrongBody({from: 'email', match_field: 'email', force: false}, ldap, 'x')).toBeNull();
    expect(wrongBody({from: 'okta', match_field: 'email', force: false}, ldap, 'x')).toMatch(/"from" must be one of/);
    expect(wrongBody({from: 'email', match_field: 'email'}, ldap, 'x')).toMatch(/"force" is missing/);
    expect(wrongBody({from: 'email', match_field: 'email', force: false, dry_run: true}, ldap, 'x')).toMatch(/no field "dry_run"/);
    expect(curlBodies('curl -sS -X PUT \\\n  -d \'{"a": 1}\' \\\n  "https://time.example.ru/api/v4/users/$USER_ID/auth"')).toEqual([
      {method: 'put', apiPath: '/api/v4/users/$USER_ID/auth', body: {a: 1}},
    ]);
    expect(operationFor('put', '/api/v4/users/$USER_ID/auth')).toBeDefined();
    const moderation = operationFor('put', '/api/v4/channels/$CHANNEL_ID/moderations/patch')?.requestBody?.content?.['application/json']?.schema;
    expect(wrongBody([{name: 'create_post', roles: {members: false, restricted_guests: false}}], moderation, 'x')).toBeNull();
    expect(wrongBody([{name: 'create_post', roles: {admins: false}}], moderation, 'x')).toMatch(/no field "admins"/);
  });

  for (const page of PAGES) {
    it(`${page} names only real roles, permissions and fields`, () => {
      expect(snakeNames(read(page)).flatMap((n) => unknownName(n) ?? [])).toEqual([]);
    });

    it(`${page} runs timectl only with mmctl 7.8 flags and arguments`, () => {
      const invocations = timectlInvocations(read(page));
      expect(invocations.length).toBeGreaterThan(0);
      expect(invocations.flatMap((i) => wrongTimectl(i) ?? [])).toEqual([]);
    });

    it(`${page} sends request bodies that fit the vendor's operations`, () => {
      const calls = curlBodies(read(page));
      expect(calls.length).toBeGreaterThan(0);
      const wrong = calls.flatMap(({method, apiPath, body}) => {
        const op = operationFor(method, apiPath);
        if (!op) return [`${method.toUpperCase()} ${apiPath}: not an operation of the structure`];
        return wrongBody(body, op.requestBody?.content?.['application/json']?.schema, `${method.toUpperCase()} ${apiPath}`) ?? [];
      });
      expect(wrong).toEqual([]);
    });
  }

  it('say that only LDAP and SAML have a timectl bulk path and never offer the removed admin-only integrations key', () => {
    const migrate = read(PAGES[0]);
    expect(migrate).toContain('invalid to_auth parameter, must be saml or ldap');
    expect(migrate).toContain('POST /api/v4/users/migrate_auth/openid');
    for (const page of PAGES) expect(read(page)).not.toMatch(/EnableOnlyAdminIntegrations/);
  });
});
