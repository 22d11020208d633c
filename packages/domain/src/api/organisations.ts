import { z } from 'zod';
import { ROLES, hasRole, type Actor, type Role } from '../rules/roles';
import { SUBSCRIPTION_NAMES } from '../rules/subscriptions';
import { DASHBOARD_FLAG_KEYS, type DashboardFlagKey } from '../rules/tenant-settings';
import { isEmail, emailMessages } from '../validators/email';
import { storableText } from '../validators/storable-text';
import { paginated, pageQuerySchema } from './pagination';
import { tenantInfoSchema } from './devices';
import { tenantSchema } from './tenants';
import { roleSchema } from './auth';

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

// ---------------------------------------------------------------------------------------------
// Who may do what (the server enforces these; the console uses them to hide or disable controls).
// Super admins pass every check.

/** Team lists, groups, settings and organisation details: every console role reads. */
export const canReadTeams = (a: Actor) => hasRole(a, ['owner', 'admin', 'editor', 'viewer']);
/** Users, invitations, groups, tenant settings, organisation settings: owners and admins. */
export const canManageUsers = (a: Actor) => hasRole(a, ['owner', 'admin']);
/**
 * Login and activity logs carry people's addresses and everything they changed: owners and
 * admins read them; editors, viewers and guests do not.
 */
export const canReadLogs = (a: Actor) => hasRole(a, ['owner', 'admin']);

/** Which roles an actor may hand out (invite with, or change to): only owners make owners. */
export function assignableRoles(a: Actor): Role[] {
  if (a.isSuperAdmin || a.role === 'owner') return [...ROLES];
  if (a.role === 'admin') return ROLES.filter((r) => r !== 'owner');
  return [];
}

/** Whether an actor may change (role, active, remove) a member who has `targetRole`. */
export function canChangeMember(a: Actor, targetRole: Role): boolean {
  if (!canManageUsers(a)) return false;
  return targetRole !== 'owner' || a.isSuperAdmin || a.role === 'owner';
}

export const TEAM_MESSAGES = {
  lastOwner: 'An organisation needs at least one owner: make someone else owner first.',
  selfRole: 'You cannot change your own role.',
  selfDeactivate: 'You cannot deactivate yourself.',
  selfRemove: 'You cannot remove yourself from the organisation.',
  ownerOnly: 'Only an owner can make someone owner or change an owner.',
  alreadyMember: 'This user is already a member of this organisation.',
  otherTenant: 'This e-mail already has an account in another organisation.',
  pending: 'This user has not accepted the invitation yet.',
  notPending: 'This user has already activated the account.',
  groupNameTaken: 'A group with this name already exists.',
  notMembers: 'Every member must be a user of this organisation.',
  confirmName: 'Type the tenant name exactly to confirm.',
  tenantNameTaken: 'An organisation with this name already exists.',
  invalidTimezone: 'Choose a valid time zone.',
  emptyState: 'Create your First User',
  settingsSaved: 'Settings saved successfully',
  settingsLoadFailed: 'Error occured in settings',
} as const;

// ---------------------------------------------------------------------------------------------
// Shared pieces

const email = storableText().trim().toLowerCase().max(254).refine(isEmail, emailMessages.invalid);
/** Free text of a request, trimmed: every such field reaches the database. */
const text = (max: number) => storableText().trim().max(max);
const search = text(200).optional();
const name = (max: number) => storableText().trim().min(1, 'Field is required').max(max);
const subscriptionsSchema = z.array(z.enum(SUBSCRIPTION_NAMES)).max(SUBSCRIPTION_NAMES.length)
  .refine((l) => new Set(l).size === l.length, 'Duplicate Value Found');

/** IANA time zone, checked the way the browser will use it. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
export const timeZoneSchema = storableText().trim().min(1).max(64).refine(isTimeZone, TEAM_MESSAGES.invalidTimezone);

/** `tid` picks the tenant for a super admin; tenant users may only name their own. */
export const tidQuerySchema = z.object({ tid: z.string().uuid().optional() });
export const tidPageQuerySchema = pageQuerySchema.extend({ tid: z.string().uuid().optional() });
export const idParamSchema = z.object({ id: z.string().uuid() });

// ---------------------------------------------------------------------------------------------
// Super admin: tenants, monitor, customers

export const tenantCreateBodySchema = z.object({
  name: name(80),
  subscriptions: subscriptionsSchema.default([]),
  all_product_access: z.boolean().default(false),
  /** Invited as the first owner: an inactive account and an activation e-mail. */
  owner_email: email.optional(),
});
export type TenantCreateBody = z.infer<typeof tenantCreateBodySchema>;

