import { useCurrentUser } from './session/session-store';
import { tenantIdFor, useSelectedTenant } from './tenant-selection';

/**
 * The tenant a tenant-scoped call is about: the selected one for a super admin, the user's own
 * otherwise. Sent as `tid`; the server checks a tenant user only ever names their own.
 */
export function useTenantScope(): string | null {
  const user = useCurrentUser();
  const selected = useSelectedTenant();
  return user ? tenantIdFor(user, selected) : null;
}

/** `?tid=` of a tenant-scoped call; nothing when there is no tenant to name. */
export const tidQuery = (tid: string | null) => (tid ? { tid } : undefined);

/** `?tenant_id=`, the name the spec's older calls give the same tenant; nothing when there is none. */
export const tenantIdQuery = (tid: string | null) => (tid ? { tenant_id: tid } : {});
