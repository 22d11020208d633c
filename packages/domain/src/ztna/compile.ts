import { scheduleActive } from '../webfilter/schedule';
import { portSpecSpan } from './fields';
import {
  defaultDeny,
  policyDecision,
  requesterRefusal,
  serverRefusal,
  unknownServer,
  type AccessDecision,
  type AccessRequest,
  type AccessView,
} from './evaluate';
import type { ServerPort, ZtnaProtocol, ZtnaServer } from './resources';
import type { ZtnaPolicy } from './policy';

/**
 * A tenant's policies and servers made ready for many decisions (a connector deciding each
 * session, the "who can reach what" tool listing every requester of a server): the same answers
 * as `decideAccess`, but a decision reads only the policies that name the server or its site, in
 * order, and tests their sources and ports against sets and spans instead of lists.
 */
export interface CompiledAccess {
  readonly view: AccessView;
  decide(req: AccessRequest): AccessDecision;
  /** The enabled policies naming a server (by id or site), in order: the only ones that can decide for it. */
  candidates(serverId: string): readonly ZtnaPolicy[];
}

/** Ports as spans: `all` for a protocol without ports (or 'any'), else inclusive [from, to] pairs. */
interface PortRule {
  protocol: ZtnaProtocol;
  all: boolean;
  spans: number[];
}

interface CompiledPolicy {
  policy: ZtnaPolicy;
  everyone: boolean;
  users: ReadonlySet<string>;
  groups: ReadonlySet<string>;
  securityGroups: ReadonlySet<string>;
  /** Null: the server's own ports (the policy does not narrow them). */
  ports: PortRule[] | null;
}

function portRules(list: readonly ServerPort[]): PortRule[] {
  return list.map((p) => {
    const spans: number[] = [];
    for (const spec of p.ports) {
      const span = portSpecSpan(spec);
      if (span) spans.push(span[0], span[1]);
    }
    return { protocol: p.protocol, all: p.protocol === 'any' || p.ports.length === 0, spans };
  });
}

/** `portAllowed` on compiled rules. */
function portsAllow(rules: readonly PortRule[], protocol: ZtnaProtocol, port: number | null): boolean {
  for (const r of rules) {
    if (r.protocol !== 'any' && r.protocol !== protocol) continue;
    if (r.all || port === null) return true;
    for (let i = 0; i < r.spans.length; i += 2) if (port >= r.spans[i]! && port <= r.spans[i + 1]!) return true;
  }
  return false;
}

function sourcesAllow(c: CompiledPolicy, req: AccessRequest): boolean {
  if (c.everyone) return true;
  if (req.user && c.users.has(req.user)) return true;
  if (c.groups.size > 0) for (const g of req.groups) if (c.groups.has(g)) return true;
  if (c.securityGroups.size > 0) for (const g of req.securityGroups) if (c.securityGroups.has(g)) return true;
  return false;
}

const NONE: readonly number[] = [];

export function compileAccess(view: AccessView): CompiledAccess {
  const policies: CompiledPolicy[] = view.policies.map((p) => ({
    policy: p,
    everyone: p.sources.everyone,
    users: new Set(p.sources.users),
    groups: new Set(p.sources.groups),
    securityGroups: new Set(p.sources.security_groups),
    ports: p.destinations.ports.length > 0 ? portRules(p.destinations.ports) : null,
  }));
  // decideAccess takes the first server of an id.
  const servers = new Map<string, { server: ZtnaServer; ports: PortRule[] }>();
  for (const s of view.servers) if (!servers.has(s.id)) servers.set(s.id, { server: s, ports: portRules(s.ports) });

  // Disabled policies never decide, so they are left out of the indexes.
  const byServer = new Map<string, number[]>();
  const bySite = new Map<string, number[]>();
  view.policies.forEach((p, i) => {
    if (!p.enabled) return;
    for (const id of new Set(p.destinations.servers)) (byServer.get(id) ?? byServer.set(id, []).get(id)!).push(i);
    for (const site of new Set(p.destinations.sites)) (bySite.get(site) ?? bySite.set(site, []).get(site)!).push(i);
  });
  // A server's candidates are the merge of its own and its site's lists (each ascending), made on first use.
  const candidateIndexes = new Map<string, readonly number[]>();
  const candidatesOf = (server: ZtnaServer): readonly number[] => {
    let list = candidateIndexes.get(server.id);
    if (!list) {
      list = mergeAscending(byServer.get(server.id) ?? NONE, bySite.get(server.site) ?? NONE);
      candidateIndexes.set(server.id, list);
    }
    return list;
  };

  return {
    view,
    candidates(serverId) {
      const s = servers.get(serverId);
      return s ? candidatesOf(s.server).map((i) => policies[i]!.policy) : [];
    },
    decide(req) {
      const s = servers.get(req.serverId);
      if (!s) return unknownServer();
      const { server } = s;
      if (!server.enabled || !portsAllow(s.ports, req.protocol, req.port)) return serverRefusal(server, req)!;
      const refused = requesterRefusal(req);
      if (refused) return refused;
      for (const i of candidatesOf(server)) {
        const c = policies[i]!;
        if (!sourcesAllow(c, req)) continue;
        if (c.ports && !portsAllow(c.ports, req.protocol, req.port)) continue;
        if (c.policy.schedule && !scheduleActive(c.policy.schedule, req.at)) continue;
        return policyDecision(c.policy, server, req);
      }
      return defaultDeny();
    },
  };
}

/** Two ascending lists as one, without repeats. */
function mergeAscending(a: readonly number[], b: readonly number[]): readonly number[] {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = i < a.length ? a[i]! : Infinity;
    const y = j < b.length ? b[j]! : Infinity;
    if (x <= y) {
      out.push(x);
      i++;
      if (x === y) j++;
    } else {
      out.push(y);
      j++;
    }
  }
  return out;
}
