import type { FastifyRequest } from 'fastify';
import type { Role } from '@netloom/domain';
import type { Db } from '../db/client';

import { errors } from './errors';
import type { PrincipalCache } from './principal-cache';
import { loadPrincipalRows, type MembershipView, type UserRow } from '../identity/repo';

/** What the preamble needs of the token service (auth owns it; the composition root hands it in). */
export interface AccessTokenVerifier {
  verifyAccess(token: string): Promise<{ userId: string; sessionId: string } | null>;
}

/** The authenticated caller of a request. */
export interface Principal {
  user: UserRow;
  sessionId: string;
  memberships: MembershipView[];
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * Resolves the bearer token to a principal. Every failure after a token was presented is the
 * catalogue's token_not_valid answer, so the console refreshes or ends the session the same way.
 */
export async function authenticate(request: FastifyRequest, db: Db, tokens: AccessTokenVerifier, cache?: PrincipalCache<Principal>): Promise<Principal> {
  const token = bearer(request);
  if (!token) throw errors.notAuthenticated();
  const principal = await principalFromToken(token, db, tokens, cache);
  request.principal = principal;
  return principal;
}

/** The same check for tokens that do not come in a header (the live socket's first message). */
async function principalFromToken(token: string, db: Db, tokens: AccessTokenVerifier, cache?: PrincipalCache<Principal>): Promise<Principal> {
  const claims = await tokens.verifyAccess(token);
  if (!claims) throw errors.tokenNotValid();
  const cached = cache?.get(claims.sessionId, claims.userId);
  if (cached) return cached;
  const loaded = await loadPrincipalRows(db, claims.userId, claims.sessionId);
  if (!loaded || !loaded.user.active || !loaded.live) throw errors.tokenNotValid();
  const principal = { user: loaded.user, sessionId: claims.sessionId, memberships: loaded.memberships };
  cache?.set(principal);
  return principal;
}

export interface TenantScope {
  tenantId: string;
  tenantName: string;
  /** Null when a super admin acts in a tenant they are not a member of. */
  role: Role | null;
  isSuperAdmin: boolean;
}

/**
 * The tenant a request acts in. A super admin names it (`tid`); everyone else is bound to their
 * memberships, and naming any other tenant answers 404 as if it did not exist.
 */
export async function resolveTenantScope(
  principal: Principal,
  tid: string | undefined,
  lookupTenant: (id: string) => Promise<{ id: string; name: string } | undefined>,
): Promise<TenantScope> {
  const { user, memberships } = principal;
  if (user.isSuperAdmin) {
    if (!tid) throw errors.badRequest('tenant_required', 'Please Select Tenant');
    const tenant = await lookupTenant(tid);
    if (!tenant) throw errors.notFound();
    const own = memberships.find((m) => m.tenantId === tid);
    return { tenantId: tenant.id, tenantName: tenant.name, role: own?.role ?? null, isSuperAdmin: true };
  }
  const membership = tid ? memberships.find((m) => m.tenantId === tid) : memberships[0];
  if (!membership) throw errors.notFound();
  if (membership.suspended) throw errors.forbidden('This organisation is suspended.');
  return { tenantId: membership.tenantId, tenantName: membership.tenantName, role: membership.role, isSuperAdmin: false };
}
