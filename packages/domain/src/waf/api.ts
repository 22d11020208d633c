import { z } from 'zod';
import { paginated } from '../api/pagination';
import { storableText } from '../validators/storable-text';
import { API_PARAM_TYPES } from './api-discovery';
import { API_INVENTORY_STATES } from './api-inventory';
import { BOT_CLASSES, BOT_SIGNALS } from './bots';
import { WAF_ACTIONS, WAF_CATEGORIES, wafRuleMatchSchema } from './events';
import { checkedWafPolicySchema, wafPolicySchema } from './policy';
import { statingRules } from '../validators/documented';
import { pemCertificateSchema, pemKeySchema, WAF_LIST_ACTIONS, wafDomainSchema, wafHealthCheckSchema, wafOriginSchema } from './section';

/**
 * QShield's calls under `/api/v1/`, each with `tenant_id` in the query. The spec names the POP list
 * (`auth/{product}-waf-pops/`), the WAAP device list, and the domain onboarding calls (GET, POST,
 * PUT {id}, DELETE {id}, available domains); the rest (policy, threat intel, events, analytics)
 * are Netloom's.
 */
export const WAF_PATHS = {
  pops: (product: string) => `auth/${product}-waf-pops/`,
  devices: 'waap/devices/',
  /** The provider's (super admins') list of every WAF edge, and an edge shared as a POP or not. */
  sharedPops: 'admin/waf-pops/',
  sharedPop: (id: string) => `admin/waf-pops/${id}/`,
  domains: 'waap/domains/',
  domain: (id: string) => `waap/domains/${id}/`,
  availableDomains: 'custom-waap-rules/available-domains/',
  dnsCheck: (id: string) => `waap/domains/${id}/dns-check/`,
  policy: (id: string) => `waap/domains/${id}/policy/`,
  policyRevisions: (id: string) => `waap/domains/${id}/policy/revisions/`,
  policyRollback: (id: string, revision: string) => `waap/domains/${id}/policy/revisions/${revision}/rollback/`,
  policyAsCode: (id: string) => `waap/domains/${id}/policy-as-code/`,
  threatLists: 'waap/threat-intel/',
  threatList: (id: string) => `waap/threat-intel/${id}/`,
  attacks: 'waap/events/attacks/',
  attacksExport: 'waap/events/attacks/export/',
  vulnerabilities: 'waap/events/vulnerabilities/',
  summary: 'waap/analytics/summary/',
  /** Bot protection's dashboard: the edges' traffic by kind of client. */
  bots: 'waap/bots/summary/',
  /** Bot protection's settings: good bots verified by reverse DNS, the action per class. */
  botSettings: 'waap/bots/settings/',
  /** API abuse protection: API keys ranked by risk against their own baseline, and the keys the edges refuse. */
  apiAbuse: 'waap/bots/api-abuse/',
  apiAbuseBlock: 'waap/bots/api-abuse/block/',
  /** Authentication abuse: login attempts per endpoint, the clients and accounts of credential stuffing and password spraying. */
  authAbuse: 'waap/bots/auth-abuse/',
  /** Threat analytics › API discovery: the endpoints the edges' access log shows. */
  apiDiscovery: 'waap/analytics/api-discovery/',
  /** Threat analytics › GraphQL: the operations the edges' API guard saw and what it refused. */
  graphql: 'waap/analytics/graphql/',
  /** An application's OpenAPI document, and API security's inventory against the traffic. */
  apiDocument: (id: string) => `waap/domains/${id}/openapi/`,
  apiInventory: 'waap/api-security/inventory/',
  /** An application's API discovery settings: hosts, paths, exclusions, sampling. */
  apiDiscoverySettings: (id: string) => `waap/domains/${id}/api-discovery/`,
  /** API security's drift history (diff logs): each difference between traffic and document, when it appeared and was resolved. */
  apiDrift: 'waap/api-security/diff-logs/',
  /** API security's vulnerability tests: runs of probes an edge sends to an application's origin, one with its findings, its cancelling. */
  vulnTests: 'waap/api-security/vuln-tests/',
  vulnTest: (id: string) => `waap/api-security/vuln-tests/${id}/`,
  vulnTestCancel: (id: string) => `waap/api-security/vuln-tests/${id}/cancel/`,
  /** events/vulnerabilities' findings by testing (each application's newest finished run). */
  testedVulnerabilities: 'waap/events/vulnerabilities/tested/',
  compliance: 'waap/analytics/compliance/',
  log: 'waap/analytics/log/',
} as const;

/** How an application's serving edges stand with its newest policy. */
export const WAF_SYNC_STATES = ['synced', 'syncing', 'failed', 'offline', 'no-edge'] as const;

