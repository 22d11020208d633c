/**
 * Running organisations (issue 5): super-admin tenant administration, tenant settings, teams
 * (users, invitations, groups), profile, organisation settings and the login/activity logs.
 * Paths are under /api/v1/.
 */
export const ORG_PATHS = {
  /** GET (exists) lists, POST creates a tenant: super admin only. */
  tenants: 'tenant/list/',
  /** GET, PUT, DELETE (body {confirm: name}) one tenant: super admin only. */
  tenant: (id: string) => `tenant/${id}/`,
  monitor: 'tenant/monitor/',
  customers: 'tenant/customers/',
  configPreference: 'tenant/config/config-preference/',
  organisation: 'tenant/organisation/',
  users: 'teams/users/',
  user: (id: string) => `teams/users/${id}/`,
  userResend: (id: string) => `teams/users/${id}/resend-invitation/`,
  userActivate: (id: string) => `teams/users/${id}/activate/`,
  userDeactivate: (id: string) => `teams/users/${id}/deactivate/`,
  groups: 'teams/groups/',
  group: (id: string) => `teams/groups/${id}/`,
  groupMembers: (id: string) => `teams/groups/${id}/members/`,
  profile: 'settings/profile/',
  loginLogs: 'logs/login-logs/',
  activityLogs: 'logs/activity-logs/',
} as const;
