import { z } from 'zod';
import { boundedMap, sweep, touch, type BoundedMap } from '../bounded';
import { dgaSigns } from '../dga-score';
import { defineNdrRule } from '../rule';
import { firstFew } from './words';

interface Client {
  device: string;
  /** Machine-made-looking domain → [last asked (ms), 1 if it did not exist (NXDOMAIN)]. */
  domains: Record<string, [t: number, nx: number]>;
  last: number;
}

/**
 * DGA-looking names: a host asking for many registrable domains that look machine-made (letter
 * pairs English does not write, high entropy, long consonant runs, digits among letters) within a
 * window, as malware searching for its controller through a domain generation algorithm does.
 * Most of the names it tries do not exist: a burst of NXDOMAIN answers raises the confidence.
 */
export const dgaRule = defineNdrRule({
  id: 'ndr.dga',
  name: 'Generated domain names',
  severity: 'medium',
  tactics: ['TA0011'],
  techniques: ['T1568.002'],
  reads: ['dns'],
  version: 1,
  params: {
    window_min: z.number().int().min(1).max(120).default(10),
    min_domains: z.number().int().min(2).max(1000).default(8),
    /** How machine-made a name must look to count, 0–1 (popular sites stay under 0.55). */
    min_score: z.number().min(0.3).max(1).default(0.6),
    max_clients: z.number().int().min(100).max(100_000).default(10_000),
  },
  explain: (p) =>
    `A host that asks for ${p.min_domains} or more different domains that look machine-made within ${p.window_min} minutes, ` +
    `as malware using a domain generation algorithm does. When most of them do not exist (NXDOMAIN), the detection is surer and more severe.`,
  init: (): BoundedMap<Client> => boundedMap(),
  observe(clients, q, t, p, ctx) {
    if (ctx.isExempt(q.client_ip)) return [];
    const signs = dgaSigns(q.name);
    if (!signs || signs.score < p.min_score) return [];
    const window = p.window_min * 60_000;
    const c = touch(clients, `c${q.client_ip}`, p.max_clients, (): Client => ({ device: q.device_id, domains: {}, last: t }));
    c.last = t;
    const before = c.domains[signs.domain];
    c.domains[signs.domain] = [t, before?.[1] || q.rcode === 'NXDOMAIN' ? 1 : 0];
    for (const [d, [at]] of Object.entries(c.domains)) if (at < t - window) delete c.domains[d];
    if (Object.keys(c.domains).length > p.min_domains * 4) {
      const oldest = Object.entries(c.domains).reduce((a, b) => (b[1][0] < a[1][0] ? b : a));
      delete c.domains[oldest[0]];
    }
    const domains = Object.keys(c.domains);
    if (domains.length < p.min_domains) return [];
    const nx = Object.values(c.domains).filter(([, n]) => n === 1).length / domains.length;
    return [
      {
        key: q.client_ip,
        host: { ip: q.client_ip, device_id: c.device },
        peer: null,
        peers: domains.slice(0, 16),
        title: `Machine-generated domain names asked by ${q.client_ip}`,
        summary:
          `${q.client_ip} asked for ${domains.length} machine-made-looking domains within ${p.window_min} minutes ` +
          `(${firstFew(domains, 4)}); ${Math.round(nx * 100)}% of them do not exist.`,
        severity: nx >= 0.5 ? 'high' : 'medium',
        confidence: Math.min(0.95, 0.5 + 0.4 * nx + (domains.length >= p.min_domains * 3 ? 0.05 : 0)),
        first_seen: Math.min(...Object.values(c.domains).map(([at]) => at)),
        last_seen: t,
        facts: { domains: domains.length, nxdomain_pct: Math.round(nx * 100) },
      },
    ];
  },
  prune(clients, horizon, p) {
    sweep(clients, (c) => c.last < horizon - p.window_min * 60_000);
  },
});