/** A WAF edge or POP as the header's selector and the onboarding form list it. */
export const wafEdgeSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** A POP the provider shares with its organisations, rather than the tenant's own edge. */
  shared: z.boolean(),
  status: z.string(),
  public_ip: z.string().nullable(),
  location: z.string().nullable(),
  /** The configuration engine's state of the edge (synced, syncing, failed, drifted…). */
  sync_state: z.string(),
  last_seen_at: z.string().nullable(),
  applications: z.number().int(),
});
export type WafEdge = z.infer<typeof wafEdgeSchema>;

/** A WAF edge as the provider's list shows it: whose it is, and how many other organisations it serves as a shared POP. */
export const wafProviderEdgeSchema = wafEdgeSchema.extend({
  organisation: z.string(),
  /** Applications of other organisations than its own it serves. */
  foreign_applications: z.number().int(),
});
export type WafProviderEdge = z.infer<typeof wafProviderEdgeSchema>;
export const wafPopShareSchema = z.object({ shared: z.boolean() });

export const WAF_TLS_MODES = ['none', 'upload', 'self_signed'] as const;

/** Why an uploaded certificate cannot be served (the server reads it): stated in the API document. */
export const WAF_CERTIFICATE_MESSAGES = [
  'The certificate cannot be read (PEM expected)',
  'The key cannot be read (an unencrypted PEM private key expected)',
  'The key is not the certificate’s',
  'The certificate has expired',
  'The certificate does not cover {…}',
  'Upload the certificate and its key',
] as const;

/** What onboarding sends: the application, its origins, TLS and the edges that serve it. */
export const wafApplicationInputSchema = statingRules(
  z
    .object({
      name: storableText().trim().min(1).max(64),
      domains: z
        .array(wafDomainSchema)
        .min(1)
        .max(20)
        .refine((a) => new Set(a).size === a.length, 'Duplicate Value Found')
        .meta({ uniqueItems: true }),
      origins: z.array(wafOriginSchema).min(1).max(16),
      health_check: wafHealthCheckSchema.default({ path: '/', interval_s: 30 }),
      tls_mode: z.enum(WAF_TLS_MODES).default('none'),
      /** For `upload`; on a change, left out to keep the certificate the application has. */
      certificate: pemCertificateSchema.optional(),
      key: pemKeySchema.optional(),
      edge_ids: z.array(z.string().uuid()).max(20).default([]),
      /** An API application (DPoP and, later, API security apply). */
      api: z.boolean().default(false),
    })
    .refine((a) => a.tls_mode !== 'upload' || (a.certificate === undefined) === (a.key === undefined), {
      message: 'Upload the certificate and its key together',
      path: ['key'],
    }),
  ['Upload the certificate and its key together', ...WAF_CERTIFICATE_MESSAGES],
);
export type WafApplicationInput = z.infer<typeof wafApplicationInputSchema>;

export const wafDnsSchema = z.object({
  /** The record the customer sets at their DNS host for each domain. */
  records: z.array(z.object({ name: z.string(), type: z.enum(['A', 'CNAME']), value: z.string() })),
  /** Whether every domain resolves to a serving edge, as last checked; null: never checked. */
  verified: z.boolean().nullable(),
  checked_at: z.string().nullable(),
  /** What the check found, per domain. */
  detail: z.array(z.object({ domain: z.string(), addresses: z.array(z.string()), ok: z.boolean() })),
});

export const wafApplicationSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  domains: z.array(z.string()),
  origins: z.array(wafOriginSchema),
  health_check: wafHealthCheckSchema,
  tls_mode: z.enum(WAF_TLS_MODES),
  /** The certificate's subject and expiry (never its key). */
  certificate: z.object({ subject: z.string(), not_after: z.string(), fingerprint: z.string() }).nullable(),
  edge_ids: z.array(z.string().uuid()),
  api: z.boolean(),
  dns: wafDnsSchema,
  sync_state: z.enum(WAF_SYNC_STATES),
  mode: z.enum(['blocking', 'detection', 'off']),
  policy_revision: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WafApplication = z.infer<typeof wafApplicationSchema>;

export const wafPolicyBodySchema = z.object({
  policy: checkedWafPolicySchema,
  /** What changed, for the revision list. */
  message: storableText().trim().max(200).default(''),
});
export const wafPolicyViewSchema = z.object({
  application_id: z.string().uuid(),
  revision: z.number().int(),
  policy: wafPolicySchema,
  sync_state: z.enum(WAF_SYNC_STATES),
  edges: z.array(z.object({ id: z.string().uuid(), name: z.string(), sync_state: z.string() })),
});
export const wafPolicyRevisionSchema = z.object({
  id: z.string().uuid(),
  revision: z.number().int(),
  message: z.string(),
  author: z.string().nullable(),
  created_at: z.string(),
  policy: wafPolicySchema,
});
export const wafPolicyAsCodeSchema = z.object({ yaml: storableText().max(500_000) });

