import type { WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  canManageTenant,
  canReadConsole,
  chatChannelsFor,
  liveRequestSchema,
  type ChatChannel,
  type ChatLiveEvent,
  type Actor as RoleActor,
  type DeviceRow,
  type TenantInfo,
} from '@netloom/domain';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { EventBus } from '../bus/event-bus';
import type { AccessTokenVerifier } from '../http/principal';
import { snapshotRows, type LiveFilter } from './repo';
import { DeviceOutbox } from './device-outbox';
import type { AccessWatch, Watcher } from './access-watch';
import type { LiveQuota } from './live-quota';
import { LIVE_CLOSE, liveRefusal, type LiveClose, type LiveViewer } from './live-access';
import { tilesKey, type FeedEvent, type FeedListener, type TenantFeed, type TilesView } from './tenant-feed';

/** Announced changes recheck at once; this only bounds what nobody announced (a session that expired). */
const SESSION_CHECK_MS = 60_000;

export { LIVE_CLOSE };

/** What the composition root hands the live hub. */
export interface LiveServices {
  db: Db;
  bus: EventBus;
  tokens: AccessTokenVerifier;
  config: Pick<Config, 'publicUrl' | 'sockets'>;
}

/** What every console socket of an instance shares. */
export interface LiveContext {
  services: LiveServices;
  log: FastifyBaseLogger;
  feeds: { acquire(tenantId: string): Promise<TenantFeed>; release(feed: TenantFeed, l: FeedListener): Promise<void> };
  watch: AccessWatch;
  /** Authenticated sockets per session and per user on this instance. */
  quota: LiveQuota;
  authTimeoutMs: number;
}

const tokenMessage = z.object({ token: z.string().min(1).max(4096) });

/** What a socket is fed: chosen by the `feed` query parameter when it opens. */
export type FeedKind = 'fleet' | 'notifications' | 'announcements' | 'reports' | 'config' | 'diagnostics' | 'chat';

/**
 * One console's live connection: authenticated by its first message, then fed the tenant's device
 * rows (full lists on start and on each live request, changed rows in between, flagged partial)
 * and the tenant-info tiles.
 */
export class LiveSocket implements FeedListener, Watcher {
  private filter: LiveFilter;
  private state: 'auth' | 'live' | 'closed' = 'auth';
  private readonly outbox = new DeviceOutbox((rows) => this.send(this.feed!.messages.partial(rows)));
  private sessionTimer: NodeJS.Timeout | null = null;
  private viewer: LiveViewer | null = null;
  /** A recheck is running, and whether another was asked for meanwhile (its answer may be older than the change). */
  private checking = false;
  private recheckAgain = false;
  private feed: TenantFeed | null = null;
  private readonly authTimer: NodeJS.Timeout;
  /** Gives back this socket's place in its session's and user's quota (held from authentication to close). */
  private releaseQuota: (() => void) | null = null;
  /** The chat channels the viewer may read, as of the last check of their rights. */
  private chatChannels: ChatChannel[] = [];
  private readonly rightsRead = (actor: RoleActor) => {
    this.chatChannels = chatChannelsFor(actor);
  };

  constructor(
    private readonly socket: WebSocket,
    private readonly tenantId: string,
    deviceId: string | null,
    private readonly ctx: LiveContext,
    /** fleet: device rows and tiles (the dashboards); notifications: only the tenant's alarms (the bell); announcements: only announcement changes. */
    private readonly feedKind: FeedKind = 'fleet',
  ) {
    this.filter = { networkId: null, kind: null, deviceId };
    this.authTimer = setTimeout(() => this.close(LIVE_CLOSE.unauthorised), ctx.authTimeoutMs);
    socket.on('message', (data) => void this.receive(data.toString()).catch(() => this.close(LIVE_CLOSE.malformed)));
    socket.on('close', () => void this.teardown());
    socket.on('error', () => undefined);
  }

  /** Report progress goes to those who may make reports (owners, admins, super admins); every other feed to viewers and up. */
  private need() {
    return this.feedKind === 'reports' ? canManageTenant : canReadConsole;
  }

  tilesView(): TilesView {
    return { networkId: this.filter.networkId, kind: this.filter.kind };
  }

