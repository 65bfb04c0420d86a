/**
 * Redirects of the public route contract (data/routes.ts) that a static host can serve as
 * pages. nginx adds the rules a static page cannot express (`X.html` → `X`), see deploy/nginx.
 */
export interface Redirect {
  from: string;
  to: string;
}

/** The historical misspelling is the canonical path; the correct spelling redirects to it. */
export function dataManagementRedirect(existingPath: string): string[] | undefined {
  const canonical = '/administration/data-managment';
  if (existingPath === canonical || existingPath.startsWith(`${canonical}/`)) {
    return [existingPath.replace(canonical, '/administration/data-management')];
  }
  return undefined;
}

/** The API v4 chapters once had Cyrillic slugs; old links keep working. */
export const cyrillicChapterSlugs: Record<string, string> = {
  введение: 'introduction',
  аутентификация: 'authentication',
  'веб-сокет': 'websocket',
  схема: 'schema',
  ошибки: 'errors',
  'лимитирование-запросов': 'rate-limiting',
};

export const redirects: Redirect[] = Object.entries(cyrillicChapterSlugs).map(([from, to]) => ({
  from: `/api/v4/${from}`,
  to: `/api/v4/${to}`,
}));

/** A page that moved: readers and search engines at its old address are sent on for good. */
export interface MovedPage extends Redirect {
  /** Why the page moved, in one line. */
  reason: string;
}

/** API v4 operations renamed to the vendor's operationId: the page slug follows the new name. */
export const renamedOperations: Record<string, string> = {
  GetApplicationsForTeam: 'GetTeamApplications',
  UpdateApplication: 'PatchApplication',
  CreateOauthApp: 'CreateOAuthApp',
  GetOauthApps: 'GetOAuthApps',
  GetOauthApp: 'GetOAuthApp',
  UpdateOauthApp: 'UpdateOAuthApp',
  DeleteOauthApp: 'DeleteOAuthApp',
  RegenerateOauthAppSecret: 'RegenerateOAuthAppSecret',
  GetOauthAppInfo: 'GetOAuthAppInfo',
  GetAuthorizedOauthAppsForUser: 'GetAuthorizedOAuthAppsForUser',
  TestObjectStorageConnection: 'TestS3Connection',
  SetThreadUnreadByPostId: 'SetThreadUnreadForUser',
};

/**
 * Operations once documented here that Time servers do not serve: neither the vendor's API nor
 * Mattermost 7.8, the lineage Time's server comes from, has them. Each page sends its readers to
 * the operation that does the job on a real server.
 */
