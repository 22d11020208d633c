import type { StatusSnapshot } from '@netloom/domain';
import type { RouterLease } from './router-model';
import { fixedShare as share } from './prng';

type Snapshot<K extends StatusSnapshot['kind']> = Extract<StatusSnapshot, { kind: K }>;

/** Hosts an office's clients visit, how much of their traffic each draws and the bytes of one visit. */
const TRACKED_HOSTS = [
  { host: 'www.google.com', weight: 6, hitBytes: 80_000 },
  { host: 'outlook.office365.com', weight: 8, hitBytes: 120_000 },
  { host: 'teams.microsoft.com', weight: 14, hitBytes: 900_000 },
  { host: 'www.youtube.com', weight: 18, hitBytes: 6_000_000 },
  { host: 'github.com', weight: 4, hitBytes: 150_000 },
  { host: 'slack.com', weight: 3, hitBytes: 60_000 },
  { host: 'zoom.us', weight: 10, hitBytes: 1_500_000 },
  { host: 'www.linkedin.com', weight: 2, hitBytes: 200_000 },
  { host: 'drive.google.com', weight: 7, hitBytes: 700_000 },
  { host: 'www.netflix.com', weight: 9, hitBytes: 8_000_000 },
  { host: 'www.dropbox.com', weight: 5, hitBytes: 500_000 },
  { host: 'www.amazon.com', weight: 2, hitBytes: 250_000 },
  { host: 'en.wikipedia.org', weight: 1, hitBytes: 90_000 },
  { host: 'update.microsoft.com', weight: 6, hitBytes: 3_000_000 },
  { host: 'www.icloud.com', weight: 3, hitBytes: 400_000 },
] as const;
/** Search, mail and chat: every client uses them; the rest each client visits or not. */
const EVERYONE = 3;
/** Of a client's traffic, what goes to the tracked hosts; the rest is DNS, NTP, hosts not worth listing. */
const TRACKED_SHARE = 0.85;
/** The LAN's clients together draw about this share of the WAN's peak rate at the busiest hour. */
const LAN_SHARE = 0.8;

/** What the gateway's traffic model knows: seconds at peak rate since boot, the peak rate, and when. */
export interface ClientTraffic {
  busyS: number;
  peakBps: number;
  bootMs: number;
  nowMs: number;
}

/** Each client's download since boot: the LAN's share of the peak, split by a fixed weight per client. */
function clientRx(leases: readonly RouterLease[], t: ClientTraffic): number[] {
  const weights = leases.map((l) => 0.3 + 1.4 * share(l.ip, l.mac));
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => (t.busyS * t.peakBps * LAN_SHARE * w) / total);
}

const visits = (lease: RouterLease, hostIndex: number) => hostIndex < EVERYONE || share(lease.ip, TRACKED_HOSTS[hostIndex]!.host) < 0.6;

/** A client's traffic per host it visits: its tracked share split by the hosts' weights, a little different per client. */
function hostBytes(lease: RouterLease, rx: number): { index: number; bytes: number }[] {
  const visited = TRACKED_HOSTS.map((h, index) => ({ index, w: h.weight * (0.5 + share(lease.ip, h.host, 'w')) })).filter((h) => visits(lease, h.index));
  const total = visited.reduce((a, h) => a + h.w, 0);
  return visited.map((h) => ({ index: h.index, bytes: Math.floor((rx * TRACKED_SHARE * h.w) / total) }));
}

/**
 * A client visits a host every so often (busier hosts more often), so the last visit only moves
 * forward with time, and never before the box booted.
 */
function lastSeen(lease: RouterLease, host: string, t: ClientTraffic): string {
  const periodMs = (30 + 1770 * share(lease.ip, host, 'period')) * 1000;
  const phase = share(lease.ip, host, 'phase') * periodMs;
  const last = Math.floor((t.nowMs - phase) / periodMs) * periodMs + phase;
  return new Date(Math.floor(Math.max(t.bootMs, Math.min(t.nowMs, last)) / 1000) * 1000).toISOString();
}

/** Hosts the LAN's clients (its DHCP leases) visited since boot, busiest first; nothing is blocked without a URL filter. */
export function urlTrackingSnapshot(leases: readonly RouterLease[], t: ClientTraffic): Snapshot<'url_tracking'> {
  const rx = clientRx(leases, t);
  const entries = leases.flatMap((lease, i) =>
    hostBytes(lease, rx[i]!).flatMap(({ index, bytes }) => {
      const h = TRACKED_HOSTS[index]!;
      const hits = Math.floor(bytes / h.hitBytes);
      return hits > 0 ? [{ host: h.host, client: lease.ip, hits, bytes, last_seen: lastSeen(lease, h.host, t), blocked: false }] : [];
    }),
  );
  return { kind: 'url_tracking', entries: entries.sort((a, b) => b.bytes - a.bytes).slice(0, 4096) };
}

/** Each client's traffic since boot: at least what the URL tracking saw of it, uploads a fixed fraction. */
export function usageSnapshot(leases: readonly RouterLease[], t: ClientTraffic): Snapshot<'usage'> {
  const rx = clientRx(leases, t);
  return {
    kind: 'usage',
    entries: leases.slice(0, 4096).map((lease, i) => ({
      client: lease.ip,
      hostname: lease.hostname,
      rx_bytes: Math.floor(rx[i]!),
      tx_bytes: Math.floor(rx[i]! * (0.08 + 0.17 * share(lease.ip, 'tx'))),
    })),
  };
}
