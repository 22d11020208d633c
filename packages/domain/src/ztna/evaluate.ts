import { scheduleActive } from '../webfilter/schedule';
import { checkPosture, type Posture, type PostureCondition } from './posture';
import { portAllowed, type ZtnaProtocol, type ZtnaServer } from './resources';
import type { AccessSources, ZtnaPolicy } from './policy';

/** Who asks for a connection: the user signed in on an endpoint, their teams, their security groups and the endpoint's posture. */
export interface AccessRequester {
  /** Lower-case e-mail; null: nobody is signed in. */
  user: string | null;
  endpointId: string | null;
  /** The user's groups (teams). */
  groups: readonly string[];
  securityGroups: readonly string[];
  posture: Posture;
}

export interface AccessRequest extends AccessRequester {
  serverId: string;
  protocol: ZtnaProtocol;
  /** Null for icmp. */
  port: number | null;
  at: Date;
}

/** What decided: a policy (allow or deny), its posture conditions, the server itself, or the default deny. */
export const ACCESS_RULES = ['policy', 'posture', 'managed_only', 'not_approved', 'not_published', 'disabled', 'unknown_server', 'default'] as const;
export type AccessRule = (typeof ACCESS_RULES)[number];

export interface AccessDecision {
  action: 'allow' | 'deny';
  rule: AccessRule;
  /** The deciding policy; null for the default deny and the server's own refusals. */
  policy: { id: string; name: string } | null;
  /** The posture condition that failed, when that is why it was denied. */
  failed: { condition: PostureCondition; message: string } | null;
  reason: string;
}

/** What a decision needs: the servers and the policies in order (first first). */
export interface AccessView {
  servers: readonly ZtnaServer[];
  policies: readonly ZtnaPolicy[];
}

export function sourcesMatch(s: AccessSources, r: Pick<AccessRequester, 'user' | 'groups' | 'securityGroups'>): boolean {
  if (s.everyone) return true;
  if (r.user && s.users.includes(r.user)) return true;
  if (s.groups.some((g) => r.groups.includes(g))) return true;
  return s.security_groups.some((g) => r.securityGroups.includes(g));
}

export const policyNamesServer = (p: ZtnaPolicy, server: Pick<ZtnaServer, 'id' | 'site'>): boolean =>
  p.destinations.servers.includes(server.id) || p.destinations.sites.includes(server.site);

const deny = (rule: AccessRule, reason: string, extra: Partial<AccessDecision> = {}): AccessDecision => ({
  action: 'deny',
  rule,
  policy: null,
  failed: null,
  reason,
  ...extra,
});

/**
 * The one access decision, used by the endpoints and connectors for each connection and by the
 * console's "who can reach what" tool. The server must exist, be enabled and publish the port;
 * then the policies are read top down and the first that is enabled, is for this requester, names
 * this server (and port, when it narrows them) and whose schedule holds decides: deny, or allow
 * when the endpoint passes its posture conditions (a missing value never passes) and, for a
 * server only managed endpoints may reach, is approved. No policy: denied (default deny). An
 * endpoint known not to be approved (waiting for it) reaches nothing, whatever the policies say.
 */
export function decideAccess(view: AccessView, req: AccessRequest): AccessDecision {
  const server = view.servers.find((s) => s.id === req.serverId);
  if (!server) return unknownServer();
  return decideForServer(view.policies, server, req);
}

export function decideForServer(policies: readonly ZtnaPolicy[], server: ZtnaServer, req: AccessRequest): AccessDecision {
  const refused = serverRefusal(server, req) ?? requesterRefusal(req);
  if (refused) return refused;
  for (const p of policies) {
    if (!p.enabled || !policyNamesServer(p, server) || !sourcesMatch(p.sources, req)) continue;
    if (p.destinations.ports.length > 0 && !portAllowed(p.destinations.ports, req.protocol, req.port)) continue;
    if (!scheduleActive(p.schedule, req.at)) continue;
    return policyDecision(p, server, req);
  }
  return defaultDeny();
}

/** The server's own refusal of a request (disabled, or not publishing its protocol and port), or null when policies decide. */
export function serverRefusal(server: ZtnaServer, req: Pick<AccessRequest, 'protocol' | 'port'>): AccessDecision | null {
  if (!server.enabled) return deny('disabled', `${server.name} is disabled`);
  if (!portAllowed(server.ports, req.protocol, req.port))
    return deny('not_published', `${server.name} does not publish ${req.protocol}${req.port === null ? '' : `/${req.port}`}`);
  return null;
}

/**
 * The requester's own refusal: an endpoint waiting for approval reaches nothing (approval is the
 * admin's say on who gets in). Unknown approval (a user asked about alone) is left to the policies.
 */
export function requesterRefusal(req: Pick<AccessRequest, 'endpointId' | 'posture'>): AccessDecision | null {
  return req.endpointId && req.posture.approved === false ? deny('not_approved', 'The endpoint is waiting for approval') : null;
}

/** What the deciding policy (enabled, for the requester, naming the server and port, in its schedule) answers. */
export function policyDecision(p: ZtnaPolicy, server: ZtnaServer, req: Pick<AccessRequest, 'posture'>): AccessDecision {
  const policy = { id: p.id, name: p.name };
  if (p.action === 'deny') return deny('policy', `Denied by ${p.name}`, { policy });
  const posture = checkPosture(p.posture, req.posture);
  if (!posture.ok) return deny('posture', `${p.name}: ${posture.message}`, { policy, failed: { condition: posture.condition, message: posture.message } });
  if (server.dpc.managed_only && req.posture.approved !== true)
    return deny('managed_only', `${server.name} accepts only managed, approved endpoints`, { policy });
  return { action: 'allow', rule: 'policy', policy, failed: null, reason: `Allowed by ${p.name}` };
}

/** No policy decided. */
export const defaultDeny = (): AccessDecision => deny('default', 'No policy allows this (default deny)');
export const unknownServer = (): AccessDecision => deny('unknown_server', 'No such server');
