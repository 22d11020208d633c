/** What the cache keeps of a principal: the session it belongs to and whose it is. */
interface CachedPrincipal {
  sessionId: string;
  user: { id: string };
}

/**
 * Keeps resolved principals for a few seconds so a busy console does not pay a database round
 * trip per request. Revocations are not left to the TTL: logout, refresh-token theft and
 * password resets announce themselves on the event bus and every instance forgets at once; the
 * TTL only bounds changes nobody announced.
 */
export class PrincipalCache<Principal extends CachedPrincipal = CachedPrincipal> {
  private readonly entries = new Map<string, { principal: Principal; until: number }>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {}

  get(sessionId: string, userId: string): Principal | null {
    const e = this.entries.get(sessionId);
    if (!e || e.until < Date.now() || e.principal.user.id !== userId) return null;
    return e.principal;
  }

  set(principal: Principal): void {
    if (this.entries.size >= this.maxEntries) {
      // Maps keep insertion order: the oldest entry goes first.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(principal.sessionId, { principal, until: Date.now() + this.ttlMs });
  }

  forgetSession(sessionId: string): void {
    this.entries.delete(sessionId);
  }

  forgetUser(userId: string): void {
    for (const [key, e] of this.entries) if (e.principal.user.id === userId) this.entries.delete(key);
  }
}

/** What auth announces so that cached principals die with their session. */
export interface SessionEvents {
  sessionRevoked(sessionId: string): Promise<void>;
  userChanged(userId: string): Promise<void>;
  /** Every session of the user but `keepSessionId` has been revoked in the database. */
  userSessionsRevoked(userId: string, keepSessionId: string | null): Promise<void>;
  tenantChanged(tenantId: string): Promise<void>;
}
