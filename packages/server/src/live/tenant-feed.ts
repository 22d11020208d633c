import type { FastifyBaseLogger } from 'fastify';
import type { ChatLiveEvent, DeviceRow, TenantInfo } from '@netloom/domain';
import type { EventBus } from '../bus/event-bus';
import { topics } from '../bus/topics';
import type { Db } from '../db/client';
import { computeTenantInfo, type TenantInfoScope } from '../fleet/tenant-info';
import { SharedMessages } from './shared-messages';

export interface FeedEvent {
  row: DeviceRow;
  /** Serialised once per event, whatever the number of sockets. */
  json: string;
}

/** The tiles a console shows: its device group (or all) and its product's kind (or all). */
export type TilesView = Required<TenantInfoScope>;
export const tilesKey = (v: TilesView) => `${v.networkId ?? ''}|${v.kind ?? ''}`;

export interface FeedListener {
  onDevice(event: FeedEvent): void;
  /** A stored alarm, serialised once as the socket message `{ notification }`. */
  onNotification(json: string): void;
  /** An announcement for this tenant changed, serialised once as `{ kind: 'announcement', id }`. */
  onAnnouncement(json: string): void;
  /** A report of the tenant changed, serialised once as `{ kind: 'report', report }`. */
  onReport(json: string): void;
  /** A device's configuration moved on, serialised once as `{ kind: 'config', device_id, state }`. */
  onConfig(deviceId: string, json: string): void;
  /** A diagnostic of a device started, streamed output or ended, serialised once as its DiagnosticLiveEvent. */
  onDiagnostic(deviceId: string, json: string): void;
  /** A chat message of the tenant, serialised once as its ChatLiveEvent; each socket keeps the channels its viewer may read. */
  onChat(event: ChatLiveEvent, json: string): void;
  onTenantInfo(view: TilesView, info: TenantInfo): void;
  tilesView(): TilesView;
}

const TENANT_INFO_EVERY_MS = 2_000;

/**
 * One per tenant with sockets on this instance: a single bus subscription shared by all of
 * them, and the tenant-info tiles recounted at most every 2 s while devices change.
 */
export class TenantFeed {
  private readonly listeners = new Set<FeedListener>();
  /** Changed-row messages shared by this tenant's consoles (see SharedMessages). */
  readonly messages = new SharedMessages();
  private unsubscribe: (() => Promise<void>) | null = null;
  private unsubscribeAlarms: (() => Promise<void>) | null = null;
  private unsubscribeAnnouncements: (() => Promise<void>) | null = null;
  private unsubscribeReports: (() => Promise<void>) | null = null;
  private unsubscribeConfig: (() => Promise<void>) | null = null;
  private unsubscribeDiagnostics: (() => Promise<void>) | null = null;
  private unsubscribeChat: (() => Promise<void>) | null = null;
  private dirty = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    readonly tenantId: string,
    private readonly bus: EventBus,
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {
    this.timer = setInterval(() => void this.recount(), TENANT_INFO_EVERY_MS);
    this.timer.unref();
  }

  async start(): Promise<void> {
    this.unsubscribe = await this.bus.subscribe(topics.tenantDevices(this.tenantId), (event) => {
      this.dirty = true;
      const fe = { row: event.row, json: JSON.stringify(event.row) };
      for (const l of this.listeners) l.onDevice(fe);
    });
    this.unsubscribeAlarms = await this.bus.subscribe(topics.tenantAlarms(this.tenantId), (event) => {
      const json = JSON.stringify({ notification: event.notification });
      for (const l of this.listeners) l.onNotification(json);
    });
    // One topic for every tenant's announcements (one message for an announcement to all): each
    // tenant's feed keeps those whose audience holds its tenant, and tells its consoles only the id.
    this.unsubscribeAnnouncements = await this.bus.subscribe(topics.announcements(), (event) => {
      if (event.audience !== 'all' && !event.audience.includes(this.tenantId)) return;
      const json = JSON.stringify({ kind: 'announcement', id: event.id });
      for (const l of this.listeners) l.onAnnouncement(json);
    });
    this.unsubscribeReports = await this.bus.subscribe(topics.tenantReports(this.tenantId), (event) => {
      const json = JSON.stringify(event);
      for (const l of this.listeners) l.onReport(json);
    });
    this.unsubscribeConfig = await this.bus.subscribe(topics.tenantConfig(this.tenantId), (event) => {
      const json = JSON.stringify(event);
      for (const l of this.listeners) l.onConfig(event.device_id, json);
    });
    this.unsubscribeDiagnostics = await this.bus.subscribe(topics.tenantDiagnostics(this.tenantId), (event) => {
      const json = JSON.stringify(event);
      for (const l of this.listeners) l.onDiagnostic(event.device_id, json);
    });
    this.unsubscribeChat = await this.bus.subscribe(topics.tenantChat(this.tenantId), (event) => {
      const json = JSON.stringify(event);
      for (const l of this.listeners) l.onChat(event, json);
    });
  }

  add(listener: FeedListener): void {
    this.listeners.add(listener);
  }

  /** Returns true when the feed has no listener left and can be stopped. */
  remove(listener: FeedListener): boolean {
    this.listeners.delete(listener);
    return this.listeners.size === 0;
  }

  tenantInfo(view: TilesView): Promise<TenantInfo> {
    return computeTenantInfo(this.db, this.tenantId, view);
  }

  private async recount(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    // Counted once per distinct view, however many consoles share it.
    const views = new Map([...this.listeners].map((l) => [tilesKey(l.tilesView()), l.tilesView()]));
    for (const [key, view] of views) {
      try {
        const info = await this.tenantInfo(view);
        for (const l of this.listeners) if (tilesKey(l.tilesView()) === key) l.onTenantInfo(view, info);
      } catch (err) {
        this.log.error({ err }, 'tenant info recount failed');
      }
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.unsubscribe?.();
    await this.unsubscribeAlarms?.();
    await this.unsubscribeAnnouncements?.();
    await this.unsubscribeReports?.();
    await this.unsubscribeConfig?.();
    await this.unsubscribeDiagnostics?.();
    await this.unsubscribeChat?.();
  }
}
