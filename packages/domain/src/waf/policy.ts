import { z } from 'zod';
import { isCidr, isIPv4 } from '../validators/ipv4';
import { storableText } from '../validators/storable-text';
import { countryByCode } from '../reference/countries';
import { CUSTOM_RULE_MESSAGES, customRuleProblem } from './custom-rules';
import { statingRules } from '../validators/documented';
import { WAF_ZERO_TRUST_MODES } from './api-schema';
import { wafGraphqlSchema, wafLoginProtectionSchema } from './api-guard';

/**
 * The rule groups of the OWASP Core Rule Set a policy turns on or off, each with the CRS rule
 * id range it stands for (the files REQUEST-9xx-…conf of modsecurity-crs 3.3). The categories
 * are what the dashboard counts attacks by.
 */
export const WAF_RULE_GROUPS = {
  method: { label: 'Method enforcement', ids: [911000, 911999], category: 'protocol' },
  scanner: { label: 'Scanner detection', ids: [913000, 913999], category: 'scanner' },
  protocol: { label: 'Protocol enforcement', ids: [920000, 920999], category: 'protocol' },
  protocol_attack: { label: 'Protocol attacks', ids: [921000, 921999], category: 'protocol' },
  lfi: { label: 'Local file inclusion', ids: [930000, 930999], category: 'lfi' },
  rfi: { label: 'Remote file inclusion', ids: [931000, 931999], category: 'rfi' },
  rce: { label: 'Remote code execution', ids: [932000, 932999], category: 'rce' },
  php: { label: 'PHP injection', ids: [933000, 933999], category: 'rce' },
  nodejs: { label: 'Node.js injection', ids: [934000, 934999], category: 'rce' },
  xss: { label: 'Cross-site scripting', ids: [941000, 941999], category: 'xss' },
  sqli: { label: 'SQL injection', ids: [942000, 942999], category: 'sqli' },
  session_fixation: { label: 'Session fixation', ids: [943000, 943999], category: 'session' },
  java: { label: 'Java injection', ids: [944000, 944999], category: 'rce' },
  data_leakage: { label: 'Data leakage (responses)', ids: [950000, 954999], category: 'leakage' },
} as const;
export type WafRuleGroup = keyof typeof WAF_RULE_GROUPS;
export const WAF_RULE_GROUP_KEYS = Object.keys(WAF_RULE_GROUPS) as [WafRuleGroup, ...WafRuleGroup[]];

export const WAF_MODES = ['blocking', 'detection', 'off'] as const;
export type WafMode = (typeof WAF_MODES)[number];

const ADDRESS_MESSAGE = 'Should be an address (x.x.x.x) or a subnet (x.x.x.x/y)';
const COUNTRY_MESSAGE = 'Not a country code (ISO 3166-1 alpha-2)';
/** An address or a subnet, with the rule's message stated in the API document. */
export const cidrOrIp = statingRules(
  z
    .string()
    .max(18)
    .refine((v) => isIPv4(v) || isCidr(v), ADDRESS_MESSAGE),
  [ADDRESS_MESSAGE],
);
const country = statingRules(
  z
    .string()
    .length(2)
    .transform((v) => v.toUpperCase())
    .refine((v) => countryByCode(v) !== undefined, COUNTRY_MESSAGE),
  [COUNTRY_MESSAGE],
);
/** A path prefix as nginx and ModSecurity compare it: starts with '/', no spaces, quotes or control characters. */
export const wafPathSchema = statingRules(
  z
    .string()
    .min(1)
    .max(256)
    .regex(/^\/[^\s"'\\{};#]*$/, "Should start with '/' and hold no spaces, quotes, braces, semicolons or '#'")
    .refine((v) => ![...v].some((c) => c.charCodeAt(0) < 0x20), 'Should hold no control characters'),
  ['Should hold no control characters'],
);
/** A request parameter's name as ModSecurity names it in ARGS:name. */
const parameterName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.\-[\]]+$/, 'Letters, digits and _ . - [ ] only');
/** A list item's id: kept across edits (diffs and the editor follow it); one written by hand may leave it out and gets a new one. */
const itemId = z
  .string()
  .uuid()
  .default(() => crypto.randomUUID());
