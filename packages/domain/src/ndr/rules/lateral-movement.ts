import { z } from 'zod';
import { boundedMap, touch, type BoundedMap } from '../bounded';
import { ewma, ewmaAdd, zScore, type Ewma } from '../stats';
import type { MitreTechniqueId } from '../mitre';
import { defineNdrRule } from '../rule';
import { firstFew, plural, TCP } from './words';

/** The remote administration services lateral movement rides on, and their ATT&CK technique. */
const SERVICES: Record<number, { name: string; technique: MitreTechniqueId }> = {
  22: { name: 'SSH', technique: 'T1021.004' },
  445: { name: 'SMB', technique: 'T1021.002' },
  3389: { name: 'RDP', technique: 'T1021.001' },
  5985: { name: 'WinRM', technique: 'T1021.006' },
  5986: { name: 'WinRM', technique: 'T1021.006' },
};
/** Peers kept per window: enough to say "many" several times over. */
const PEERS_KEPT = 256;
/** Windows a long-silent host has filled in as silent, at most. */
const MAX_FILL_WINDOWS = 500;

interface Host {
  device: string;
  user: string | null;
  /** Start of the current window (ms). */
  window: number;
  /** Internal peers reached on an administration port in this window → last time. */
  peers: Record<string, number>;
  ports: number[];
  /** Distinct peers per window, as this host usually has them. */
  base: Ewma;
}

/**
 * Lateral movement: an internal host that suddenly opens SMB, RDP, SSH or WinRM to many internal
 * peers, far more than it usually does in a window. Every internal source is tracked (its quiet
 * windows are its baseline too), so a workstation that never administered anything and starts on
 * thirty hosts stands out, while an administrator's jump host that always does is its own normal.
 */
export const lateralMovementRule = defineNdrRule({
  id: 'ndr.lateral_movement',
  name: 'Lateral movement',
  severity: 'high',
  tactics: ['TA0008'],
  techniques: ['T1021'],
  reads: ['flow'],
  version: 1,
  params: {
    ports: z.array(z.number().int().min(1).max(65535)).min(1).max(32).default([22, 445, 3389, 5985, 5986]),
    window_min: z
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .default(60),
    min_peers: z.number().int().min(2).max(10_000).default(10),
    min_z: z.number().min(1).max(50).default(4),
    /** Windows of a host learnt before it is judged (a day of hourly windows by default). */
    learning_windows: z.number().int().min(1).max(10_000).default(24),
    memory_windows: z
      .number()
      .int()
      .min(2)
      .max(10_000)
      .default(7 * 24),
    max_hosts: z.number().int().min(100).max(100_000).default(10_000),
  },
  explain: (p) =>
    `An internal host that opens ${p.ports
      .map((x) => SERVICES[x]?.name ?? `port ${x}`)
      .filter((v, i, a) => a.indexOf(v) === i)
      .join(', ')} ` +
    `connections to ${p.min_peers} or more internal hosts within ${p.window_min} minutes, ${p.min_z} standard deviations above what it usually ` +
    `reaches in that time. Each host's usual is learnt over ${p.learning_windows} such windows first.`,
  init: (): BoundedMap<Host> => boundedMap(),
  observe(hosts, f, t, p, ctx) {
    if (!ctx.isInternal(f.src_ip) || ctx.isExempt(f.src_ip)) return [];
    const span = p.window_min * 60_000;
    const window = Math.floor(t / span) * span;
    const h = touch(hosts, `h${f.src_ip}`, p.max_hosts, () => ({ device: f.device_id, user: null, window, peers: {}, ports: [], base: ewma() }));
    h.user = f.user ?? h.user;
    if (window < h.window) return [];
    if (window > h.window) closeWindows(h, window, span, 2 / (p.memory_windows + 1));
    const admin = f.protocol === TCP && p.ports.includes(f.dst_port) && ctx.isInternal(f.dst_ip) && f.dst_ip !== f.src_ip;
    if (!admin) return [];
    if (h.peers[f.dst_ip] === undefined && Object.keys(h.peers).length >= PEERS_KEPT) return [];
    h.peers[f.dst_ip] = t;
    if (!h.ports.includes(f.dst_port)) h.ports.push(f.dst_port);
    const peers = Object.keys(h.peers);
    if (peers.length < p.min_peers || h.base[0] < p.learning_windows) return [];
    const z = zScore(h.base, peers.length, Math.max(1, h.base[1] * 0.5));
    if (z < p.min_z) return [];
    const services = [...new Set(h.ports.map((x) => SERVICES[x]?.name ?? `port ${x}`))];
    const techniques = [...new Set(h.ports.map((x) => SERVICES[x]?.technique ?? 'T1021'))];
    return [
      {
        key: f.src_ip,
        host: { ip: f.src_ip, device_id: h.device },
        peer: null,
        peers: peers.slice(0, 16),
        user: h.user,
        title: `Lateral movement from ${f.src_ip} over ${services.join(', ')}`,
        summary:
          `${f.src_ip} opened ${services.join(', ')} to ${plural(peers.length, 'internal host')} within ${p.window_min} minutes ` +
          `(${firstFew(peers)}); it usually reaches about ${h.base[1].toFixed(1)}.`,
        confidence: Math.min(0.95, 0.6 + z / 40),
        first_seen: Math.min(...Object.values(h.peers)),
        last_seen: t,
        facts: { peers: peers.length, usual_peers: h.base[1], z: Math.round(z * 10) / 10, services: services.join(', ') },
        techniques,
      },
    ];
  },
  prune() {
    // Bounded by its cap; a host's baseline is worth keeping while it is quiet.
  },
});

function closeWindows(h: Host, next: number, span: number, alpha: number) {
  ewmaAdd(h.base, Object.keys(h.peers).length, alpha);
  const skipped = Math.min((next - h.window) / span - 1, MAX_FILL_WINDOWS);
  for (let i = 0; i < skipped; i++) ewmaAdd(h.base, 0, alpha);
  h.window = next;
  h.peers = {};
  h.ports = [];
}
