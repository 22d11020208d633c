import type { Actor } from '../../http/access';

/** The one who makes revisions nobody asked for by hand (devices that joined after the last change, a peer's new address). */
export const systemActor = (tenantId: string): Actor => ({
  scope: { tenantId, tenantName: '', role: null, isSuperAdmin: false },
  userId: '00000000-0000-0000-0000-000000000000',
  email: 'netloom',
  ip: '',
});