export const removedOperations: Record<string, [target: string, why: string]> = {
  EnableApplication: ['InstallApplication', 'applications are switched on per team by installing them'],
  DisableApplication: ['UninstallApplication', 'applications are switched off per team by uninstalling them'],
  RegenApplicationBotToken: ['RegenApplicationToken', 'one operation regenerates each kind of application token'],
  RegenApplicationCommandToken: ['RegenApplicationToken', 'one operation regenerates each kind of application token'],
  RegenBotToken: ['CreateUserAccessToken', 'bots authenticate with personal access tokens'],
  GetCallToken: ['GetConfcallToken', 'conference calls take their token from /confcall/token'],
  GetCallStatus: ['GetConfcallToken', 'no call-status operation exists; calls start from /confcall/token'],
  GetChannelsMemberCount: ['GetChannelStats', 'Mattermost added the batch count after 7.8; channel stats give member_count'],
  MigrateConfig: ['UpdateConfig', 'configuration migration exists only in local mode, not over HTTP'],
  CreateExport: ['CreateJob', 'a bulk export is started as an export_process job'],
  DeleteImport: ['ListImports', 'import files cannot be deleted over the API'],
  UpdateJobStatus: ['CancelJob', 'cancelling is the only change of a job state over the API'],
  GetEditHistoryForPost: ['GetPost', 'post edit history arrived in Mattermost after 7.8'],
  RestorePostVersion: ['PatchPost', 'earlier text is put back by editing the post'],
  MoveThread: ['GetPostThread', 'threads cannot be moved between channels'],
  GetReminders: ['ReminderListNewPost', 'the Reminder plugin lists reminders at its own routes'],
  CreateReminder: ['ReminderCreateNewPost', 'the Reminder plugin schedules posts at its own routes'],
  CreateReminderAboutPost: ['ReminderExistsPostCreate', 'the Reminder plugin reminds about posts at its own routes'],
  GetReminder: ['ReminderListNewPost', 'the Reminder plugin has no single-reminder read; its lists hold every reminder'],
  UpdateReminder: ['ReminderUpdateNewPost', 'the Reminder plugin updates reminders at its own routes'],
  DeleteReminder: ['ReminderDeleteNewPost', 'the Reminder plugin deletes reminders at its own routes'],
  SnoozeReminder: ['ReminderUpdateNewPost', 'a reminder is rescheduled by updating it'],
  CompleteReminder: ['ReminderDeleteNewPost', 'a finished reminder is deleted'],
  SearchPostsWithHighlights: ['SearchPosts', 'there is no version 2 of post search'],
  SearchTeamPostsWithHighlights: ['SearchPosts', 'there is no version 2 of post search'],
  GetGuestLimitStatus: ['GetLicenseUsage', 'licence usage, guests included, is read from /license/usage'],
  GetThreadMentionCountsByChannel: ['GetThreadsStatsForUser', 'Mattermost removed this route in 2021; thread stats give the mention totals'],
  ResetPasswordFailedAttempts: ['UpdateUserPassword', 'setting a new password clears the failed attempts'],
  GenerateMfaRecoveryCodes: ['GenerateMfaSecret', 'MFA has no recovery codes; a new secret is generated instead'],
  UpdateUserRestrictedGuest: ['UpdateUserRoles', 'the restricted guest is a role, set with the user roles'],
  GetWorkflowsForChannel: ['WorkflowMapByChannelId', "the Workflow plugin lists a channel's automations at its own routes"],
  CreateWorkflow: ['WorkflowCreate', 'the Workflow plugin creates automations at its own routes'],
  ImportWorkflow: ['WorkflowCreate', 'an automation is imported by creating it'],
  GetWorkflow: ['WorkflowGetById', 'the Workflow plugin reads an automation at its own routes'],
  UpdateWorkflow: ['WorkflowUpdate', 'the Workflow plugin updates automations at its own routes'],
  DeleteWorkflow: ['WorkflowDelete', 'the Workflow plugin deletes automations at its own routes'],
  EnableWorkflow: ['WorkflowUpdate', 'an automation is switched on and off by updating it'],
  DisableWorkflow: ['WorkflowUpdate', 'an automation is switched on and off by updating it'],
  RunWorkflow: ['WorkflowExecuteStep', 'automations run step by step'],
  ExportWorkflow: ['WorkflowExportTask', 'an export is a task the plugin carries out'],
  GetWorkflowRuns: ['WorkflowGetById', 'the Workflow plugin keeps no run history'],
  GetWorkflowRun: ['WorkflowGetById', 'the Workflow plugin keeps no run history'],
  SubmitWorkflowForm: ['WorkflowExecuteStep', "a step's form is submitted by executing the step"],
};

/**
 * Section folders whose overview is a chapter inside them rather than the nearest page above: the
 * API references open with their introductions.
 */
export const folderOverviews: Record<string, string> = {
  '/api/v4': '/api/v4/introduction',
  '/api/v5': '/api/v5/time-api-reference',
};

const trimSlash = (p: string): string => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/**
 * Every folder of the site's page paths that is not a page itself (`/api/v4`, `/deployment/install`),
 * with the page a reader who trims a URL expects: the overview named in `folderOverviews`; else the
 * folder's own overview page named like it (`/api/v5/auth-service/auth-service`, an API service's
 * tag page); else, as for `/administration/settings/environment`, where its parent folder leads.
 */
export function folderRedirects(pagePaths: Iterable<string>): Redirect[] {
  const pages = new Set([...pagePaths].map(trimSlash));
  const folders = new Set<string>();
  for (const page of pages) {
    const parts = page.split('/').filter(Boolean);
    for (let i = 1; i < parts.length; i++) folders.add(`/${parts.slice(0, i).join('/')}`);
  }
  const overview = (folder: string): string => {
    if (pages.has(folder)) return folder;
    const named = folderOverviews[folder];
    if (named && pages.has(named)) return named;
    const own = `${folder}/${folder.slice(folder.lastIndexOf('/') + 1)}`;
    if (pages.has(own)) return own;
    const parent = folder.slice(0, folder.lastIndexOf('/'));
    return parent === '' ? '/' : overview(parent);
  };
  return [...folders]
    .filter((folder) => !pages.has(folder))
    .sort()
    .map((folder) => ({from: folder, to: overview(folder)}));
}
