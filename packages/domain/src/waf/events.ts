import { z } from 'zod';
import { isIPv4 } from '../validators/ipv4';
import { storableText } from '../validators/storable-text';
import { WAF_RULE_GROUPS, wafGroupOfRule } from './policy';
import { wafGraphqlSeenSchema, wafLoginSeenSchema } from './api-guard';

export const WAF_EVENTS_BATCH_MAX = 1000;

/** What the edge did with a request a rule matched. */
export const WAF_ACTIONS = ['blocked', 'detected', 'rate_limited', 'denied', 'challenged'] as const;
export type WafAction = (typeof WAF_ACTIONS)[number];

/** What the dashboard counts attacks by: the CRS groups' categories and the edge's own refusals. */
export const WAF_CATEGORIES = [
  'sqli',
  'xss',
  'rce',
  'lfi',
  'rfi',
  'protocol',
  'scanner',
  'session',
  'leakage',
  'custom',
  'access',
  'rate',
  'dpop',
  'api',
  'graphql',
  'auth',
] as const;
export type WafCategory = (typeof WAF_CATEGORIES)[number];

const count = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const seq = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const ip = z.string().refine(isIPv4, 'Should be in the format x.x.x.x');
const text = storableText;

/** One rule that matched, as ModSecurity's audit log names it (matched data already redacted by the edge). */
export const wafRuleMatchSchema = z.object({
  id: z.number().int().min(0).max(99_999_999),
  message: text().max(512),
  data: text().max(512).default(''),
  tags: z.array(text().max(64)).max(16).default([]),
  severity: z.number().int().min(0).max(7).nullable().default(null),
});
export type WafRuleMatch = z.infer<typeof wafRuleMatchSchema>;

/** What every line of an edge's logs says of the request: when, which application, who asked what. */
const requestFields = {
  at: z.string().datetime(),
  application_id: z.string().uuid().nullable(),
  request_id: text().max(64),
  host: text().max(253),
  client_ip: ip,
  method: text().max(16),
  /** Path and query as requested; the edge shortens it. */
  path: text().max(2_048),
  status: z.number().int().min(0).max(999),
  user_agent: text().max(512).nullable(),
};

/** A request the edge blocked, detected, rate-limited or denied by address: the console's attack event. */
export const wafAttackSchema = z.object({
  ...requestFields,
  action: z.enum(WAF_ACTIONS),
  anomaly_score: z.number().int().min(0).max(100_000).nullable(),
  rules: z.array(wafRuleMatchSchema).max(32),
});
export type WafAttack = z.infer<typeof wafAttackSchema>;

/** One request of the edge's access log (every request, attack or not). */
export const wafRequestSchema = z.object({
  ...requestFields,
  bytes: count,
  elapsed_ms: z.number().int().nonnegative().max(86_400_000),
  /** Headers bot protection judges a browser by (null: not sent; absent: an edge that does not log them). */
  accept_language: text().max(128).nullable().optional(),
  accept_encoding: text().max(128).nullable().optional(),
  sec_ch_ua: text().max(256).nullable().optional(),
  /** The API key or token's fingerprint (first 16 hex digits of the SHA-1 of its Authorization or X-API-Key header), never the value. */
  api_key: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .nullable()
    .optional(),
  /** The bot class of the edge's managed list the client was on (bot protection's actions), null: none. */
  bot_class: z.enum(['verified_bot', 'likely_bot', 'automated']).nullable().optional(),
  /** What the edge's API guard saw: the GraphQL operation (not its text), the login attempt's account and outcome. */
  graphql: wafGraphqlSeenSchema.nullable().optional(),
  login: wafLoginSeenSchema.nullable().optional(),
});
export type WafRequest = z.infer<typeof wafRequestSchema>;

/** A WAF edge's batch of its access log and audit log, sequence-numbered like its other messages and acknowledged once stored. */
export const wafEventsMessageSchema = z
  .object({
    type: z.literal('waf_events'),
    seq,
    requests: z.array(wafRequestSchema).max(WAF_EVENTS_BATCH_MAX).default([]),
    attacks: z.array(wafAttackSchema).max(WAF_EVENTS_BATCH_MAX).default([]),
  })
  .refine((m) => m.requests.length + m.attacks.length >= 1 && m.requests.length + m.attacks.length <= WAF_EVENTS_BATCH_MAX, {
    message: `A batch holds 1 to ${WAF_EVENTS_BATCH_MAX} records`,
  });
