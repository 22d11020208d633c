import { z } from 'zod';
import { isGroupAddress } from '../addresses';
import { boundedMap, sweep, touch, trimTimes, type BoundedMap } from '../bounded';
import { defineNdrRule } from '../rule';
import { firstFew, plural, protocolName, TCP, UDP } from './words';

interface Sweep {
  device: string;
  user: string | null;
  /** Destination → last contact (ms). */
  targets: Record<string, number>;
  last: number;
}

/**
 * Host scan: one internal source reaching one port on many destinations within a window, as a
 * sweep for SMB or SSH, or a worm, does. Internal destinations all count; outside ones only when
 * they did not answer, since a browser reaches dozens of sites on 443 and they all answer.
 */
export const hostScanRule = defineNdrRule({
  id: 'ndr.host_scan',
  name: 'Host scan',
  severity: 'medium',
  tactics: ['TA0007'],
  techniques: ['T1018', 'T1046'],
  reads: ['flow'],
  version: 1,
  params: {
    window_min: z.number().int().min(1).max(60).default(5),
    min_hosts: z.number().int().min(5).max(5000).default(24),
    max_sweeps: z.number().int().min(100).max(200_000).default(20_000),
  },
  explain: (p) =>
    `An internal host that reaches one port on ${p.min_hosts} or more hosts within ${p.window_min} minutes, as a network sweep or a worm does. ` +
    `Refused and unanswered connections count; hosts outside count only when they did not answer, since browsing reaches many sites on one port.`,
  init: (): BoundedMap<Sweep> => boundedMap(),
  observe(sweeps, f, t, p, ctx) {
    if ((f.protocol !== TCP && f.protocol !== UDP) || f.src_ip === f.dst_ip || isGroupAddress(f.dst_ip)) return [];
    if (!ctx.isInternal(f.src_ip) || ctx.isExempt(f.src_ip)) return [];
    const unanswered = f.packets_in === 0 && f.bytes_in === 0;
    if (!ctx.isInternal(f.dst_ip) && !unanswered) return [];
    const service = `${protocolName(f.protocol)}/${f.dst_port}`;
    const window = p.window_min * 60_000;
    const s = touch(sweeps, `${f.src_ip}|${service}`, p.max_sweeps, () => ({ device: f.device_id, user: null, targets: {}, last: t }));
    const count = trimTimes(s.targets, t - window, p.min_hosts * 5) + (s.targets[f.dst_ip] === undefined ? 1 : 0);
    s.targets[f.dst_ip] = t;
    s.last = t;
    s.user = f.user ?? s.user;
    if (count < p.min_hosts) return [];
    const targets = Object.keys(s.targets);
    const wide = targets.length >= p.min_hosts * 5;
    return [
      {
        key: `${f.src_ip}|${service}`,
        host: { ip: f.src_ip, device_id: s.device },
        peer: null,
        peers: targets.slice(0, 16),
        user: s.user,
        title: `Host scan on ${service}`,
        summary: `${f.src_ip} reached ${service} on ${plural(targets.length, 'host')}${wide ? ' or more' : ''} within ${p.window_min} minutes (${firstFew(targets)}).`,
        severity: wide ? 'high' : 'medium',
        confidence: Math.min(0.95, 0.6 + (0.35 * (targets.length / p.min_hosts - 1)) / 4),
        first_seen: Math.min(...Object.values(s.targets)),
        last_seen: t,
        facts: { distinct_hosts: targets.length, service, window_min: p.window_min },
      },
    ];
  },
  prune(sweeps, horizon, p) {
    sweep(sweeps, (s) => s.last < horizon - p.window_min * 60_000);
  },
});
