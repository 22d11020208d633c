import { z } from 'zod';
import { webFilterScheduleSchema } from '../webfilter/schedule';
import { NO_POSTURE_CONDITIONS, postureConditionsSchema, type PostureConditions } from './posture';
import { serverPortSchema } from './resources';
import { emailField, uniqueList, ZTNA_LIMITS, ztnaDescription, ztnaId, ztnaName } from './fields';

export const ZTNA_POLICY_ACTIONS = ['allow', 'deny'] as const;
export type ZtnaPolicyAction = (typeof ZTNA_POLICY_ACTIONS)[number];

/** Who a policy is for: everyone, or any of the users, groups (teams) and security groups listed. */
export const accessSourcesSchema = z.object({
  everyone: z.boolean().default(false),
  users: uniqueList(emailField()).default([]),
  groups: uniqueList(ztnaId(), 500).default([]),
  security_groups: uniqueList(ztnaId(), 500).default([]),
});
export type AccessSources = z.infer<typeof accessSourcesSchema>;

/** What a policy is about: servers, every server of some sites, narrowed to some ports and protocols (none: what the servers publish). */
export const accessDestinationsSchema = z.object({
  servers: uniqueList(ztnaId(), ZTNA_LIMITS.servers).default([]),
  sites: uniqueList(ztnaName(), 200).default([]),
  ports: z.array(serverPortSchema).max(16).default([]),
});
export type AccessDestinations = z.infer<typeof accessDestinationsSchema>;

const fields = {
  name: ztnaName(),
  description: ztnaDescription(),
  enabled: z.boolean().default(true),
  action: z.enum(ZTNA_POLICY_ACTIONS),
  sources: accessSourcesSchema,
  destinations: accessDestinationsSchema,
  schedule: webFilterScheduleSchema.nullable().default(null),
  /** Checked when an allow policy matches: a failed condition denies, naming it. A deny policy asks none. */
  posture: postureConditionsSchema.default(NO_POSTURE_CONDITIONS),
};

type Checked = { action: string; sources: AccessSources; destinations: AccessDestinations; posture: PostureConditions };
const check = (p: Checked, ctx: z.RefinementCtx) => {
  const s = p.sources;
  if (!s.everyone && s.users.length + s.groups.length + s.security_groups.length === 0)
    ctx.addIssue({ code: 'custom', path: ['sources'], message: 'Choose who the policy is for' });
  if (p.destinations.servers.length + p.destinations.sites.length === 0)
    ctx.addIssue({ code: 'custom', path: ['destinations'], message: 'Choose at least one server or site' });
};

/** A policy as the console sends it; `order` places it (1 = first), the end when left out. */
export const ztnaPolicyInputSchema = z.object({ ...fields, order: z.number().int().min(1).max(ZTNA_LIMITS.policies).optional() }).superRefine(check);
export type ZtnaPolicyInput = z.input<typeof ztnaPolicyInputSchema>;

/** A stored policy, as the list answers and the devices get it (in order). */
export const ztnaPolicySchema = z
  .object({ id: ztnaId(), order: z.number().int().min(1), ...fields })
  .superRefine(check)
  .meta({ id: 'ZtnaPolicy', description: 'A zero-trust access policy: who reaches which servers, when and in what posture' });
export type ZtnaPolicy = z.infer<typeof ztnaPolicySchema>;