export const threatListInputSchema = statingRules(
  z
    .object({
      name: storableText().trim().min(1).max(64),
      action: z.enum(WAF_LIST_ACTIONS).default('deny'),
      /** Addresses and subnets, one per line (an uploaded file) … */
      entries: storableText().max(2_000_000).optional(),
      /** … or a URL the server fetches on a schedule (bounded in size). */
      url: z
        .string()
        .max(500)
        .regex(/^https?:\/\/\S+$/, 'Should be an http(s) URL')
        .optional(),
      refresh_hours: z.number().int().min(1).max(168).default(24),
    })
    .refine((l) => (l.entries === undefined) !== (l.url === undefined), { message: 'Give the entries or a URL, not both', path: ['url'] }),
  ['Give the entries or a URL, not both'],
);
export const threatListSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  action: z.enum(WAF_LIST_ACTIONS),
  url: z.string().nullable(),
  refresh_hours: z.number().int(),
  entries: z.number().int(),
  /** Lines that were not addresses or subnets (left out). */
  rejected: z.number().int(),
  fetched_at: z.string().nullable(),
  fetch_error: z.string().nullable(),
  updated_at: z.string(),
});

export const wafWindowQuerySchema = z.object({
  tenant_id: z.string().uuid().optional(),
  from: z.string().datetime().optional().describe('Start of the window (ISO 8601); a day before `to` by default'),
  to: z.string().datetime().optional().describe('End of the window (ISO 8601); now by default'),
  application_id: z.string().uuid().optional().describe('One application only'),
  edge_id: z.string().uuid().optional().describe('One edge only'),
});

export const wafAttackQuerySchema = wafWindowQuerySchema.extend({
  page: z.coerce.number().int().min(1).default(1).describe('Page number'),
  page_size: z.coerce.number().int().min(1).max(500).default(50).describe('Rows per page'),
  action: z.enum(WAF_ACTIONS).optional().describe('Only this action'),
  category: z.enum(WAF_CATEGORIES).optional().describe('Only this category'),
  client_ip: z
    .string()
    .max(15)
    .regex(/^[\d.]+$/)
    .optional()
    .describe('Only this client address'),
  rule_id: z.coerce.number().int().min(0).max(99_999_999).optional().describe('Only attacks this rule matched'),
  search: storableText().max(200).optional().describe('Text in the path or host'),
});

export const wafAttackRowSchema = z.object({
  id: z.string(),
  at: z.string(),
  application_id: z.string().nullable(),
  application: z.string().nullable(),
  edge: z.string().nullable(),
  host: z.string(),
  client_ip: z.string(),
  country: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  action: z.enum(WAF_ACTIONS),
  category: z.enum(WAF_CATEGORIES),
  anomaly_score: z.number().int().nullable(),
  rules: z.array(wafRuleMatchSchema),
  user_agent: z.string().nullable(),
});
export const wafAttackPageSchema = paginated(wafAttackRowSchema);

/** A class of weakness attacked on one path of an application over the window, and whether attacks got through. */
export const wafVulnerabilityRowSchema = z.object({
  application_id: z.string().nullable(),
  application: z.string().nullable(),
  category: z.enum(WAF_CATEGORIES),
  label: z.string(),
  owasp: z.string(),
  path: z.string(),
  rule_ids: z.array(z.number().int()),
  attempts: z.number().int(),
  blocked: z.number().int(),
  detected: z.number().int(),
  clients: z.number().int(),
  first_seen: z.string(),
  last_seen: z.string(),
  exposed: z.boolean(),
  hint: z.string(),
});
export type WafVulnerabilityRow = z.infer<typeof wafVulnerabilityRowSchema>;

const countRow = z.object({ key: z.string(), count: z.number().int() });
export const wafSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  requests: z.number().int(),
  attacks: z.number().int(),
  blocked: z.number().int(),
  detected: z.number().int(),
  rate_limited: z.number().int(),
  denied: z.number().int(),
  /** Requests from challenge-listed clients answered with the JavaScript challenge. */
  challenged: z.number().int(),
  /** Attacks per bucket, by action. */
  series: z.array(z.object({ at: z.string(), requests: z.number().int(), blocked: z.number().int(), detected: z.number().int(), other: z.number().int() })),
  by_category: z.array(countRow),
  by_country: z.array(countRow),
  by_client: z.array(countRow),
  top_paths: z.array(countRow),
  top_rules: z.array(z.object({ key: z.string(), message: z.string(), count: z.number().int() })),
  /** When DDoS limits or rate limits fired, per bucket. */
  limits_fired: z.array(z.object({ at: z.string(), count: z.number().int() })),
});
export type WafSummary = z.infer<typeof wafSummarySchema>;

