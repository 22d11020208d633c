import type { WebSocket } from 'ws';
import { z } from 'zod';
import { canReadConsole, liveRequestSchema, type DeviceRow, type TenantInfo } from '@netloom/domain';
import type { Services } from '../services';
import { AppError } from '../http/errors';
import { principalFromToken, resolveTenantScope } from '../http/principal';
import { findTenant } from '../modules/tenants/repo';
import { isSessionLive } from '../modules/auth/repo';
import { deviceInTenant, snapshotRows, type LiveFilter } from './repo';
import type { FeedEvent, FeedListener, TenantFeed } from './tenant-feed';

const AUTH_TIMEOUT_MS = 10_000;
/**
 * Changed rows leave every 20 ms: a row waits at most that long (the once-a-second limit per device
 * is what keeps a flapping link from flooding a browser, not this tick). bench:live measured a
 * 100 ms tick at ~10× the bare relay's p99, a 10 ms one at ~1.5×, at the same server CPU.
 */
export const FLUSH_EVERY_MS = 20;
/** One device's updates reach a browser at most once a second: a flapping link cannot flood it. */
export const PER_DEVICE_MIN_INTERVAL_MS = 1_000;
const SESSION_CHECK_MS = 60_000;

export const LIVE_CLOSE = {
  unauthorised: { code: 4401, reason: 'token not valid' },
  forbidden: { code: 4403, reason: 'not allowed' },
  notFound: { code: 4404, reason: 'tenant or device not found' },
  malformed: { code: 4400, reason: 'malformed message' },
} as const;

const tokenMessage = z.object({ token: z.string().min(1).max(4096) });

/**
 * One console's live connection: authenticated by its first message, then fed the tenant's device
 * rows (full lists on start and on each live request, changed rows in between, flagged partial)
 * and the tenant-info tiles.
 */
export class LiveSocket implements FeedListener {
  private filter: LiveFilter;
  private state: 'auth' | 'live' | 'closed' = 'auth';
  private readonly pending = new Map<string, FeedEvent>();
  private readonly lastSent = new Map<string, number>();
  private flushTimer: NodeJS.Timeout | null = null;
  private sessionTimer: NodeJS.Timeout | null = null;
  private sessionId: string | null = null;
  private feed: TenantFeed | null = null;
  private readonly authTimer: NodeJS.Timeout;

  constructor(
    private readonly socket: WebSocket,
    private readonly tenantId: string,
    deviceId: string | null,
    private readonly services: Services,
    private readonly feeds: { acquire(tenantId: string): Promise<TenantFeed>; release(feed: TenantFeed, l: FeedListener): Promise<void> },
  ) {
    this.filter = { networkId: null, kind: null, deviceId };
    this.authTimer = setTimeout(() => this.close(LIVE_CLOSE.unauthorised), AUTH_TIMEOUT_MS);
    socket.on('message', (data) => void this.receive(data.toString()).catch(() => this.close(LIVE_CLOSE.malformed)));
    socket.on('close', () => void this.teardown());
    socket.on('error', () => undefined);
  }

  networkId(): string | null {
    return this.filter.networkId;
  }

  private send(text: string): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(text);
  }

  private close(why: { code: number; reason: string }): void {
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
    if (this.state !== 'live') return;
    const request = liveRequestSchema.safeParse(json);
    // A resent token after a reconnect, or anything else, is not a live request: ignore it.
    if (!request.success) return;
    if (request.data.tenant_id && request.data.tenant_id !== this.tenantId) return;
    this.filter = {
      ...this.filter,
      networkId: request.data.network_id ?? null,
      kind: request.data.type === 'endpoint' ? 'endpoint' : 'gateway',
    };
    await this.sendSnapshot();
  }

  private async authenticate(json: unknown): Promise<void> {
    clearTimeout(this.authTimer);
    const parsed = tokenMessage.safeParse(json);
    if (!parsed.success) return this.close(LIVE_CLOSE.unauthorised);
    const { db, tokens } = this.services;
    try {
      const principal = await principalFromToken(parsed.data.token, db, tokens);
      const scope = await resolveTenantScope(principal, this.tenantId, async (id) => {
        const t = await findTenant(db, id);
        return t && { id: t.id, name: t.name };
      });
      if (!canReadConsole({ isSuperAdmin: scope.isSuperAdmin, role: scope.role })) return this.close(LIVE_CLOSE.forbidden);
      if (this.filter.deviceId && !(await deviceInTenant(db, this.tenantId, this.filter.deviceId))) return this.close(LIVE_CLOSE.notFound);
      this.sessionId = principal.sessionId;
    } catch (e) {
      if (e instanceof AppError && e.status === 404) return this.close(LIVE_CLOSE.notFound);
      if (e instanceof AppError && e.status === 403) return this.close(LIVE_CLOSE.forbidden);
      return this.close(LIVE_CLOSE.unauthorised);
    }
    if (this.state === 'closed') return;
    this.state = 'live';
    this.feed = await this.feeds.acquire(this.tenantId);
    this.feed.add(this);
    this.flushTimer = setInterval(() => this.flush(), FLUSH_EVERY_MS);
    this.sessionTimer = setInterval(() => void this.checkSession(), SESSION_CHECK_MS);
    await this.sendSnapshot();
  }

  /** A logged-out session must not keep watching. */
  private async checkSession(): Promise<void> {
    if (this.sessionId && !(await isSessionLive(this.services.db, this.sessionId))) this.close(LIVE_CLOSE.unauthorised);
  }

  private async sendSnapshot(): Promise<void> {
    const [rows, info] = await Promise.all([
      snapshotRows(this.services.db, this.tenantId, this.filter),
      this.feed!.tenantInfo(this.filter.networkId),
    ]);
    this.pending.clear();
    this.send(JSON.stringify({ deviceinfo: rows }));
    this.onTenantInfo(this.filter.networkId, info);
  }

  private matches(row: DeviceRow): boolean {
    const f = this.filter;
    if (f.deviceId && row.id !== f.deviceId) return false;
    if (f.networkId && row.network_id !== f.networkId) return false;
    if (f.kind && row.deviceType !== f.kind) return false;
    return true;
  }

  onDevice(event: FeedEvent): void {
    if (this.state === 'live' && this.matches(event.row)) this.pending.set(event.row.id, event);
  }

  onTenantInfo(networkId: string | null, info: TenantInfo): void {
    if (this.state === 'live' && networkId === this.filter.networkId) this.send(JSON.stringify({ tenantinfo: info }));
  }

  private flush(): void {
    if (this.pending.size === 0) return;
    const now = Date.now();
    const due: string[] = [];
    for (const [id, event] of this.pending) {
      if (now - (this.lastSent.get(id) ?? 0) < PER_DEVICE_MIN_INTERVAL_MS) continue;
      due.push(event.json);
      this.lastSent.set(id, now);
      this.pending.delete(id);
    }
    if (due.length) this.send(`{"deviceinfo":[${due.join(',')}],"partial":true}`);
  }

  private async teardown(): Promise<void> {
    this.state = 'closed';
    clearTimeout(this.authTimer);
    if (this.flushTimer) clearInterval(this.flushTimer);
    if (this.sessionTimer) clearInterval(this.sessionTimer);
    if (this.feed) await this.feeds.release(this.feed, this);
  }
}
