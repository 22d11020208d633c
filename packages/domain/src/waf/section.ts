import { z } from 'zod';
import { isFqdn } from '../validators/domain-name';
import { storableText } from '../validators/storable-text';
import { statingRules } from '../validators/documented';
import { SECRET_MASK } from '../config/secrets';
import { cidrOrIp, wafPathSchema, wafPolicySchema } from './policy';
import { wafEdgeApiSchemaSchema } from './api-schema';

/** A device that serves protected applications: the agent in its `waf-edge` role, or a simulated POP. */
export const WAF_EDGE_DEVICE_TYPE = 'waf-edge' as const;

const DOMAIN_MESSAGE = 'Should be a domain name (www.example.com or *.example.com)';
export const wafDomainSchema = statingRules(
  z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .refine((v) => isFqdn(v) || (v.startsWith('*.') && isFqdn(v.slice(2))), DOMAIN_MESSAGE),
  [DOMAIN_MESSAGE],
);

/** An origin the edge proxies to: http(s)://host[:port], no path. */
export const wafOriginSchema = z.object({
  url: z
    .string()
    .max(300)
    .regex(/^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?\/?$/, 'Should be http(s)://host[:port]')
    .meta({ examples: ['http://10.0.0.5:8080'] }),
  /** Share of requests among the origins. */
  weight: z.number().int().min(1).max(100).default(1),
});
export type WafOrigin = z.infer<typeof wafOriginSchema>;

export const wafHealthCheckSchema = z.object({
  path: wafPathSchema.default('/'),
  interval_s: z.number().int().min(5).max(300).default(30),
});

const pem = (label: string) =>
  storableText()
    .max(20_000)
    .regex(new RegExp(`-----BEGIN [A-Z ]*${label}-----[\\s\\S]+-----END [A-Z ]*${label}-----`), `Should be a PEM ${label.toLowerCase()}`);
export const pemCertificateSchema = pem('CERTIFICATE');
export const pemKeySchema = pem('PRIVATE KEY');

/**
 * What a threat-intel list does to its addresses: refuse them (403), or answer them with a
 * JavaScript challenge that a browser passes on its own and a script that runs no JavaScript never does.
 */
export const WAF_LIST_ACTIONS = ['deny', 'challenge'] as const;
/**
 * What the edge does with a list's addresses: a threat-intel list's actions, and those of bot
 * protection's managed lists besides (limit each address's rate; only mark its requests).
 */
export const WAF_EDGE_LIST_ACTIONS = [...WAF_LIST_ACTIONS, 'rate_limit', 'log'] as const;

/** A threat-intel list as the edge applies it: the addresses it denies or challenges. */
export const wafEdgeListSchema = z.object({
  id: z.string().uuid(),
  name: storableText().max(64),
  action: z.enum(WAF_EDGE_LIST_ACTIONS).default('deny'),
  cidrs: z.array(cidrOrIp).max(100_000),
  /** rate_limit: each address's requests a minute. */
  requests_per_minute: z.number().int().min(1).max(100_000).optional(),
  /** A bot protection's managed list: the class of client it holds (logged on its requests). */
  bot_class: z.enum(['verified_bot', 'likely_bot', 'automated']).optional(),
});
export type WafEdgeList = z.infer<typeof wafEdgeListSchema>;

/** One protected application as an edge serves it: where it proxies, its certificate and its policy. */
export const wafEdgeApplicationSchema = z.object({
  id: z.string().uuid(),
  name: storableText().max(64),
  domains: z.array(wafDomainSchema).min(1).max(20),
  origins: z.array(wafOriginSchema).min(1).max(16),
  health_check: wafHealthCheckSchema,
  /**
   * null: plain HTTP only (a lab); else the edge serves HTTPS with this certificate too. The key is
   * a configuration secret: the edge is sent it, a person reading the edge's document sees the mask.
   */
  tls: z.object({ certificate: pemCertificateSchema, key: z.union([pemKeySchema, z.literal(SECRET_MASK)]) }).nullable(),
  policy: wafPolicySchema,
  threat_lists: z.array(wafEdgeListSchema).max(23).default([]),
  /** API keys the organisation refuses (bot protection's API abuse): fingerprints, the first 16 hex digits of the SHA-1 of the key's header. */
  blocked_api_keys: z
    .array(z.string().regex(/^[0-9a-f]{16}$/))
    .max(1_000)
    .default([]),
  /** The application's documented API, when its policy enforces it (zero-trust API) and it has a document. */
  api_schema: wafEdgeApiSchemaSchema.nullable().default(null),
});
export type WafEdgeApplication = z.infer<typeof wafEdgeApplicationSchema>;

/** A WAF edge's section of its document (server-made from the tenant's applications that name the edge). */
export const wafSectionSchema = z.object({
  applications: z.array(wafEdgeApplicationSchema).max(200),
});
export type WafSection = z.infer<typeof wafSectionSchema>;