  /** Always a text frame, also for a message prepared as a Buffer: browsers read it as text. */
  private send(message: string | Buffer): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(message, { binary: false });
  }

  private close(why: LiveClose): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.socket.close(why.code, why.reason);
  }

  private async receive(text: string): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return this.close(LIVE_CLOSE.malformed);
    }
    if (this.state === 'auth') return this.authenticate(json);
    if (this.state !== 'live' || this.feedKind !== 'fleet') return;
    const request = liveRequestSchema.safeParse(json);
    // A resent token after a reconnect, or anything else, is not a live request: ignore it.
    if (!request.success) return;
    if (request.data.tenant_id && request.data.tenant_id !== this.tenantId) return;
    this.filter = {
      ...this.filter,
      networkId: request.data.network_id || null,
      kind: request.data.type === 'endpoint' ? 'endpoint' : 'gateway',
    };
    await this.sendSnapshot();
  }

  /** A method, not a field read: the compiler would keep a narrowed state across awaits. */
  private closedMeanwhile(): boolean {
    return this.state === 'closed';
  }

  /** Takes this socket's place in its session's and user's quota, or says how to close when there is none. */
  private holdPlace(viewer: LiveViewer): LiveClose | null {
    const place = this.ctx.quota.take(viewer);
    if ('refused' in place) return place.refused === 'session' ? LIVE_CLOSE.sessionQuota : LIVE_CLOSE.userQuota;
    this.releaseQuota = place.release;
    return null;
  }

  private async authenticate(json: unknown): Promise<void> {
    clearTimeout(this.authTimer);
    const parsed = tokenMessage.safeParse(json);
    if (!parsed.success) return this.close(LIVE_CLOSE.unauthorised);
    const claims = await this.ctx.services.tokens.verifyAccess(parsed.data.token).catch(() => null);
    if (!claims) return this.close(LIVE_CLOSE.unauthorised);
    // Closed while the token was checked: teardown has run and would give nothing taken now back.
    if (this.closedMeanwhile()) return;
    const overQuota = this.holdPlace(claims);
    if (overQuota) return this.close(overQuota);
    // Watched before the rights are read: a change announced while they are read is not missed.
    this.viewer = { userId: claims.userId, sessionId: claims.sessionId };
    this.ctx.watch.add(this, [claims.userId, claims.sessionId, this.tenantId]);
    let refusal: LiveClose | null;
    try {
      refusal = await liveRefusal(this.ctx.services.db, this.viewer, this.tenantId, this.filter.deviceId, this.need(), this.rightsRead);
    } catch (err) {
      // The token's signature held: what failed is reading the rights, not the token.
      this.ctx.log.warn({ err }, 'live socket: rights could not be read');
      refusal = LIVE_CLOSE.unavailable;
    }
    if (refusal) return this.close(refusal);
    if (this.state === 'closed') return;
    this.state = 'live';
    this.feed = await this.ctx.feeds.acquire(this.tenantId);
    this.feed.add(this);
    this.sessionTimer = setInterval(() => this.recheck(), SESSION_CHECK_MS);
    if (this.recheckAgain) this.recheck();
    if (this.feedKind === 'fleet') await this.sendSnapshot();
    // From now on every message reaches this socket: the console reads the chat again, so nothing sent while it was away is missed.
    if (this.feedKind === 'chat') this.send(JSON.stringify({ kind: 'chat_live' }));
  }

  /**
   * Reads the rights again (the user or session changed): still allowed streams on, anything
   * else closes, 4401 for a dead session and 4403 for lost rights. When the database cannot
   * answer, the socket closes as 'try again later' rather than stream on unchecked.
   */
  recheck(): void {
    if (this.state === 'closed') return;
    if (this.state === 'auth' || this.checking) {
      this.recheckAgain = true;
      return;
    }
    void this.runChecks();
  }

  private async runChecks(): Promise<void> {
    this.checking = true;
    try {
      do {
        this.recheckAgain = false;
        const refusal = await liveRefusal(this.ctx.services.db, this.viewer!, this.tenantId, this.filter.deviceId, this.need(), this.rightsRead);
        if (refusal) return this.close(refusal === LIVE_CLOSE.notFound ? LIVE_CLOSE.forbidden : refusal);
      } while (this.recheckAgain && this.state === 'live');
    } catch (err) {
      this.ctx.log.warn({ err }, 'live socket: rights could not be rechecked');
      this.close(LIVE_CLOSE.unavailable);
    } finally {
      this.checking = false;
    }
  }

  private async sendSnapshot(): Promise<void> {
    const [rows, info] = await Promise.all([snapshotRows(this.ctx.services.db, this.tenantId, this.filter), this.feed!.tenantInfo(this.tilesView())]);
    this.outbox.clear();
    this.send(JSON.stringify({ deviceinfo: rows }));
    this.onTenantInfo(this.tilesView(), info);
  }

  private matches(row: DeviceRow): boolean {
    const f = this.filter;
    if (f.deviceId && row.id !== f.deviceId) return false;
    if (f.networkId && row.network_id !== f.networkId) return false;
    if (f.kind && row.deviceType !== f.kind) return false;
    return true;
  }

  onDevice(event: FeedEvent): void {
    if (this.state === 'live' && this.feedKind === 'fleet' && this.matches(event.row)) this.outbox.put(event.row.id, event.json);
  }

  onTenantInfo(view: TilesView, info: TenantInfo): void {
    if (this.state === 'live' && this.feedKind === 'fleet' && tilesKey(view) === tilesKey(this.tilesView())) this.send(JSON.stringify({ tenantinfo: info }));
  }

  onNotification(json: string): void {
    if (this.state === 'live' && this.feedKind === 'notifications') this.send(json);
  }

  onAnnouncement(json: string): void {
    if (this.state === 'live' && this.feedKind === 'announcements') this.send(json);
  }

  onReport(json: string): void {
    if (this.state === 'live' && this.feedKind === 'reports') this.send(json);
  }

  /** On `/ws/status/{tenant}/{device}?feed=config`, only that device's. */
  onConfig(deviceId: string, json: string): void {
    if (this.state === 'live' && this.feedKind === 'config' && (!this.filter.deviceId || this.filter.deviceId === deviceId)) this.send(json);
  }

  /** On `/ws/status/{tenant}/{device}?feed=diagnostics`, only that device's. */
  onDiagnostic(deviceId: string, json: string): void {
    if (this.state === 'live' && this.feedKind === 'diagnostics' && (!this.filter.deviceId || this.filter.deviceId === deviceId)) this.send(json);
  }

  /** On `?feed=chat`, the messages of the channels this viewer may read (a role change is seen at the next check). */
  onChat(event: ChatLiveEvent, json: string): void {
    if (this.state === 'live' && this.feedKind === 'chat' && this.chatChannels.includes(event.message.channel)) this.send(json);
  }

  private async teardown(): Promise<void> {
    this.state = 'closed';
    clearTimeout(this.authTimer);
    this.outbox.stop();
    this.releaseQuota?.();
    if (this.sessionTimer) clearInterval(this.sessionTimer);
    if (this.viewer) this.ctx.watch.remove(this, [this.viewer.userId, this.viewer.sessionId, this.tenantId]);
    if (this.feed) await this.ctx.feeds.release(this.feed, this);
  }
}
