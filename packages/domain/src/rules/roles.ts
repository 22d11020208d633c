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
