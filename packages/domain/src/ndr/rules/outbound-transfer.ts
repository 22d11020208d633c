import { z } from 'zod';
import { boundedMap, touch, type BoundedMap } from '../bounded';
import { ewma, ewmaAdd, zScore, type Ewma } from '../stats';
import { formatBytes } from '../../format/numbers';
import { defineNdrRule } from '../rule';
import { firstFew } from './words';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A host silent longer than this has its missed hours counted as a week of silence, not more. */
const MAX_FILL_HOURS = 7 * 24;
/** Peers kept per hour: the largest, so the detection names where the bytes went. */
const PEERS_KEPT = 8;

interface HostHours {
  device: string;
  user: string | null;
  /** Start of the hour being counted (ms). */
  hour: number;
  bytes: number;
  /** Destination → bytes this hour, the largest few. */
  peers: Record<string, number>;
  /** 'p443' → bytes this hour. */
  ports: Record<string, number>;
  /** The baseline of each hour of the day (UTC), so a nightly backup is its hour's normal. */
  slots: Ewma[];
}

const hourOfDay = (ms: number) => Math.floor((ms % DAY) / HOUR);

function addPeer(peers: Record<string, number>, peer: string, bytes: number) {
  const before = peers[peer];
  peers[peer] = (before ?? 0) + bytes;
  if (before !== undefined) return;
  let kept = 0;
  let smallest: string | null = null;
  for (const k in peers) {
    kept++;
    if (smallest === null || peers[k]! < peers[smallest]!) smallest = k;
  }
  if (kept > PEERS_KEPT && smallest !== null) delete peers[smallest];
}

/**
 * Large or unusual outbound transfer: the bytes an internal host sends outside in an hour,
 * against its own baseline for that hour of the day (an exponentially weighted mean and variance,
 * so a nightly backup is normal at night). It alerts while the hour is still running, once the
 * total is both far above the baseline (a z-score) and above an absolute floor, and only after
 * the host's hours have been learnt for some days. Bytes an internal server returns to an outside
 * client leave too, and count.
 */
export const outboundTransferRule = defineNdrRule({
  id: 'ndr.outbound_transfer',
  name: 'Unusual outbound transfer',
  severity: 'high',
  tactics: ['TA0010'],
  techniques: ['T1048'],
  reads: ['flow'],
  version: 1,
  params: {
    min_z: z.number().min(1).max(50).default(4),
    /** Bytes an hour below which nothing is worth a detection, whatever the baseline. */
    floor_bytes: z
      .number()
      .int()
      .min(1_000_000)
      .max(1e15)
      .default(500 * 1024 * 1024),
    /** Days each hour of the day is learnt before it is judged. */
    learning_days: z.number().int().min(1).max(60).default(4),
    /** The baseline's memory: about this many days weigh in (the weight of each new day is 2 / (days + 1)). */
    memory_days: z.number().int().min(2).max(90).default(14),
    max_hosts: z.number().int().min(100).max(100_000).default(5_000),
  },
  explain: (p) =>
    `An internal host that sends more than ${formatBytes(p.floor_bytes)} outside within an hour, and ${p.min_z} standard deviations ` +
    `or more above what it usually sends at that hour of the day. Each host's hours are learnt for ${p.learning_days} days first; ` +
    `the baseline follows about the last ${p.memory_days} days, so a regular nightly backup stays normal.`,
  init: (): BoundedMap<HostHours> => boundedMap(),
  observe(hosts, f, t, p, ctx) {
    const outward = ctx.isInternal(f.src_ip) && !ctx.isInternal(f.dst_ip);
    const served = !ctx.isInternal(f.src_ip) && ctx.isInternal(f.dst_ip);
    if (!outward && !served) return [];
    const host = outward ? f.src_ip : f.dst_ip;
    const peer = outward ? f.dst_ip : f.src_ip;
    const bytes = outward ? f.bytes_out : f.bytes_in;
    if (ctx.isExempt(host)) return [];
    const hour = Math.floor(t / HOUR) * HOUR;
    const h = touch(hosts, `h${host}`, p.max_hosts, () => ({
      device: f.device_id,
      user: null,
      hour,
      bytes: 0,
      peers: {},
      ports: {},
      slots: Array.from({ length: 24 }, ewma),
    }));
    h.user = (outward ? f.user : undefined) ?? h.user;
    // Late evidence of an hour already closed is left out: its hour is in the baseline.
    if (hour < h.hour) return [];
    if (hour > h.hour) closeHours(h, hour, 2 / (p.memory_days + 1));
    if (bytes === 0) return [];
    h.bytes += bytes;
    addPeer(h.peers, peer, bytes);
    const portKey = `p${outward ? f.dst_port : f.src_port}`;
    h.ports[portKey] = (h.ports[portKey] ?? 0) + bytes;
    if (h.bytes < p.floor_bytes) return [];
    // The hour and its neighbours: a job that starts a little later some nights is still its own normal.
    const slot = hourOfDay(hour);
    const near = [slot, (slot + 23) % 24, (slot + 1) % 24].map((i) => h.slots[i]!);
    if (near[0]![0] < p.learning_days) return [];
    const scores = near.filter((s) => s[0] >= p.learning_days).map((s) => zScore(s, h.bytes, Math.max(10 * 1024 * 1024, s[1] * 0.25)));
    const z = Math.min(...scores);
    if (z < p.min_z) return [];
    const peers = Object.entries(h.peers)
      .sort((a, b) => b[1] - a[1])
      .map(([ip]) => ip);
    const topPort = Number(
      Object.entries(h.ports)
        .reduce((a, b) => (b[1] > a[1] ? b : a))[0]
        .slice(1),
    );
    const usual = near[0]![1];
    return [
      {
        key: host,
        host: { ip: host, device_id: h.device },
        peer: peers[0] ?? null,
        peers,
        user: h.user,
        title: `Unusual outbound transfer from ${host}`,
        summary:
          `${host} sent ${formatBytes(h.bytes)} outside in the hour from ${String(slot).padStart(2, '0')}:00 UTC, ` +
          `against about ${formatBytes(usual)} usually at that hour (z = ${z.toFixed(1)}); mostly to ${firstFew(peers, 3)}.`,
        severity: h.bytes >= p.floor_bytes * 10 ? 'critical' : 'high',
        confidence: Math.min(0.95, 0.6 + z / 40),
        first_seen: hour,
        last_seen: t,
        facts: { bytes: h.bytes, usual_bytes: Math.round(usual), z: Math.round(z * 10) / 10, port: topPort },
        techniques: topPort === 443 || topPort === 80 ? ['T1567'] : ['T1048'],
      },
    ];
  },
  prune() {
    // Bounded by its cap; an idle host's baseline is what it is worth keeping.
  },
});

/** The hour counted so far goes into its slot's baseline, and each hour skipped as a silent one. */
function closeHours(h: HostHours, next: number, alpha: number) {
  ewmaAdd(h.slots[hourOfDay(h.hour)]!, h.bytes, alpha);
  const skipped = Math.min((next - h.hour) / HOUR - 1, MAX_FILL_HOURS);
  for (let i = skipped; i >= 1; i--) ewmaAdd(h.slots[hourOfDay(next - i * HOUR)]!, 0, alpha);
  h.hour = next;
  h.bytes = 0;
  h.peers = {};
  h.ports = {};
}