export type WafEventsMessage = z.infer<typeof wafEventsMessageSchema>;

/** The ids the edge gives its own rules (address and country lists, rate limits, DPoP), above the Core Rule Set's. */
export const EDGE_RULE_IDS = {
  ipDeny: 9_000_001,
  countryDeny: 9_000_002,
  threatList: 9_000_003,
  /** A client on a challenge list that has not (yet) run the edge's JavaScript challenge. */
  threatChallenge: 9_000_004,
  rateLimit: 9_000_010,
  ddos: 9_000_011,
  /** A client on a bot class's rate-limited list past its rate. */
  botRateLimit: 9_000_012,
  dpop: 9_000_020,
  /** A GraphQL query past the application's limits (the edge's API guard). */
  graphql: 9_000_040,
  /** A login attempt from an address or on an account under attack (the edge's API guard's login protection). */
  loginAbuse: 9_000_041,
  /** A request carrying an API key the organisation refuses (bot protection's API abuse). */
  apiKeyBlock: 9_000_030,
} as const;

/** The ids of the rules the edge writes from an application's OpenAPI document (zero-trust API): one per check, from the first. */
export const WAF_API_SCHEMA_RULE_IDS = { from: 9_100_000, to: 9_199_999 } as const;
export const isApiSchemaRule = (id: number) => id >= WAF_API_SCHEMA_RULE_IDS.from && id <= WAF_API_SCHEMA_RULE_IDS.to;

/**
 * The category of an attack, from the rules that matched: the first CRS attack group's, else the
 * edge's own (lists, rates, DPoP), else 'custom' for the customer's rules, else 'protocol'.
 */
export function wafCategoryOf(attack: Pick<WafAttack, 'rules' | 'action'>): WafCategory {
  if (attack.action === 'rate_limited') return 'rate';
  for (const r of attack.rules) {
    const group = wafGroupOfRule(r.id);
    // The CRS's scoring and blocking-evaluation rules (949/959/980) say that it blocked, not what.
    if (group) return WAF_RULE_GROUPS[group].category;
  }
  for (const r of attack.rules) {
    if (r.id === EDGE_RULE_IDS.ipDeny || r.id === EDGE_RULE_IDS.countryDeny || r.id === EDGE_RULE_IDS.threatList || r.id === EDGE_RULE_IDS.threatChallenge)
      return 'access';
    if (r.id === EDGE_RULE_IDS.rateLimit || r.id === EDGE_RULE_IDS.ddos || r.id === EDGE_RULE_IDS.botRateLimit) return 'rate';
    if (r.id === EDGE_RULE_IDS.dpop) return 'dpop';
    if (r.id === EDGE_RULE_IDS.apiKeyBlock) return 'access';
    if (isApiSchemaRule(r.id)) return 'api';
    if (r.id === EDGE_RULE_IDS.graphql) return 'graphql';
    if (r.id === EDGE_RULE_IDS.loginAbuse) return 'auth';
    if (r.id < 900_000) return 'custom';
  }
  return attack.action === 'denied' || attack.action === 'challenged' ? 'access' : 'protocol';
}

/** Variables whose values are secrets: cookies, credentials, tokens. */
const SECRET_VARIABLE =
  /(REQUEST_COOKIES(?:_NAMES)?(?::[^\s:]*)?|REQUEST_HEADERS:(?:cookie|authorization|proxy-authorization|x-api-key|dpop)|ARGS(?:_GET|_POST)?:[\w.[\]-]*(?:pass(?:word|wd)?|secret|token|api[_-]?key|session|auth|credential|otp|pin)[\w.[\]-]*)/i;
const JWT = /\beyJ[\w-]{6,}\.[\w-]{6,}\.[\w-]*/g;
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]{8,}/gi;

/**
 * Matched data as the console may show it: a value found in a cookie, a credential header or a
 * secret-looking parameter is replaced by '[redacted]' (the rule id and variable name still say
 * what matched); tokens anywhere else (JWTs, bearer and basic credentials) are masked too.
 */
export function redactMatchedData(data: string): string {
  if (SECRET_VARIABLE.test(data)) {
    const where = /within\s+(\S+?):?\s/.exec(data)?.[1] ?? SECRET_VARIABLE.exec(data)?.[1] ?? 'a secret';
    return `[redacted] (within ${where.replace(/:$/, '')})`;
  }
  return data.replace(JWT, '[redacted token]').replace(BEARER, '$1 [redacted]');
}
