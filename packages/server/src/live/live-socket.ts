import type { WebSocket } from 'ws';
import { z } from 'zod';
import { canReadConsole, liveRequestSchema, type DeviceRow, type TenantInfo } from '@netloom/domain';
import type { Services } from '../services';
import { AppError } from '../http/errors';
import { principalFromToken, resolveTenantScope } from '../http/principal';
import { findTenant } from '../modules/tenants/repo';
import { isSessionLive } from '../modules/auth/repo';
import { deviceInTenant, snapshotRows, type LiveFilter } from './repo';
import { DeviceOutbox } from './device-outbox';
import { tilesKey, type FeedEvent, type FeedListener, type TenantFeed, type TilesView } from './tenant-feed';

const AUTH_TIMEOUT_MS = 10_000;
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
  private readonly outbox = new DeviceOutbox((rows) => this.send(this.feed!.messages.partial(rows)));
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

  tilesView(): TilesView {
    return { networkId: this.filter.networkId, kind: this.filter.kind };
  }

  /** Always a text frame, also for a message prepared as a Buffer: browsers read it as text. */
  private send(message: string | Buffer): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(message, { binary: false });
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
      this.feed!.tenantInfo(this.tilesView()),
    ]);
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
    if (this.state === 'live' && this.matches(event.row)) this.outbox.put(event.row.id, event.json);
  }

  onTenantInfo(view: TilesView, info: TenantInfo): void {
    if (this.state === 'live' && tilesKey(view) === tilesKey(this.tilesView())) this.send(JSON.stringify({ tenantinfo: info }));
  }

  private async teardown(): Promise<void> {
    this.state = 'closed';
    clearTimeout(this.authTimer);
    this.outbox.stop();
    if (this.sessionTimer) clearInterval(this.sessionTimer);
    if (this.feed) await this.feeds.release(this.feed, this);
  }
}