export const tenantUpdateBodySchema = z
  .object({
    name: name(80).optional(),
    subscriptions: subscriptionsSchema.optional(),
    all_product_access: z.boolean().optional(),
    suspended: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change');
export type TenantUpdateBody = z.infer<typeof tenantUpdateBodySchema>;

/** Deleting a tenant removes it with everything in it; the name typed again confirms it. */
export const tenantDeleteBodySchema = z.object({ confirm: storableText().min(1, 'Field is required').max(80) });

export const tenantDetailSchema = tenantSchema.extend({
  owner_emails: z.array(z.string()),
  users: z.number().int(),
  devices: z.number().int(),
});
export type TenantDetail = z.infer<typeof tenantDetailSchema>;

export const tenantMonitorBodySchema = z.object({ tenant_id: z.string().uuid() });

/** A user of a tenant as the teams page and the monitor show them. */
export const USER_STATUSES = ['active', 'inactive', 'pending'] as const;
export const teamUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: roleSchema,
  active: z.boolean(),
  /** pending: invited, not activated yet; inactive: deactivated by an owner or admin. */
  status: z.enum(USER_STATUSES),
  two_factor_enabled: z.boolean(),
  last_login: z.string().nullable(),
  /** Devices (endpoints) this user is signed in on. */
  devices: z.number().int(),
  created_at: z.string(),
});
export type TeamUser = z.infer<typeof teamUserSchema>;
export const teamUserListSchema = paginated(teamUserSchema);

export const activityEntrySchema = z.object({ time: z.string(), action: z.string(), user: z.string().nullable() });

export const tenantMonitorSchema = z.object({
  tenant: tenantDetailSchema,
  info: tenantInfoSchema,
  users: z.array(teamUserSchema),
  last_activity: activityEntrySchema.nullable(),
  last_login: activityEntrySchema.nullable(),
});
export type TenantMonitor = z.infer<typeof tenantMonitorSchema>;

export const customerSchema = z.object({
  id: z.string(),
  tenantname: z.string(),
  /** The first owner's e-mail; null when the tenant has no owner yet. */
  owner_email: z.string().nullable(),
  subscriptions: z.array(z.string()),
  all_product_access: z.boolean(),
  suspended: z.boolean(),
  devices: z.number().int(),
  users: z.number().int(),
  created_at: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;
export const customerListSchema = paginated(customerSchema);
export const customerQuerySchema = pageQuerySchema.extend({ search });

// ---------------------------------------------------------------------------------------------
// Tenant settings (spec 000 §2.12, §3): GET and POST tenant/config/config-preference/?tid=

const flagsSchema = z.object(
  Object.fromEntries(DASHBOARD_FLAG_KEYS.map((k) => [k, z.boolean()])) as Record<DashboardFlagKey, z.ZodBoolean>,
);
export const settingsPaginationSchema = z.object({ pageSize: z.number().int().min(1).max(1000), needPagination: z.boolean() });

export const configPreferenceSchema = z.object({
  dashboard: flagsSchema,
  devReg_autoApprove: z.boolean(),
  pagination: settingsPaginationSchema,
  /** True when a device of the tenant has a third WAN link: the WAN 3 toggle is enabled then. */
  wan3_available: z.boolean(),
});
export type ConfigPreference = z.infer<typeof configPreferenceSchema>;

/** Save body {dashboard:{flags}, devReg_autoApprove}; flags left out keep their stored value. */
export const configPreferenceBodySchema = z
  .object({
    dashboard: flagsSchema.partial().strict().default({}),
    devReg_autoApprove: z.boolean().optional(),
    pagination: settingsPaginationSchema.partial().optional(),
  })
  .strict();
export type ConfigPreferenceBody = z.input<typeof configPreferenceBodySchema>;

/** The toggles of the Settings page, in order (spec 000 §2.12). */
export interface SettingToggle {
  key: DashboardFlagKey | 'devReg_autoApprove';
  name: string;
  description: string;
  customizable: boolean;
  hide?: boolean;
}
export const SETTING_TOGGLES: readonly SettingToggle[] = [
  { key: 'commercialDashboard', name: 'Commercial View', description: 'Show the commercial data (amount and date per WAN link) on the device dashboard.', customizable: true },
  { key: 'netflow', name: 'Usage Graph', description: 'Show the usage (netflow) graphs on the dashboards.', customizable: true },
  { key: 'url_stats', name: 'URL Stats', description: 'Show the web filter URL statistics.', customizable: true },
  { key: 'vpnStatus', name: 'VPN Status', description: 'Show the VPN status column and page.', customizable: true },
  { key: 'wan3', name: 'WAN 3', description: 'Show the third WAN link column (needs a device with WAN 3 configured).', customizable: true },
  { key: 'vpnDashboard', name: 'VPN Dashboard', description: 'Open the Zero Trust dashboard instead of SD-WAN.', customizable: true },
  { key: 'devReg_autoApprove', name: 'Auto Registeration', description: 'Approve newly enrolled devices automatically.', customizable: true },
];

// ---------------------------------------------------------------------------------------------
// Organisation settings: GET and PUT tenant/organisation/?tid=

export const organisationSchema = z.object({
  tenant_id: z.string(),
  /** The tenant's unique name (changed only by the super admin). */
  tenantname: z.string(),
  /** The name the console shows; the tenant name when empty. */
  display_name: z.string(),
  legal_name: z.string(),
  address: z.string(),
  country: z.string(),
  phone: z.string(),
  website: z.string(),
  /** Default zone for members who chose none; null means the browser's zone. */
  timezone: z.string().nullable(),
});
export type Organisation = z.infer<typeof organisationSchema>;

export const organisationBodySchema = z
  .object({
    display_name: text(80),
    legal_name: text(120),
    address: text(300),
    country: storableText().trim().max(2).regex(/^([A-Za-z]{2})?$/, 'Use the two-letter country code').transform((s) => s.toUpperCase()),
    phone: text(32).regex(/^[0-9+()\-. ]*$/, 'Enter a valid phone number'),
    website: text(200),
    timezone: timeZoneSchema.nullable(),
  })
  .partial()
  .strict();
export type OrganisationBody = z.input<typeof organisationBodySchema>;

// ---------------------------------------------------------------------------------------------
// Teams: users and invitations

export const teamUserQuerySchema = tidPageQuerySchema.extend({
  search,
  status: z.enum(USER_STATUSES).optional(),
  role: roleSchema.optional(),
});

export const inviteBodySchema = z.object({
  email,
  role: roleSchema,
  first_name: text(50).default(''),
  last_name: text(50).default(''),
});
export type InviteBody = z.input<typeof inviteBodySchema>;

export const roleChangeBodySchema = z.object({ role: roleSchema });

// ---------------------------------------------------------------------------------------------
// Teams: groups

export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  members: z.array(z.object({ id: z.string(), email: z.string(), first_name: z.string(), last_name: z.string() })),
  created_at: z.string(),
});
export type Group = z.infer<typeof groupSchema>;
export const groupListSchema = paginated(groupSchema);
export const groupQuerySchema = tidPageQuerySchema.extend({ search });

