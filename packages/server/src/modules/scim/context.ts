import type { Actor } from '../../http/access';
import type { ScimCaller } from './token-service';

/** What a SCIM call acts as: the tenant of its token, and the actor its audit rows name (the token, not a person). */
export interface ScimContext {
  caller: ScimCaller;
  actor: Actor;
  /** The service's base URL, for resources' `meta.location`. */
  base: string;
}

/** The nil UUID as actor id: no user of the tenant made the change, its identity provider did. */
const PROVIDER_ACTOR_ID = '00000000-0000-0000-0000-000000000000';

export function scimContext(caller: ScimCaller, ip: string, base: string): ScimContext {
  return {
    caller,
    base,
    actor: {
      scope: { tenantId: caller.tenantId, tenantName: caller.tenantName, role: null, isSuperAdmin: false },
      userId: PROVIDER_ACTOR_ID,
      email: `SCIM: ${caller.tokenName}`,
      ip,
    },
  };
}
