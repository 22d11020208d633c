import { z } from 'zod';
import { parse } from 'tldts';
import { boundedMap, sweep, touch, type BoundedMap } from '../bounded';
import { shannonEntropy } from '../stats';
import { defineNdrRule } from '../rule';

/** One distinct name asked: [last time (ms), longest label of its subdomain, its entropy ×100, 1 if TXT or NULL]. */
type Asked = [t: number, longest: number, entropy: number, txt: number];

interface Conversation {
  device: string;
  /** Hash of the name → what was asked. */
  names: Record<string, Asked>;
  last: number;
}

/** Services that answer questions encoded in names by design: reputation and blocklist lookups. */
const DEFAULT_EXEMPT = ['sophosxl.net', 'spamhaus.org', 'spamcop.net', 'surbl.org', 'uribl.com', 'senderbase.org', 'mcafee.com', 'trendmicro.com'];

/** FNV-1a: names stand for themselves in the state by a short hash. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `n${(h >>> 0).toString(36)}`;
}

/**
 * DNS tunnelling: data carried in the names a host asks of one domain (and in the TXT or NULL
 * records it gets back), as iodine, dnscat2 or DNS-exfiltrating malware do. The sign is many
 * distinct subdomains of one parent within a window, together with at least two of: long labels,
 * high-entropy labels, mostly TXT/NULL questions. Reputation lookups that encode their question in
 * a name, and reverse lookups, are left out.
 */
export const dnsTunnelRule = defineNdrRule({
  id: 'ndr.dns_tunnel',
  name: 'DNS tunnelling',
  severity: 'high',
  tactics: ['TA0011', 'TA0010'],
  techniques: ['T1071.004', 'T1572', 'T1048'],
  reads: ['dns'],
  version: 1,
  params: {
    window_min: z.number().int().min(1).max(120).default(10),
    min_unique: z.number().int().min(5).max(10_000).default(40),
    /** Mean length of the longest label, at least (DNS allows 63). */
    long_label: z.number().int().min(8).max(63).default(24),
    /** Mean entropy of the subdomains, bits per character, at least. */
    high_entropy: z.number().min(1).max(6).default(3.6),
    /** Share of TXT and NULL questions, at least. */
    txt_share: z.number().min(0).max(1).default(0.5),
    exempt_domains: z.array(z.string().min(1).max(253)).max(1000).default(DEFAULT_EXEMPT),
    max_conversations: z.number().int().min(100).max(100_000).default(10_000),
  },
  explain: (p) =>
    `A host that asks ${p.min_unique} or more distinct names under one domain within ${p.window_min} minutes, when the names carry data: ` +
    `at least two of long labels (${p.long_label} characters or more on average), random-looking labels (entropy ${p.high_entropy} bits ` +
    `per character or more) and mostly TXT or NULL questions (${Math.round(p.txt_share * 100)}% or more). Reputation lookups are left out.`,
  init: (): BoundedMap<Conversation> => boundedMap(),
  observe(conversations, q, t, p, ctx) {
    if (ctx.isExempt(q.client_ip)) return [];
    const name = q.name.toLowerCase().replace(/\.$/, '');
    const parsed = parse(name);
    const parent = parsed.domain;
    if (!parent || parsed.publicSuffix === 'arpa' || name === parent) return [];
    if (p.exempt_domains.some((d) => parent === d || parent.endsWith(`.${d}`))) return [];
    const sub = name.slice(0, -(parent.length + 1));
    const longest = Math.max(...sub.split('.').map((l) => l.length));
    const window = p.window_min * 60_000;
    const c = touch(conversations, `${q.client_ip}|${parent}`, p.max_conversations, (): Conversation => ({ device: q.device_id, names: {}, last: t }));
    c.last = t;
    c.names[hash(name)] = [t, longest, Math.round(shannonEntropy(sub.replace(/\./g, '')) * 100), q.qtype === 'TXT' || q.qtype === 'NULL' ? 1 : 0];
    for (const [k, a] of Object.entries(c.names)) if (a[0] < t - window) delete c.names[k];
    // Past twice the threshold the figures say no more: the oldest name is let go.
    if (Object.keys(c.names).length > p.min_unique * 2) {
      const oldest = Object.entries(c.names).reduce((a, b) => (b[1][0] < a[1][0] ? b : a));
      delete c.names[oldest[0]];
    }
    const names = Object.values(c.names);
    if (names.length < p.min_unique) return [];
    const mean = (i: 1 | 2 | 3) => names.reduce((s, a) => s + a[i], 0) / names.length;
    const long = mean(1);
    const entropy = mean(2) / 100;
    const txt = mean(3);
    const signs = [long >= p.long_label, entropy >= p.high_entropy, txt >= p.txt_share].filter(Boolean).length;
    if (signs < 2) return [];
    return [
      {
        key: `${q.client_ip}|${parent}`,
        host: { ip: q.client_ip, device_id: c.device },
        peer: parent,
        title: `DNS tunnelling through ${parent}`,
        summary:
          `${q.client_ip} asked ${names.length} distinct names under ${parent} within ${p.window_min} minutes: labels of ${Math.round(long)} ` +
          `characters on average, ${entropy.toFixed(1)} bits of entropy per character, ${Math.round(txt * 100)}% TXT or NULL questions.`,
        confidence: Math.min(0.95, 0.55 + 0.15 * signs + (names.length >= p.min_unique * 2 ? 0.1 : 0)),
        first_seen: Math.min(...names.map((a) => a[0])),
        last_seen: t,
        facts: { distinct_names: names.length, mean_label: Math.round(long), entropy: Math.round(entropy * 100) / 100, txt_pct: Math.round(txt * 100) },
      },
    ];
  },
  prune(conversations, horizon, p) {
    sweep(conversations, (c) => c.last < horizon - p.window_min * 60_000);
  },
});