export const groupCreateBodySchema = z.object({
  name: name(50),
  description: text(300).default(''),
  user_ids: z.array(z.string().uuid()).max(1000).default([]),
});
export const groupUpdateBodySchema = z
  .object({ name: name(50).optional(), description: text(300).optional() })
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change');
export const groupMembersBodySchema = z.object({ user_ids: z.array(z.string().uuid()).max(1000) });

// ---------------------------------------------------------------------------------------------
// Profile: GET and PUT settings/profile/ (answers the auth user shape, userSchema)

export const profileBodySchema = z
  .object({
    first_name: text(50),
    last_name: text(50),
    company_name: text(80),
    /** null: follow the browser's zone. */
    timezone: timeZoneSchema.nullable(),
  })
  .partial()
  .strict();
export type ProfileBody = z.input<typeof profileBodySchema>;

// ---------------------------------------------------------------------------------------------
// Logs: GET logs/login-logs/ and logs/activity-logs/

export const LOGIN_ACTIONS = ['auth.login', 'auth.login_failed', 'auth.logout'] as const;

export const logQuerySchema = tidPageQuerySchema.extend({
  start_time: z.string().datetime({ offset: true }).optional(),
  end_time: z.string().datetime({ offset: true }).optional(),
  search,
  /** csv answers text/csv with the same rows (every row of the filter when page_size=0). */
  format: z.enum(['json', 'csv']).default('json'),
});
export type LogQuery = z.input<typeof logQuerySchema>;

export const logEntrySchema = z.object({
  id: z.number().int(),
  time: z.string(),
  user: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** True when a super admin (the provider) did it. */
  via_super_admin: z.boolean(),
  /** Settings changes carry {before, after}. */
  details: z.record(z.string(), z.unknown()),
});
export type LogEntry = z.infer<typeof logEntrySchema>;
export const logListSchema = paginated(logEntrySchema);

/** CSV columns of both logs, in order. */
export const LOG_CSV_COLUMNS = ['time', 'user', 'action', 'target', 'ip', 'user_agent', 'via_super_admin', 'details'] as const;
