/** Tenant roles of spec 000 §6; the super admin is a user flag, not a role. */
export const ROLES = ['owner', 'admin', 'editor', 'viewer', 'guest-user'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that may open the product consoles (everyone but the guest-user). */
export const CONSOLE_ROLES: readonly Role[] = ['owner', 'admin', 'editor', 'viewer'];

export interface Actor {
  isSuperAdmin: boolean;
  role: Role | null;
}

/** Super admins pass every role check (spec 000 §6). */
export function hasRole(actor: Actor, allowed: readonly Role[]): boolean {
  return actor.isSuperAdmin || (actor.role !== null && allowed.includes(actor.role));
}

export const canReadConsole = (actor: Actor) => hasRole(actor, CONSOLE_ROLES);
export const canWriteConfig = (actor: Actor) => hasRole(actor, ['owner', 'admin', 'editor']);
export const canManageTenant = (actor: Actor) => hasRole(actor, ['owner', 'admin']);

// Organisation pages: the server enforces these; the console uses them to hide or disable controls.

/** Team lists, groups, settings and organisation details: every console role reads. */
export const canReadTeams = (a: Actor) => hasRole(a, ['owner', 'admin', 'editor', 'viewer']);
/** Users, invitations, groups, tenant settings, organisation settings: owners and admins. */
export const canManageUsers = (a: Actor) => hasRole(a, ['owner', 'admin']);
/**
 * Login and activity logs carry people's addresses and everything they changed: owners and
 * admins read them; editors, viewers and guests do not.
 */
export const canReadLogs = (a: Actor) => hasRole(a, ['owner', 'admin']);

/**
 * Personal browsing data: what one person visited or reached (one user's sites and applications,
 * raw flow records, the web-filter, proxy and zero-trust session logs). Owners and admins read it
 * (a super admin acting in the tenant too); editors, viewers and guests see the fleet's totals only.
 * One role set for every route and view that shows it.
 */
export const BROWSING_DATA_ROLES: readonly Role[] = ['owner', 'admin'];
export const canReadBrowsingData = (a: Actor) => hasRole(a, BROWSING_DATA_ROLES);

/**
 * The organisation's web-filter settings: the filter on or off, the default action, and the
 * organisation's own allowed and blocked lists (checked before every policy, for everyone). Each
 * can open the whole organisation's browsing at once, so they are tenant settings, which owners
 * and admins manage (DESIGN roles; spec 000 §6 leaves per-page rights open). Editors keep writing
 * the policies, configuration that reaches devices like any other.
 */
export const canChangeWebFilterSettings = (a: Actor) => hasRole(a, ['owner', 'admin']);

/**
 * Single sign-on (providers, domains, group mappings, requiring SSO): owners only, as it decides
 * who can sign in at all and owners keep the break-glass accounts when SSO is required.
 */
export const canManageSso = (a: Actor) => hasRole(a, ['owner']);

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
