import type { FastifyRequest } from 'fastify';
import { canManageTenant, canReadConsole, canWriteConfig, type Actor as RoleActor } from '@netloom/domain';
import type { Db } from '../db/client';
import { errors } from './errors';
import { resolveTenantScope, type TenantScope } from './principal';
import { recordAudit } from '../db/audit-log';
import { findTenant } from '../modules/tenants/repo';

/**
 * read: viewers and up; write: editors and up; manage: owners and admins; or a rule of the domain.
 * Super admins pass all.
 */
export type Need = 'read' | 'write' | 'manage' | ((actor: RoleActor) => boolean);
const CHECKS = { read: canReadConsole, write: canWriteConfig, manage: canManageTenant } as const;

/** The acting user inside a tenant: what every repo and audit row of these modules is scoped by. */
export interface Actor {
  scope: TenantScope;
  userId: string;
  email: string;
  ip: string;
}

/**
 * Resolves the tenant in scope (another tenant answers 404 before any role is looked at) and then
 * the caller's role in it (403). A guest-user passes neither read nor write.
 */
export async function actorFor(db: Db, request: FastifyRequest, tid: string | undefined, need: Need): Promise<Actor> {
  const principal = request.principal!;
  const scope = await resolveTenantScope(principal, tid, async (id) => {
    const row = await findTenant(db, id);
    return row && { id: row.id, name: row.name };
  });
  const check = typeof need === 'function' ? need : CHECKS[need];
  if (!check({ isSuperAdmin: scope.isSuperAdmin, role: scope.role })) throw errors.forbidden();
  return { scope, userId: principal.user.id, email: principal.user.email, ip: request.ip };
}

/** A super admin acting in a tenant they do not belong to: the provider, as the owner sees it. */
export const viaSuperAdmin = (scope: TenantScope) => scope.isSuperAdmin && scope.role === null;

/** Audit row of a write; `via_super_admin` lets the tenant's owner see what the provider did. */
export async function audit(db: Db, actor: Actor, action: string, target: string | null, details: Record<string, unknown> = {}): Promise<void> {
  await recordAudit(db, {
    tenantId: actor.scope.tenantId,
    actorId: actor.userId,
    actorEmail: actor.email,
    action,
    target,
    details: viaSuperAdmin(actor.scope) ? { ...details, via_super_admin: true } : details,
    ip: actor.ip,
  });
}