const note = storableText().trim().max(200).default('');

/**
 * A rule exclusion: a CRS rule (by id) or a group of rules (by tag) that does not run, everywhere,
 * under a path, or only for one parameter (the rule still inspects the rest). The common answer
 * to a false positive, as 'exclude this rule for this path' makes it from an attack event.
 */
export const wafExclusionSchema = statingRules(
  z
    .object({
      id: itemId,
      rule_id: z.number().int().min(900000).max(999999).nullable(),
      tag: z
        .string()
        .max(64)
        .regex(/^[A-Za-z0-9_./-]+$/, 'Letters, digits and _ . / - only')
        .nullable(),
      path: wafPathSchema.nullable(),
      parameter: parameterName.nullable(),
      note,
    })
    .refine((e) => (e.rule_id === null) !== (e.tag === null), { message: 'Name a rule id or a tag, not both', path: ['rule_id'] }),
  ['Name a rule id or a tag, not both'],
);
export type WafExclusion = z.infer<typeof wafExclusionSchema>;

/** A rule of the customer's own, in the checked subset of ModSecurity's SecLang (custom-rules.ts). */
export const wafCustomRuleSchema = z.object({
  id: itemId,
  name: storableText().trim().min(1).max(64),
  enabled: z.boolean().default(true),
  rule: statingRules(
    z
      .string()
      .max(2_000)
      .superRefine((v, ctx) => {
        const problem = customRuleProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    CUSTOM_RULE_MESSAGES,
  ),
});
export type WafCustomRule = z.infer<typeof wafCustomRuleSchema>;

/** A request rate limit: past `requests_per_minute` (with `burst` extra at once) a client gets 429 on paths under `path`. */
export const wafRateLimitSchema = z.object({
  id: itemId,
  path: wafPathSchema.default('/'),
  requests_per_minute: z.number().int().min(1).max(600_000),
  burst: z.number().int().min(0).max(100_000).default(0),
});
export type WafRateLimit = z.infer<typeof wafRateLimitSchema>;

/**
 * DDoS limits of an application: connections and requests per client, and the application's own
 * request rate above which the stricter per-client rate applies (what the edge turns on when it
 * sees a flood; the dashboard shows when it fired).
 */
export const wafDdosSchema = statingRules(
  z
    .object({
      enabled: z.boolean().default(false),
      connections_per_client: z.number().int().min(1).max(100_000).default(100),
      requests_per_second_per_client: z.number().int().min(1).max(100_000).default(50),
      flood_requests_per_second: z.number().int().min(1).max(10_000_000).default(2_000),
      strict_requests_per_second_per_client: z.number().int().min(1).max(100_000).default(5),
    })
    .refine((d) => d.strict_requests_per_second_per_client <= d.requests_per_second_per_client, {
      message: 'The strict limit should not be above the normal one',
      path: ['strict_requests_per_second_per_client'],
    }),
  ['The strict limit should not be above the normal one'],
);
export type WafDdos = z.infer<typeof wafDdosSchema>;

/** RFC 9449 proof-of-possession required on these paths of an API application (the edge checks every proof). */
export const wafDpopSchema = z.object({
  enabled: z.boolean().default(false),
  paths: z.array(wafPathSchema).max(50).default([]),
  /** How far a proof's `iat` may be from the edge's clock. */
  max_age_seconds: z.number().int().min(5).max(600).default(60),
});
export type WafDpop = z.infer<typeof wafDpopSchema>;

/**
 * An application's WAF policy: the Core Rule Set's mode, paranoia level and anomaly thresholds,
 * its rule groups, exclusions and custom rules, address and country lists, threat-intel lists,
 * rate limits, DDoS limits and DPoP. One schema for the console's forms, the server, the policy
 * as code document and the edge.
 */
export const wafPolicySchema = z.object({
  mode: z.enum(WAF_MODES).default('blocking'),
  paranoia_level: z.number().int().min(1).max(4).default(1),
  /** CRS's inbound anomaly score threshold: 5 blocks on one critical rule. */
  inbound_threshold: z.number().int().min(1).max(1_000).default(5),
  outbound_threshold: z.number().int().min(1).max(1_000).default(4),
  disabled_groups: z.array(z.enum(WAF_RULE_GROUP_KEYS)).max(WAF_RULE_GROUP_KEYS.length).default([]),
  exclusions: z.array(wafExclusionSchema).max(200).default([]),
  custom_rules: z.array(wafCustomRuleSchema).max(100).default([]),
  ip_allow: z.array(cidrOrIp).max(1_000).default([]),
  ip_deny: z.array(cidrOrIp).max(1_000).default([]),
  country_allow: z.array(country).max(250).default([]),
  country_deny: z.array(country).max(250).default([]),
  /** Threat-intel lists (ids of the tenant's) used as deny lists. */
  threat_lists: z.array(z.string().uuid()).max(20).default([]),
  rate_limits: z.array(wafRateLimitSchema).max(50).default([]),
  ddos: wafDdosSchema.default({
    enabled: false,
    connections_per_client: 100,
    requests_per_second_per_client: 50,
    flood_requests_per_second: 2_000,
    strict_requests_per_second_per_client: 5,
  }),
  dpop: wafDpopSchema.default({ enabled: false, paths: [], max_age_seconds: 60 }),
  /**
   * The application's OpenAPI document enforced at the edge: requests it does not document, or
   * whose parameters and bodies do not match it, refused (block) or reported (log).
   */
  zero_trust_api: z.object({ mode: z.enum(WAF_ZERO_TRUST_MODES).default('off') }).default({ mode: 'off' }),
  /** GraphQL endpoints' limits, enforced by the edge's API guard. */
  graphql: wafGraphqlSchema.default(wafGraphqlSchema.parse({})),
  /** Login endpoints watched for credential stuffing and password spraying by the edge's API guard. */
  login_protection: wafLoginProtectionSchema.default(wafLoginProtectionSchema.parse({})),
});
export type WafPolicy = z.infer<typeof wafPolicySchema>;

export const DEFAULT_WAF_POLICY: WafPolicy = wafPolicySchema.parse({});

/** Problems of a policy as a whole (beyond each field's): what nginx -t would refuse or what cannot mean anything. */
export function wafPolicyProblems(policy: WafPolicy): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const ids = new Map<number, number>();
  policy.custom_rules.forEach((r, i) => {
    const id = /(?:^|[",\s])id:(\d+)/.exec(r.rule)?.[1];
    if (!id) return;
    const seen = ids.get(Number(id));
    if (seen !== undefined) problems.push({ path: ['custom_rules', i, 'rule'], message: `Rule id ${id} is used by rule ${seen + 1} too` });
    ids.set(Number(id), i);
  });
  const both = policy.country_allow.filter((c) => policy.country_deny.includes(c));
  if (both.length) problems.push({ path: ['country_deny'], message: `Allowed and denied at once: ${both.join(', ')}` });
  const paths = new Set<string>();
  policy.rate_limits.forEach((r, i) => {
    if (paths.has(r.path)) problems.push({ path: ['rate_limits', i, 'path'], message: 'This path has a rate limit already' });
    paths.add(r.path);
  });
  return problems;
}

/** A policy with its whole-policy rules: what every write of a policy is checked with. */
export const checkedWafPolicySchema = statingRules(
  wafPolicySchema.superRefine((p, ctx) => {
    for (const problem of wafPolicyProblems(p)) ctx.addIssue({ code: 'custom', ...problem });
  }),
  ['Rule id {…} is used by rule {…} too', 'Allowed and denied at once: {…}', 'This path has a rate limit already'],
);

/** The CRS rule group a rule id belongs to, if any. */
export function wafGroupOfRule(ruleId: number): WafRuleGroup | null {
  for (const key of WAF_RULE_GROUP_KEYS) {
    const [from, to] = WAF_RULE_GROUPS[key].ids;
    if (ruleId >= from && ruleId <= to) return key;
  }
  return null;
}
