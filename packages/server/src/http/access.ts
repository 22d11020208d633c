import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ROLES, canManageTenant, canReadBrowsingData, canReadConsole, canWriteConfig, type Actor as RoleActor, type Role } from '@netloom/domain';
import type { Db } from '../db/client';
import { errors } from './errors';
import { resolveTenantScope, type TenantScope } from './principal';
import { recordAudit, recordAudits } from '../db/audit-log';
import { findTenant } from '../identity/repo';

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

/** Where a request names its tenant; most routes take it from the `tid` query parameter. */
export type TenantSource = (request: FastifyRequest) => string | undefined;
export const tenantFromQuery =
  (key = 'tid'): TenantSource =>
  (request) =>
    (request.query as Record<string, string | undefined> | undefined)?.[key];
export const tenantFromBody: TenantSource = (request) => (request.body as { tenant_id?: string } | undefined)?.tenant_id;

/** What a route declares it needs: a role in the tenant the request names, or a super admin. */
export type AccessRule = { need: Need; tenant: TenantSource } | 'super-admin' | 'support-desk';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
    /** The route answers personal browsing data (set by browsingDataAccess only); the OpenAPI document says so. */
    personalData?: true;
  }
  interface FastifyRequest {
    /** Set by the authorise hook for routes that declare a tenant access rule. */
    actor: Actor | null;
  }
}

/** Route option (`config: access('write')`): the authorise hook checks it before the handler runs. */
export const access = (need: Need, tenant: TenantSource = tenantFromQuery()) => ({ access: { need, tenant } satisfies AccessRule });
export const superAdminAccess = { access: 'super-admin' as const };
/** The provider's support desk: super admins and support engineers, across tenants (and nothing else of a tenant's). */
export const supportDeskAccess = { access: 'support-desk' as const };

/**
 * The one guard of every route that answers personal browsing data (one user's sites and
 * applications, raw flows, the web-filter, proxy and zero-trust session logs): the roles of
 * canReadBrowsingData, and the route marked so that the OpenAPI document and the security
 * suite's role matrix know it.
 */
export const browsingDataAccess = (tenant: TenantSource = tenantFromQuery()) => ({ ...access(canReadBrowsingData, tenant), personalData: true as const });

/** Who a route's access rule lets in: tenant roles, and 'super-admin' for a super admin acting in the tenant. */
export function allowedRoles(rule: AccessRule): (Role | 'super-admin' | 'support-engineer')[] {
  if (rule === 'super-admin') return ['super-admin'];
  if (rule === 'support-desk') return ['super-admin', 'support-engineer'];
  const check = typeof rule.need === 'function' ? rule.need : CHECKS[rule.need];
  const roles: (Role | 'super-admin')[] = ROLES.filter((role) => check({ isSuperAdmin: false, role }));
  return check({ isSuperAdmin: true, role: null }) ? [...roles, 'super-admin'] : roles;
}

/**
 * Resolves the tenant in scope (another tenant answers 404 before any role is looked at) and then
 * the caller's role in it (403). A guest-user passes neither read nor write.
 */
async function actorFor(db: Db, request: FastifyRequest, tid: string | undefined, need: Need): Promise<Actor> {
  const principal = request.principal!;
  const scope = await resolveTenantScope(principal, tid, async (id) => {
    const row = await findTenant(db, id);
    return row && { id: row.id, name: row.name };
  });
  const check = typeof need === 'function' ? need : CHECKS[need];
  if (!check({ isSuperAdmin: scope.isSuperAdmin, role: scope.role })) throw errors.forbidden();
  return { scope, userId: principal.user.id, email: principal.user.email, ip: request.ip };
}

/**
 * The one place a route's declared access is checked: a preHandler, so a malformed request has
 * already answered 400 and the handler only runs for a caller who passed.
 */
export function authorise(db: Db): preHandlerAsyncHookHandler {
  return async (request) => {
    const rule = request.routeOptions.config.access;
    if (!rule || rule === 'super-admin' || rule === 'support-desk') return;
    if (!request.principal) throw errors.notAuthenticated();
    request.actor = await actorFor(db, request, rule.tenant(request), rule.need);
  };
}

/**
 * Run right after authentication (onRequest): a super-admin route refuses everyone else before its
 * input is read, so no tenant id leaks by 404 against 403 or by what validation says.
 */
export function refuseUnlessSuperAdmin(request: FastifyRequest): void {
  const rule = request.routeOptions.config.access;
  const user = request.principal?.user;
  if (rule === 'super-admin' && !user?.isSuperAdmin) throw errors.forbidden();
  if (rule === 'support-desk' && !user?.isSuperAdmin && !user?.isSupportEngineer) throw errors.forbidden();
}

/** The actor the authorise hook set; a route that reads it without declaring access is a bug. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new Error(`${request.routeOptions.url} reads an actor but declares no tenant access`);
  return request.actor;
}

/** A super admin acting in a tenant they do not belong to: the provider, as the owner sees it. */
const viaSuperAdmin = (scope: TenantScope) => scope.isSuperAdmin && scope.role === null;

const auditEntry = (actor: Actor, action: string, target: string | null, details: Record<string, unknown>) => ({
  tenantId: actor.scope.tenantId,
  actorId: actor.userId,
  actorEmail: actor.email,
  action,
  target,
  details: viaSuperAdmin(actor.scope) ? { ...details, via_super_admin: true } : details,
  ip: actor.ip,
});

/** Audit row of a write; `via_super_admin` lets the tenant's owner see what the provider did. */
export async function audit(db: Db, actor: Actor, action: string, target: string | null, details: Record<string, unknown> = {}): Promise<void> {
  await recordAudit(db, auditEntry(actor, action, target, details));
}

/** One audit row per target of one write, in one statement. */
export async function auditMany(db: Db, actor: Actor, action: string, rows: { target: string; details: Record<string, unknown> }[]): Promise<void> {
  await recordAudits(
    db,
    rows.map((r) => auditEntry(actor, action, r.target, r.details)),
  );
}
