import { z } from 'zod';
import { ENDPOINT_OSES, type Posture } from './posture';
import { countryField, emailField, uniqueList, ztnaDescription, ztnaId, ztnaName } from './fields';
import { statingRules } from '../validators/documented';

/** Who a security group may hold: users, endpoints, or both. */
export const SECURITY_GROUP_KINDS = ['users', 'endpoints', 'both'] as const;
export type SecurityGroupKind = (typeof SECURITY_GROUP_KINDS)[number];

/** A rule adds every requester whose endpoint matches all its non-empty lists (an OS among these, a country among these). */
export const securityGroupRuleSchema = z.object({
  os: uniqueList(z.enum(ENDPOINT_OSES), ENDPOINT_OSES.length).default([]),
  countries: uniqueList(countryField(), 250).default([]),
});
export type SecurityGroupRule = z.infer<typeof securityGroupRuleSchema>;

const fields = {
  name: ztnaName(),
  description: ztnaDescription(),
  kind: z.enum(SECURITY_GROUP_KINDS),
  /** Static members. */
  users: uniqueList(emailField()).default([]),
  endpoints: uniqueList(ztnaId()).default([]),
  /** Dynamic members, by what their endpoint reports; null: static members only. */
  rule: securityGroupRuleSchema.nullable().default(null),
};

const checkKind = (g: { kind: SecurityGroupKind; users: string[]; endpoints: string[]; rule: SecurityGroupRule | null }, ctx: z.RefinementCtx) => {
  if (g.kind === 'users' && g.endpoints.length > 0) ctx.addIssue({ code: 'custom', path: ['endpoints'], message: 'A users group holds no endpoints' });
  if (g.kind === 'endpoints' && g.users.length > 0) ctx.addIssue({ code: 'custom', path: ['users'], message: 'An endpoints group holds no users' });
  if (g.rule && g.rule.os.length === 0 && g.rule.countries.length === 0)
    ctx.addIssue({ code: 'custom', path: ['rule'], message: 'A rule needs an OS or a country' });
};

const KIND_RULES = ['A users group holds no endpoints', 'An endpoints group holds no users', 'A rule needs an OS or a country'];
export const securityGroupInputSchema = statingRules(z.object(fields).superRefine(checkKind), KIND_RULES);
export type SecurityGroupInput = z.input<typeof securityGroupInputSchema>;
export const securityGroupSchema = z
  .object({ id: ztnaId(), ...fields })
  .superRefine(checkKind)
  .meta({ id: 'SecurityGroup', description: 'A zero-trust security group: static users or endpoints, and a rule that adds endpoints by what they report' });
export type SecurityGroup = z.infer<typeof securityGroupSchema>;
/** A group as the list shows it: with how many endpoints are in it now (`endpointMembers`, as its members list has them). */
export const securityGroupRowSchema = z.object({ id: ztnaId(), ...fields, endpoint_count: z.number().int().nonnegative() });
export type SecurityGroupRow = z.infer<typeof securityGroupRowSchema>;

/** Who asks: the signed-in user (lower-case e-mail) on an endpoint, with what the endpoint reports and whether it is approved. */
export interface GroupSubject {
  user: string | null;
  endpointId: string | null;
  posture: Pick<Posture, 'os' | 'country' | 'approved'>;
}

export function ruleMatches(rule: SecurityGroupRule, posture: Pick<Posture, 'os' | 'country'>): boolean {
  if (rule.os.length > 0 && (!posture.os || !rule.os.includes(posture.os))) return false;
  if (rule.countries.length > 0 && (!posture.country || !rule.countries.includes(posture.country))) return false;
  return rule.os.length > 0 || rule.countries.length > 0;
}

/**
 * An endpoint joins groups once approved: one waiting for approval (or never let in) is in none,
 * so it reaches nothing a group is given, whatever a key listed it in or its system and country
 * match. A user asked about alone (no endpoint, approval unknown) is judged by the lists.
 */
export const mayJoinGroups = (s: GroupSubject): boolean => !s.endpointId || s.posture.approved !== false;

/** Why a subject is in a group: its endpoint listed ('static'), its user listed ('user'), or the group's rule. */
export type MembershipReason = 'static' | 'user' | 'rule';

export function securityGroupMembership(group: SecurityGroup, s: GroupSubject): MembershipReason | null {
  if (!mayJoinGroups(s)) return null;
  if (s.endpointId && group.kind !== 'users' && group.endpoints.includes(s.endpointId)) return 'static';
  if (s.user && group.kind !== 'endpoints' && group.users.includes(s.user)) return 'user';
  if (group.rule !== null && ruleMatches(group.rule, s.posture)) return 'rule';
  return null;
}

/** Whether a subject is a member: statically (its user or endpoint is listed) or by the group's rule. */
export const isSecurityGroupMember = (group: SecurityGroup, s: GroupSubject): boolean => securityGroupMembership(group, s) !== null;

/** The ids of the security groups a subject is in, in the groups' order. */
export const securityGroupsOf = (groups: readonly SecurityGroup[], s: GroupSubject): string[] =>
  groups.filter((g) => isSecurityGroupMember(g, s)).map((g) => g.id);

/** An endpoint as membership sees it. */
export interface MemberCandidate {
  id: string;
  user: string | null;
  posture: GroupSubject['posture'];
}

/**
 * The endpoints in a group now, each with why, in the order given: what the group's members list
 * shows, and so what the groups list counts (one rule for both).
 */
export function endpointMembers<E extends MemberCandidate>(group: SecurityGroup, endpoints: readonly E[]): { endpoint: E; by: MembershipReason }[] {
  return endpoints.flatMap((endpoint) => {
    const by = securityGroupMembership(group, { user: endpoint.user, endpointId: endpoint.id, posture: endpoint.posture });
    return by ? [{ endpoint, by }] : [];
  });
}