export const wafComplianceSchema = z.array(
  z.object({
    application_id: z.string().uuid(),
    application: z.string(),
    score: z.number().int(),
    checks: z.array(z.object({ key: z.string(), label: z.string(), ok: z.boolean(), detail: z.string() })),
  }),
);

export const wafLogQuerySchema = wafWindowQuerySchema.extend({
  page: z.coerce.number().int().min(1).default(1).describe('Page number'),
  page_size: z.coerce.number().int().min(1).max(500).default(50).describe('Rows per page'),
  status: z.coerce.number().int().min(0).max(999).optional().describe('Only this status'),
  search: storableText().max(200).optional().describe('Text in the path or host'),
});
export const wafLogRowSchema = z.object({
  at: z.string(),
  application: z.string().nullable(),
  edge: z.string().nullable(),
  host: z.string(),
  client_ip: z.string(),
  country: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  bytes: z.number().int(),
  elapsed_ms: z.number().int(),
  user_agent: z.string().nullable(),
  request_id: z.string(),
});
export const wafLogPageSchema = paginated(wafLogRowSchema);

const botClass = z.enum(BOT_CLASSES);
/** Bot protection's dashboard over a window: who the edges' clients were (see classifyClient). */
export const wafBotSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  requests: z.number().int(),
  by_class: z.array(z.object({ key: botClass, requests: z.number().int(), clients: z.number().int() })),
  by_family: z.array(z.object({ key: z.string(), class: botClass, requests: z.number().int() })),
  by_network: z.array(z.object({ key: z.string(), requests: z.number().int(), clients: z.number().int() })),
  top_bot_paths: z.array(z.object({ key: z.string(), requests: z.number().int() })),
  clients: z.array(
    z.object({
      client_ip: z.string(),
      user_agent: z.string().nullable(),
      class: botClass,
      family: z.string(),
      /** What marked it (see BOT_SIGNALS). */
      signals: z.array(z.enum(BOT_SIGNALS)),
      requests: z.number().int(),
      errors: z.number().int(),
    }),
  ),
});
export type WafBotSummary = z.infer<typeof wafBotSummarySchema>;

/** An endpoint the edges' traffic shows (see discoverEndpoints). */
export const wafDiscoveredEndpointSchema = z.object({
  application_id: z.string().nullable(),
  application: z.string().nullable(),
  method: z.string(),
  template: z.string(),
  requests: z.number().int(),
  errors: z.number().int(),
  /** Requests that carried credentials (an Authorization or X-API-Key header). */
  authenticated: z.number().int(),
  statuses: z.array(z.object({ status: z.number().int(), requests: z.number().int() })),
  params: z.array(z.object({ name: z.string(), types: z.array(z.enum(API_PARAM_TYPES)), pii: z.boolean() })),
  first_seen: z.string(),
  last_seen: z.string(),
  /** Counted from a sample (the application's discovery settings) and scaled: an estimate. */
  estimated: z.boolean(),
});
export type WafDiscoveredEndpoint = z.infer<typeof wafDiscoveredEndpointSchema>;

/** Why an uploaded OpenAPI document is refused (the server reads it): stated in the API document. */
export const WAF_API_DOCUMENT_MESSAGES = ['Not JSON or YAML: {…}', 'Not an OpenAPI 3.0 or 3.1 document', 'Not a valid OpenAPI document: {…}'] as const;
/** An application's OpenAPI document (3.0 or 3.1), JSON or YAML. */
export const wafApiDocumentInputSchema = statingRules(z.object({ document: storableText().min(1).max(2_000_000) }), WAF_API_DOCUMENT_MESSAGES);
export const wafApiDocumentSchema = z.object({
  application_id: z.string(),
  title: z.string(),
  version: z.string(),
  openapi: z.string(),
  operations: z.number().int(),
  uploaded_by: z.string().nullable(),
  uploaded_at: z.string(),
});
export type WafApiDocument = z.infer<typeof wafApiDocumentSchema>;

/** One row of API security's inventory (see apiInventory). */
export const wafApiInventoryRowSchema = z.object({
  application_id: z.string(),
  application: z.string(),
  state: z.enum(API_INVENTORY_STATES),
  method: z.string(),
  path: z.string(),
  requests: z.number().int(),
  errors: z.number().int(),
  last_seen: z.string().nullable(),
  /** Counted from a sample (the application's discovery settings) and scaled: an estimate. */
  estimated: z.boolean(),
});
export type WafApiInventoryRow = z.infer<typeof wafApiInventoryRowSchema>;
