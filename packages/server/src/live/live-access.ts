import { canReadConsole, type Actor as RoleActor } from '@netloom/domain';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { resolveTenantScope } from '../http/principal';

import { deviceInTenant } from './repo';
import { loadPrincipalRows, findTenant } from '../identity/repo';

export const LIVE_CLOSE = {
  unauthorised: { code: 4401, reason: 'token not valid' },
  forbidden: { code: 4403, reason: 'not allowed' },
  notFound: { code: 4404, reason: 'tenant or device not found' },
  malformed: { code: 4400, reason: 'malformed message' },
  unavailable: { code: 1013, reason: 'try again later' },
  /** The session, or the user over all their sessions, already holds as many live sockets as allowed (LiveQuota). */
  sessionQuota: { code: 4429, reason: 'too many live connections for this session' },
  userQuota: { code: 4429, reason: 'too many live connections for this user' },
} as const;

export type LiveClose = (typeof LIVE_CLOSE)[keyof typeof LIVE_CLOSE];

export interface LiveViewer {
  userId: string;
  sessionId: string;
}

/**
 * Whether a session may watch a tenant (or one of its devices) now, read from the database and
 * never from a cache: it runs when the socket authenticates and again whenever its user or
 * session changes. Null when allowed, else how to close. `need` is the role a feed asks for
 * (viewers and up by default; report progress is for those who may make reports). `allowed` hears
 * the rights that let the session in (the chat feed keeps only the channels they may read).
 */
export async function liveRefusal(
  db: Db,
  who: LiveViewer,
  tenantId: string,
  deviceId: string | null,
  need: (actor: RoleActor) => boolean = canReadConsole,
  allowed?: (actor: RoleActor) => void,
): Promise<LiveClose | null> {
  const loaded = await loadPrincipalRows(db, who.userId, who.sessionId);
  if (!loaded || !loaded.user.active || !loaded.live) return LIVE_CLOSE.unauthorised;
  try {
    const scope = await resolveTenantScope({ user: loaded.user, sessionId: who.sessionId, memberships: loaded.memberships }, tenantId, async (id) => {
      const t = await findTenant(db, id);
      return t && { id: t.id, name: t.name };
    });
    const actor = { isSuperAdmin: scope.isSuperAdmin, role: scope.role };
    if (!need(actor)) return LIVE_CLOSE.forbidden;
    allowed?.(actor);
  } catch (e) {
    if (e instanceof AppError && e.status === 404) return LIVE_CLOSE.notFound;
    if (e instanceof AppError && e.status === 403) return LIVE_CLOSE.forbidden;
    throw e;
  }
  if (deviceId && !(await deviceInTenant(db, tenantId, deviceId))) return LIVE_CLOSE.notFound;
  return null;
}
