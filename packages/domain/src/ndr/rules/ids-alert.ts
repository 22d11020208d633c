import { z } from 'zod';
import { boundedMap, touch, type BoundedMap } from '../bounded';
import type { NdrSeverity } from '../detection';
import type { IdsCategory } from '../../config/families/ids-ips-catalogue';
import type { MitreTacticId, MitreTechniqueId } from '../mitre';
import { defineNdrRule } from '../rule';
import { plural } from './words';

/** Suricata's severity (1 the worst) as a detection's. */
const SEVERITY: Record<1 | 2 | 3, NdrSeverity> = { 1: 'high', 2: 'medium', 3: 'low' };

type Mapping = { tactics: MitreTacticId[]; techniques: MitreTechniqueId[] };
/** What each category of the shipped rule set is, in ATT&CK; inbound says the attacker is outside. */
function mitreOf(category: IdsCategory, inbound: boolean, internalBoth: boolean): Mapping {
  switch (category) {
    case 'malware':
      return { tactics: ['TA0011'], techniques: ['T1105'] };
    case 'botnet-cnc':
      return { tactics: ['TA0011'], techniques: ['T1071'] };
    case 'exploit':
      return internalBoth ? { tactics: ['TA0008'], techniques: ['T1210'] } : { tactics: ['TA0001'], techniques: ['T1190'] };
    case 'web-attack':
      return { tactics: ['TA0001'], techniques: ['T1190'] };
    case 'scan':
      return inbound ? { tactics: ['TA0043'], techniques: ['T1595'] } : { tactics: ['TA0007'], techniques: ['T1046'] };
    case 'dos':
      return { tactics: ['TA0040'], techniques: ['T1498'] };
    case 'phishing':
      return { tactics: ['TA0001'], techniques: ['T1566'] };
    case 'coinminer':
      return { tactics: ['TA0040'], techniques: ['T1496'] };
    case 'policy':
    case 'info':
      return { tactics: [], techniques: [] };
  }
}

interface Pair {
  count: number;
  first: number;
}

/**
 * IDS alerts promoted to detections by Suricata's severity (1 high, 2 medium, 3 low). Repeats of
 * one signature between the same two addresses are one detection, counted; the host is the
 * internal end (the destination when an outside attacker is the source).
 */
export const idsAlertRule = defineNdrRule({
  id: 'ndr.ids_alert',
  name: 'IDS alert',
  severity: 'medium',
  tactics: [],
  techniques: [],
  reads: ['ids'],
  version: 1,
  params: {
    /** The least severe Suricata severity promoted (3: every alert). */
    max_ids_severity: z.number().int().min(1).max(3).default(3),
    max_pairs: z.number().int().min(100).max(200_000).default(20_000),
  },
  explain: (p) =>
    `Every IDS/IPS alert of Suricata severity ${p.max_ids_severity === 1 ? '1' : `1 to ${p.max_ids_severity}`} becomes a detection: severity 1 ` +
    `high, 2 medium, 3 low. Repeats of one signature between the same two addresses are one detection, counted.`,
  init: (): BoundedMap<Pair> => boundedMap(),
  observe(pairs, a, t, p, ctx) {
    if (a.severity > p.max_ids_severity) return [];
    const srcInside = ctx.isInternal(a.src);
    const dstInside = ctx.isInternal(a.dst);
    const host = srcInside && !dstInside ? a.src : a.dst;
    const peer = host === a.src ? a.dst : a.src;
    if (ctx.isExempt(host)) return [];
    const key = `${a.sid}|${a.src}|${a.dst}`;
    const pair = touch(pairs, `k${key}`, p.max_pairs, (): Pair => ({ count: 0, first: t }));
    pair.count++;
    const inbound = !srcInside && dstInside;
    return [
      {
        key,
        host: { ip: host, device_id: a.device_id },
        peer,
        title: a.message,
        summary:
          `The IDS on the gateway matched signature ${a.sid} (${a.message}) from ${a.src}${a.src_port !== undefined ? `:${a.src_port}` : ''} ` +
          `to ${a.dst}${a.dst_port !== undefined ? `:${a.dst_port}` : ''}, ${plural(pair.count, 'time')} so far; ${a.action === 'dropped' ? 'the packets were dropped' : 'it was reported, not blocked'}.`,
        severity: SEVERITY[a.severity],
        confidence: a.severity === 1 ? 0.8 : a.severity === 2 ? 0.65 : 0.5,
        first_seen: pair.first,
        last_seen: t,
        facts: { sid: a.sid, category: a.category, count: pair.count, action: a.action },
        ...mitreOf(a.category, inbound, srcInside && dstInside),
      },
    ];
  },
  prune() {
    // Bounded by its cap: a pair's count goes on while it is remembered.
  },
});
