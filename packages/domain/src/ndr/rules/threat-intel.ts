import { z } from 'zod';
import { isIPv4 } from '../../validators/ipv4';
import { boundedMap, touch, type BoundedMap } from '../bounded';
import { intelMatcher, ndrThreatListSchema, type IntelHit, type IntelMatcher, type NdrThreatList } from '../intel-lists';
import { defineNdrRule, type NdrEmission } from '../rule';
import type { NdrDnsQuery, NdrFlow } from '../evidence';

const matchers = new WeakMap<readonly NdrThreatList[], IntelMatcher>();
/** Built once per lists array: the server passes the same parameters batch after batch. */
function matcherOf(lists: readonly NdrThreatList[]): IntelMatcher {
  let m = matchers.get(lists);
  if (!m) matchers.set(lists, (m = intelMatcher(lists)));
  return m;
}

/**
 * Threat intel: a connection to or from an address on one of the tenant's threat-intel lists,
 * or a DNS question for a listed domain (or any name under it) or answered with a listed address.
 * An internal host reaching out to a listed address is command and control; one answering a
 * listed address that connected in has been found by a known attacker. Connections in that were
 * not answered are what every internet-facing address receives, and are left out by default.
 */
export const threatIntelRule = defineNdrRule({
  id: 'ndr.threat_intel',
  name: 'Threat-intel match',
  severity: 'high',
  tactics: ['TA0011'],
  techniques: ['T1071'],
  reads: ['flow', 'dns'],
  version: 1,
  params: {
    lists: z.array(ndrThreatListSchema).max(32).default([]),
    /** Connections in from a listed address: only those the internal host answered, all, or none. */
    inbound: z.enum(['answered', 'all', 'none']).default('answered'),
    /** One emission per host and indicator within this many minutes; the detection is the same one meanwhile. */
    renotify_min: z.number().int().min(0).max(1440).default(10),
    max_keys: z.number().int().min(100).max(200_000).default(20_000),
  },
  explain: (p) =>
    `A connection between an internal host and an address on ${p.lists.length ? `one of the threat-intel lists (${p.lists.map((l) => l.name).join(', ')})` : 'a threat-intel list'}, ` +
    `or a DNS question for a listed domain or a name under it, or answered with a listed address. ` +
    (p.inbound === 'none'
      ? 'Connections coming in from listed addresses are left out.'
      : p.inbound === 'answered'
        ? 'Connections coming in count only when the internal host answered.'
        : 'Every connection coming in counts.'),
  init: (): BoundedMap<number> => boundedMap(),
  observe(sent, e, t, p, ctx) {
    if (p.lists.length === 0) return [];
    const intel = matcherOf(p.lists);
    const hits = e.kind === 'flow' ? flowHit(e, intel, p.inbound, ctx.isInternal) : dnsHit(e, intel);
    if (!hits || ctx.isExempt(hits.host)) return [];
    const key = `${hits.host}|${hits.hit.entry}`;
    // 0: never emitted (evidence times are long past 1970).
    const last = touch(sent, `k${key}`, p.max_keys, () => 0);
    if (last !== 0 && t - last < p.renotify_min * 60_000) return [];
    sent.items[`k${key}`] = t;
    return [{ key, ...hits.emission, host: { ip: hits.host, device_id: e.device_id }, peer: hits.hit.entry, last_seen: t }];
  },
  prune() {
    // Bounded by its cap.
  },
});

interface Found {
  host: string;
  hit: IntelHit;
  emission: Omit<NdrEmission, 'key' | 'host' | 'peer' | 'last_seen'>;
}

function flowHit(f: NdrFlow, intel: IntelMatcher, inbound: 'answered' | 'all' | 'none', isInternal: (ip: string) => boolean): Found | null {
  const answered = f.packets_in > 0 && f.bytes_in > 0;
  if (isInternal(f.src_ip) && !isInternal(f.dst_ip)) {
    const hit = intel.address(f.dst_ip);
    if (!hit) return null;
    return {
      host: f.src_ip,
      hit,
      emission: {
        title: `Connection to ${f.dst_ip}, listed on ${hit.list.name}`,
        summary: `${f.src_ip} connected to ${f.dst_ip}:${f.dst_port}${f.application ? ` (${f.application})` : ''}, listed on ${hit.list.name} as ${hit.entry}; ${answered ? 'it answered' : 'it did not answer'}.`,
        user: f.user ?? null,
        severity: answered ? 'high' : 'medium',
        confidence: answered ? 0.9 : 0.7,
        facts: { list: hit.list.name, indicator: hit.entry, direction: 'outbound', answered: answered ? 'yes' : 'no' },
      },
    };
  }
  if (!isInternal(f.src_ip) && isInternal(f.dst_ip)) {
    if (inbound === 'none' || (inbound === 'answered' && !answered)) return null;
    const hit = intel.address(f.src_ip);
    if (!hit) return null;
    return {
      host: f.dst_ip,
      hit,
      emission: {
        title: `Connection from ${f.src_ip}, listed on ${hit.list.name}`,
        summary: `${f.src_ip}, listed on ${hit.list.name} as ${hit.entry}, connected to ${f.dst_ip}:${f.dst_port}; ${answered ? 'the host answered' : 'the host did not answer'}.`,
        severity: answered ? 'medium' : 'low',
        confidence: answered ? 0.8 : 0.5,
        facts: { list: hit.list.name, indicator: hit.entry, direction: 'inbound', answered: answered ? 'yes' : 'no' },
        tactics: ['TA0043'],
        techniques: ['T1595'],
      },
    };
  }
  return null;
}

function dnsHit(q: NdrDnsQuery, intel: IntelMatcher): Found | null {
  const named = intel.name(q.name);
  const answer = named ? undefined : q.answers?.find((a) => isIPv4(a) && intel.address(a));
  const hit = named ?? (answer ? intel.address(answer) : null);
  if (!hit) return null;
  return {
    host: q.client_ip,
    hit,
    emission: {
      title: `DNS question for ${named ? q.name : `${q.name}, answered with ${answer}`}, listed on ${hit.list.name}`,
      summary: named
        ? `${q.client_ip} asked for ${q.name} (${q.qtype}), which ${hit.list.name} lists as ${hit.entry}.`
        : `${q.client_ip} asked for ${q.name} and was answered ${answer}, which ${hit.list.name} lists as ${hit.entry}.`,
      confidence: 0.85,
      facts: { list: hit.list.name, indicator: hit.entry, direction: 'dns', name: q.name },
      techniques: ['T1071.004'],
    },
  };
}
