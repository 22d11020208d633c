import type { WebSocket } from 'ws';
import { z } from 'zod';
import { topics } from '../bus/topics';
import { loadPrincipalRows } from '../identity/repo';
import type { Watcher } from './access-watch';
import { LIVE_CLOSE, type LiveClose, type LiveViewer } from './live-access';
import type { LiveContext } from './live-socket';

const tokenMessage = z.object({ token: z.string().min(1).max(4096) });

/** Whether a session may watch the support desk now: a live session of a super admin or support engineer. */
async function deskRefusal(ctx: LiveContext, who: LiveViewer): Promise<LiveClose | null> {
  const loaded = await loadPrincipalRows(ctx.services.db, who.userId, who.sessionId);
  if (!loaded || !loaded.user.active || !loaded.live) return LIVE_CLOSE.unauthorised;
  return loaded.user.isSuperAdmin || loaded.user.isSupportEngineer ? null : LIVE_CLOSE.forbidden;
}

/**
 * The support desk's live socket (`/ws/support-desk`): signed in by its first message like the
 * tenant sockets, then told of every tenant's ticket changes (which ticket, never its text) and
 * every tenant's messages to the provider's chat. Its
 * rights are read again whenever its user or session changes: a revoked support engineer's desk
 * stops hearing.
 */
export class DeskSocket implements Watcher {
  private state: 'auth' | 'live' | 'closed' = 'auth';
  private viewer: LiveViewer | null = null;
  private unsubscribe: (() => Promise<void>) | null = null;
  private releaseQuota: (() => void) | null = null;
  private readonly authTimer: NodeJS.Timeout;

  constructor(
    private readonly socket: WebSocket,
    private readonly ctx: LiveContext,
  ) {
    this.authTimer = setTimeout(() => this.close(LIVE_CLOSE.unauthorised), ctx.authTimeoutMs);
    socket.on('message', (data) => void this.receive(data.toString()).catch(() => this.close(LIVE_CLOSE.malformed)));
    socket.on('close', () => void this.teardown());
    socket.on('error', () => undefined);
  }

  private close(why: LiveClose): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.socket.close(why.code, why.reason);
  }

  private isClosed(): boolean {
    return this.state === 'closed';
  }

  private async receive(text: string): Promise<void> {
    // After sign-in the desk only listens: a resent token after a reconnect, or anything else, is ignored.
    if (this.state !== 'auth') return;
    clearTimeout(this.authTimer);
    const parsed = tokenMessage.safeParse(JSON.parse(text));
    if (!parsed.success) return this.close(LIVE_CLOSE.unauthorised);
    const claims = await this.ctx.services.tokens.verifyAccess(parsed.data.token).catch(() => null);
    if (!claims || this.isClosed()) return this.close(LIVE_CLOSE.unauthorised);
    const place = this.ctx.quota.take(claims);
    if ('refused' in place) return this.close(place.refused === 'session' ? LIVE_CLOSE.sessionQuota : LIVE_CLOSE.userQuota);
    this.releaseQuota = place.release;
    this.viewer = { userId: claims.userId, sessionId: claims.sessionId };
    this.ctx.watch.add(this, [claims.userId, claims.sessionId]);
    const refusal = await deskRefusal(this.ctx, this.viewer).catch(() => LIVE_CLOSE.unavailable);
    if (refusal) return this.close(refusal);
    if (this.isClosed()) return;
    this.state = 'live';
    const send = (event: unknown) => {
      if (this.state === 'live' && this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(event), { binary: false });
    };
    const tickets = await this.ctx.services.bus.subscribe(topics.supportDesk(), send);
    // Every tenant's chat with the provider too: the desk's chat inbox is live.
    const chats = await this.ctx.services.bus.subscribe(topics.supportChat(), send);
    this.unsubscribe = async () => {
      await tickets();
      await chats();
    };
    if (this.isClosed()) return void (await this.unsubscribe());
    // From now on every event reaches this socket: the desk reads its lists again, missing nothing.
    send({ kind: 'desk_live' });
  }

  recheck(): void {
    if (this.state !== 'live' || !this.viewer) return;
    void deskRefusal(this.ctx, this.viewer)
      .catch(() => LIVE_CLOSE.unavailable)
      .then((refusal) => refusal && this.close(refusal));
  }

  private async teardown(): Promise<void> {
    this.state = 'closed';
    clearTimeout(this.authTimer);
    this.releaseQuota?.();
    if (this.viewer) this.ctx.watch.remove(this, [this.viewer.userId, this.viewer.sessionId]);
    await this.unsubscribe?.();
  }
}
