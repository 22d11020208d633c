/**
 * The connection attempts bench:ztna decides: endpoints of the tenant (with their users, teams,
 * security groups and posture) asking for servers over a week. Most ask for a server one of their
 * policies names (allowed, denied by a deny or by posture, or another port); the rest for any
 * server (mostly default deny), sometimes on a port it does not publish.
 */
import { endpointSecurityGroups, policiesForEndpoint, portSpecSpan, type AccessRequest, type ZtnaProtocol, type ZtnaServer } from '@netloom/domain';
import { chance, mulberry32, pick, randomInt } from '../../packages/simulator/src/prng';
import type { BenchZtnaTenant } from './tenant';

/** Monday 2026-11-16, 00:00 UTC: the week the requests fall in. */
const WEEK_START = Date.parse('2026-11-16T00:00:00Z');
const WEEK_MS = 7 * 86_400_000;

export function buildAccessRequests(b: BenchZtnaTenant, count: number, seed = 23): AccessRequest[] {
  const random = mulberry32(seed);
  const t = b.tenant;
  const endpoints = [...t.endpoints.values()];
  const byId = new Map(t.servers.map((s) => [s.id, s]));
  const bySite = new Map<string, ZtnaServer[]>();
  for (const s of t.servers) (bySite.get(s.site) ?? bySite.set(s.site, []).get(s.site)!).push(s);
  const views = new Map<string, { securityGroups: string[]; named: string[][] }>();

  const out: AccessRequest[] = [];
  for (let i = 0; i < count; i++) {
    const e = pick(random, endpoints);
    let v = views.get(e.id);
    if (!v) {
      const securityGroups = endpointSecurityGroups(t, e);
      // What each of its policies names: its servers, or a site's.
      const named = policiesForEndpoint(t, e, securityGroups).map((p) => [
        ...p.destinations.servers,
        ...p.destinations.sites.flatMap((site) => (bySite.get(site) ?? []).map((s) => s.id)),
      ]);
      views.set(e.id, (v = { securityGroups, named: named.filter((n) => n.length > 0) }));
    }
    const server = v.named.length > 0 && chance(random, 0.75) ? byId.get(pick(random, pick(random, v.named)))! : pick(random, t.servers);
    let protocol: ZtnaProtocol = 'tcp';
    let port: number | null = randomInt(random, 1, 65_535);
    if (chance(random, 0.9)) {
      const published = pick(random, server.ports);
      protocol = published.protocol === 'any' ? pick(random, ['tcp', 'udp'] as const) : published.protocol;
      const span = published.ports.length > 0 ? portSpecSpan(pick(random, published.ports)) : null;
      port = protocol === 'icmp' ? null : span ? randomInt(random, span[0], span[1]) : pick(random, [22, 53, 443, 8080]);
    }
    out.push({
      user: e.user,
      endpointId: e.id,
      groups: e.groups,
      securityGroups: v.securityGroups,
      posture: e.posture,
      serverId: server.id,
      protocol,
      port,
      at: new Date(WEEK_START + Math.floor(random() * WEEK_MS)),
    });
  }
  return out;
}
