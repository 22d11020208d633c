import type { QueryClient } from '@tanstack/react-query';
import { LIVE_PATH, TENANT_PATHS, TIMING, type DeviceRow, type DeviceViewType, type TenantInfo } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { sessionStore } from '@/lib/session/session-store';
import { fleetDevicesQueryOptions, fleetKeys } from './get-fleet-devices';
import { tenantInfoQueryOptions } from './get-tenant-info';
import { LiveConnection, type LiveStatus, type SocketLike } from './live-connection';
import { mergeDeviceRows } from './live-messages';
import { PollLoop, type PollState } from './poll-loop';

export interface FleetParams {
  tenantId: string;
  networkId: string | null;
  type: DeviceViewType;
}

export interface FeedSnapshot {
  status: LiveStatus;
  /** The 15 s device-list poll gave up after repeated failures: the data is stale. */
  pollStopped: boolean;
}

export function liveUrl(tenantId: string, loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${LIVE_PATH}/${tenantId}`;
}

/**
 * Live messages are written to the cache at most this often: a fleet's heartbeats arrive one device
 * at a time, and each write re-renders every screen that reads the list (table, map, tiles, picker).
 */
const LIVE_FLUSH_MS = 300;

const isDashboardPage = () => window.location.pathname.includes('dashboard');

async function backendReachable(): Promise<boolean> {
  try {
    await api.head(TENANT_PATHS.health, { auth: false, retries: 0, timeoutMs: 5_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * One live feed per tenant, device group and view, shared by every screen that shows it: a single
 * socket writing into the query cache, and the dashboard's device-list poll while it is down.
 */
export class FleetFeed {
  private readonly conn: LiveConnection;
  private readonly poll: PollLoop;
  private pollers = 0;
  private snapshot: FeedSnapshot = { status: 'connecting', pollStopped: false };
  private readonly listeners = new Set<(s: FeedSnapshot) => void>();
  private pendingRows: { rows: DeviceRow[]; partial: boolean }[] = [];
  private pendingInfo: { info: TenantInfo } | null = null;
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  refs = 0;

  constructor(
    private readonly qc: QueryClient,
    readonly params: FleetParams,
    createSocket: (url: string) => SocketLike = (url) => new WebSocket(url) as unknown as SocketLike,
  ) {
    const { tenantId, networkId, type } = params;
    this.conn = new LiveConnection({
      url: liveUrl(tenantId),
      token: () => sessionStore.current()?.access ?? null,
      request: () => ({ tenant_id: tenantId, network_id: networkId, type }),
      onMessage: (m) => {
        if (m.kind === 'devices') this.pendingRows.push({ rows: m.rows, partial: m.partial });
        else this.pendingInfo = { info: m.info };
        this.flushTimer ??= setTimeout(() => this.flush(), LIVE_FLUSH_MS);
      },
      onStatus: (status) => this.update({ status }),
      onFallback: () => void this.fetchOverHttp().catch(() => undefined),
      backendReachable,
      isDashboardPage,
      reload: () => window.location.reload(),
      createSocket,
    });
    this.poll = new PollLoop(
      // While the socket is live it already brings every change; the poll covers the gaps.
      () => (this.conn.current() === 'live' ? Promise.resolve() : this.fetchOverHttp()),
      TIMING.dashboardPollMs,
      (state: PollState) => this.update({ pollStopped: state === 'stopped' }),
    );
  }

  /** The messages since the last flush, in their order, as one write per query. */
  private flush() {
    this.flushTimer = null;
    const { tenantId, networkId, type } = this.params;
    const batches = this.pendingRows;
    const latest = this.pendingInfo;
    this.pendingRows = [];
    this.pendingInfo = null;
    if (batches.length) {
      this.qc.setQueryData<DeviceRow[]>(fleetKeys.devices(tenantId, networkId, type), (old) =>
        batches.reduce<DeviceRow[] | undefined>((rows, b) => mergeDeviceRows(rows, b.rows, b.partial), old),
      );
    }
    if (latest) this.qc.setQueryData(fleetKeys.tenantInfo(tenantId, networkId, type), latest.info);
  }

  private fetchOverHttp() {
    const { tenantId, networkId, type } = this.params;
    return Promise.all([
      this.qc.fetchQuery({ ...fleetDevicesQueryOptions(tenantId, networkId, type), staleTime: 0 }),
      this.qc.fetchQuery({ ...tenantInfoQueryOptions(tenantId, networkId, type), staleTime: 0 }),
    ]);
  }

  private update(change: Partial<FeedSnapshot>) {
    this.snapshot = { ...this.snapshot, ...change };
    for (const l of this.listeners) l(this.snapshot);
  }

  subscribe(listener: (s: FeedSnapshot) => void): () => void {
    this.listeners.add(listener);
    listener(this.snapshot);
    return () => this.listeners.delete(listener);
  }

  start() {
    this.conn.start();
  }

  stop() {
    this.poll.stop();
    this.conn.stop();
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
  }

  addPoller() {
    if (++this.pollers === 1) this.poll.restart();
  }

  removePoller() {
    if (--this.pollers === 0) this.poll.stop();
  }

  /** The user's Retry: poll again from a clean count, reconnect, fetch now. */
  retry() {
    if (this.pollers > 0) this.poll.restart();
    this.conn.reconnectNow();
    return this.fetchOverHttp();
  }
}

const feeds = new Map<string, FleetFeed>();
const keyOf = (p: FleetParams) => `${p.tenantId}|${p.networkId ?? ''}|${p.type}`;

export function acquireFeed(qc: QueryClient, params: FleetParams): FleetFeed {
  const key = keyOf(params);
  let feed = feeds.get(key);
  if (!feed) {
    feed = new FleetFeed(qc, params);
    feeds.set(key, feed);
    feed.start();
  }
  feed.refs++;
  return feed;
}

export function releaseFeed(feed: FleetFeed) {
  feed.refs--;
  // A remount in the same task (React's strict-mode check, a route change between two screens
  // that both watch the fleet) picks the feed up again instead of reconnecting.
  setTimeout(() => {
    if (feed.refs > 0) return;
    feed.stop();
    if (feeds.get(keyOf(feed.params)) === feed) feeds.delete(keyOf(feed.params));
  }, 0);
}
