import { z } from 'zod';
import { isGroupAddress } from '../addresses';
import { boundedMap, sweep, touch, trimTimes, type BoundedMap } from '../bounded';
import { defineNdrRule } from '../rule';
import { firstFew, plural, protocolName, TCP, UDP } from './words';

interface Pair {
  device: string;
  user: string | null;
  /** 'TCP/22' → last contact (ms). */
  ports: Record<string, number>;
  last: number;
}

/**
 * Port scan: one source reaching many distinct ports of one destination within a window, as
 * nmap does. Refused and unanswered connections count: a scan mostly gets no answer. An internal
 * source is discovery (its peer's services); with outside sources judged too, one is reconnaissance.
 */
export const portScanRule = defineNdrRule({
  id: 'ndr.port_scan',
  name: 'Port scan',
  severity: 'medium',
  tactics: ['TA0007'],
  techniques: ['T1046'],
  reads: ['flow'],
  version: 1,
  params: {
    window_min: z.number().int().min(1).max(60).default(5),
    min_ports: z.number().int().min(5).max(1000).default(20),
    /** Judge internal sources only (scans from the internet are constant), or every source. */
    sources: z.enum(['internal', 'any']).default('internal'),
    max_pairs: z.number().int().min(100).max(200_000).default(20_000),
  },
  explain: (p) =>
    `A host that reaches ${p.min_ports} or more distinct ports of one peer within ${p.window_min} minutes, as a port scanner does. ` +
    `Refused and unanswered connections count: most ports of a scanned host do not answer. ` +
    (p.sources === 'internal' ? 'Only internal hosts are judged.' : 'Hosts outside are judged too, as reconnaissance.'),
  init: (): BoundedMap<Pair> => boundedMap(),
  observe(pairs, f, t, p, ctx) {
    if ((f.protocol !== TCP && f.protocol !== UDP) || f.src_ip === f.dst_ip || isGroupAddress(f.dst_ip)) return [];
    const inside = ctx.isInternal(f.src_ip);
    if (!inside && (p.sources === 'internal' || !ctx.isInternal(f.dst_ip))) return [];
    if (ctx.isExempt(f.src_ip)) return [];
    const window = p.window_min * 60_000;
    const pair = touch(pairs, `${f.src_ip}>${f.dst_ip}`, p.max_pairs, () => ({ device: f.device_id, user: null, ports: {}, last: t }));
    const port = `${protocolName(f.protocol)}/${f.dst_port}`;
    const count = trimTimes(pair.ports, t - window, p.min_ports * 5) + (pair.ports[port] === undefined ? 1 : 0);
    pair.ports[port] = t;
    pair.last = t;
    pair.user = f.user ?? pair.user;
    if (count < p.min_ports) return [];
    const ports = Object.keys(pair.ports);
    const first = Math.min(...Object.values(pair.ports));
    const wide = ports.length >= p.min_ports * 5;
    return [
      {
        key: `${f.src_ip}|${f.dst_ip}`,
        host: { ip: inside ? f.src_ip : f.dst_ip, device_id: pair.device },
        peer: inside ? f.dst_ip : f.src_ip,
        user: pair.user,
        title: `Port scan of ${f.dst_ip}`,
        summary: `${f.src_ip} reached ${plural(ports.length, 'distinct port')}${wide ? ' or more' : ''} of ${f.dst_ip} within ${p.window_min} minutes (${firstFew(ports)}).`,
        severity: wide && inside ? 'high' : inside ? 'medium' : 'low',
        confidence: Math.min(0.95, 0.6 + (0.35 * (ports.length / p.min_ports - 1)) / 4),
        first_seen: first,
        last_seen: t,
        facts: { distinct_ports: ports.length, window_min: p.window_min, scanner: f.src_ip },
        ...(!inside && { tactics: ['TA0043'] as const, techniques: ['T1595'] as const }),
      },
    ];
  },
  prune(pairs, horizon, p) {
    sweep(pairs, (pair) => pair.last < horizon - p.window_min * 60_000);
  },
});
