import { z } from 'zod';
import { filledText, storableText } from '../validators/storable-text';
import { chipMessages } from '../validators/messages';
import { isEmail } from '../validators/email';
import { isIpRule, isUrlPattern } from './url-patterns';
import { webFilterScheduleSchema } from './schedule';
import { documented, EMAIL_FORMAT, PATTERNS, statingRules } from '../validators/documented';
import { UNCATEGORISED, WEB_CATEGORIES } from './categories';
import { WEB_APPLICATIONS } from './web-applications';

/**
 * What a policy does with a request its rules match: block it, let it through (an exception
 * above a broader policy), or let it through and mark it in the logs (monitor before blocking).
 */
export const WEBFILTER_ACTIONS = ['block', 'allow', 'log'] as const;
export type WebFilterAction = (typeof WEBFILTER_ACTIONS)[number];

/** '*' in a category list stands for every category (the multi-select's "all" option). */
export const ALL_CATEGORIES = '*';

export const WEBFILTER_LIMITS = { urlsPerList: 10_000, ipsPerList: 2_000, policies: 500, name: 40, description: 200 } as const;

const uniq = <T extends z.ZodType<string>>(item: T, max: number) =>
  z
    .array(item)
    .max(max, `At most ${max} values`)
    .refine((a) => new Set(a).size === a.length, chipMessages.duplicate)
    // Compared after trimming and case folding, which uniqueItems does not do: the rule says the rest.
    .meta({ uniqueItems: true, 'x-rules': [chipMessages.duplicate] });

const urlPattern = documented(storableText().trim().max(2_048).refine(isUrlPattern, chipMessages.url), { pattern: PATTERNS.urlPattern });
const IP_RULE_MESSAGE = 'Enter an address, a subnet x.x.x.x/y or a range x.x.x.x-x.x.x.x';
// The pattern says the form; a range whose first address is after its last is refused with the same message.
const ipRule = statingRules(documented(z.string().trim().refine(isIpRule, IP_RULE_MESSAGE), { pattern: PATTERNS.ipRule }), [IP_RULE_MESSAGE]);
const id = z.string().uuid();
// The ids the service knows (the category database, uncategorised, '*' for all), as components of the document.
const categoryId = z
  .string()
  .regex(/^(?:\*|[a-z0-9-]{2,40})$/, 'Unknown category')
  .meta({ id: 'WebCategoryId', enum: [...WEB_CATEGORIES.map((c) => c.id), UNCATEGORISED.id, ALL_CATEGORIES] });
const applicationId = z
  .string()
  .regex(/^[a-z0-9-]{1,40}$/, 'Unknown application')
  .meta({ id: 'WebApplicationId', enum: WEB_APPLICATIONS.map((a) => a.id) });

/** Who a policy applies to: everyone, or any of the users, groups, endpoints and device groups listed. */
export const appliesToSchema = z.object({
  everyone: z.boolean().default(false),
  users: uniq(documented(storableText().trim().toLowerCase().refine(isEmail, chipMessages.email), EMAIL_FORMAT), 1_000).default([]),
  groups: uniq(id, 500).default([]),
  endpoints: uniq(id, 1_000).default([]),
  device_groups: uniq(id, 500).default([]),
});
export type AppliesTo = z.infer<typeof appliesToSchema>;

const appliesToNobody = (a: AppliesTo) => !a.everyone && a.users.length + a.groups.length + a.endpoints.length + a.device_groups.length === 0;

/** The rules of a policy, as its editor and the device read them. */
const policyFields = {
  name: filledText().min(1, 'Field is required').max(WEBFILTER_LIMITS.name, `At most ${WEBFILTER_LIMITS.name} characters`),
  description: storableText().trim().max(WEBFILTER_LIMITS.description).default(''),
  enabled: z.boolean().default(true),
  action: z.enum(WEBFILTER_ACTIONS).default('block'),
  applies_to: appliesToSchema,
  /** Categories the action applies to. */
  blocked_categories: uniq(categoryId, 100).default([]),
  /** Categories this policy always lets through (beats its blocked categories, not its blocked URLs). */
  allowed_categories: uniq(categoryId, 100).default([]),
  blocked_applications: uniq(applicationId, 200).default([]),
  /** Custom URLs this policy always lets through: they beat every other rule of the policy. */
  allowed_urls: uniq(urlPattern, WEBFILTER_LIMITS.urlsPerList).default([]),
  blocked_urls: uniq(urlPattern, WEBFILTER_LIMITS.urlsPerList).default([]),
  allowed_ips: uniq(ipRule, WEBFILTER_LIMITS.ipsPerList).default([]),
  blocked_ips: uniq(ipRule, WEBFILTER_LIMITS.ipsPerList).default([]),
  schedule: webFilterScheduleSchema.nullable().default(null),
};

const checkPolicy = (p: { applies_to: AppliesTo }, ctx: z.RefinementCtx) => {
  if (appliesToNobody(p.applies_to)) ctx.addIssue({ code: 'custom', path: ['applies_to'], message: 'Choose who the policy applies to' });
};

/** A policy as the console sends it (POST and PUT); `order` places it (1 = first), the end when left out. */
export const webFilterPolicyInputSchema = z
  .object({ ...policyFields, order: z.number().int().min(1).max(WEBFILTER_LIMITS.policies).optional() })
  .superRefine(checkPolicy);
export type WebFilterPolicyInput = z.input<typeof webFilterPolicyInputSchema>;

/** A stored policy: what the list answers and what devices get (in order). */
export const webFilterPolicySchema = z
  .object({ id, order: z.number().int().min(1), ...policyFields })
  .superRefine(checkPolicy)
  .meta({ id: 'WebFilterPolicy', description: 'A web-filter policy: who it applies to, what it blocks or allows, when' });
export type WebFilterPolicy = z.infer<typeof webFilterPolicySchema>;
