import type { LiveViewer } from './live-access';

/** Which cap a socket met: its session's or its user's. */
export type QuotaRefusal = 'session' | 'user';

/**
 * Caps the authenticated console sockets one session, and one user over all their sessions, hold
 * open on this instance. A console needs a handful per tab (the fleet, the bell, announcements…);
 * without a cap one signed-in user could hold thousands, each with its feed, timers and memory.
 * A place is taken synchronously, so sockets authenticating at the same moment cannot all pass a
 * count read before any of them was added.
 */
export class LiveQuota {
  private readonly bySession = new Map<string, number>();
  private readonly byUser = new Map<string, number>();

  constructor(private readonly limits: { perSession: number; perUser: number }) {}

  /** A place for one more socket of the viewer, and how to give it back (once), or which cap it met. */
  take(viewer: LiveViewer): { release: () => void } | { refused: QuotaRefusal } {
    const session = this.bySession.get(viewer.sessionId) ?? 0;
    const user = this.byUser.get(viewer.userId) ?? 0;
    if (session >= this.limits.perSession) return { refused: 'session' };
    if (user >= this.limits.perUser) return { refused: 'user' };
    this.bySession.set(viewer.sessionId, session + 1);
    this.byUser.set(viewer.userId, user + 1);
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        decrement(this.bySession, viewer.sessionId);
        decrement(this.byUser, viewer.userId);
      },
    };
  }
}

function decrement(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}
