import { z } from 'zod';
import { storableText } from '../validators/storable-text';
import { statingRules } from '../validators/documented';

/**
 * What the edge's API guard (the agent beside nginx, which requests to these paths pass through)
 * enforces: GraphQL limits, parsed with the reference `graphql` library, and login protection
 * against credential stuffing and password spraying. Paths are checked like wafPathSchema.
 */
const guardPath = statingRules(
  z
    .string()
    .min(1)
    .max(256)
    .regex(/^\/[^\s"'\\{};#]*$/, "Should start with '/' and hold no spaces, quotes, braces, semicolons or '#'"),
  ["Should start with '/' and hold no spaces, quotes, braces, semicolons or '#'"],
);

/** GraphQL endpoints' limits: nesting depth, aliases, fields selected (fragments expanded), introspection. */
export const wafGraphqlSchema = z.object({
  enabled: z.boolean().default(false),
  paths: z.array(guardPath).min(1).max(10).default(['/graphql']),
  max_depth: z.number().int().min(1).max(100).default(10),
  max_aliases: z.number().int().min(0).max(1_000).default(15),
  /** The query's cost: every field it selects, each fragment counted where it is spread. */
  max_fields: z.number().int().min(1).max(100_000).default(1_000),
  /** Whether `__schema` and `__type` queries are allowed (off in production). */
  introspection: z.boolean().default(false),
});
export type WafGraphql = z.infer<typeof wafGraphqlSchema>;

export const WAF_LOGIN_ACTIONS = ['challenge', 'block'] as const;

/** A login endpoint: its path and the body field (JSON or form) that names the account. */
export const wafLoginEndpointSchema = z.object({
  path: guardPath,
  username_field: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.-]+$/, 'Letters, digits and _ . - only')
    .default('username'),
});

/**
 * Login protection: within the window, past `client_failures` failed logins from one address
 * (credential stuffing, password spraying from one client), `account_failures` on one account, or
 * `account_clients` addresses failing on one account (a distributed attack), the address or the
 * account is challenged (a browser passes, a script does not) or refused.
 */
export const wafLoginProtectionSchema = z.object({
  enabled: z.boolean().default(false),
  endpoints: z.array(wafLoginEndpointSchema).max(10).default([]),
  /** The origin's answers that mean a failed login. */
  failure_statuses: z.array(z.number().int().min(400).max(599)).min(1).max(10).default([401, 403]),
  window_minutes: z.number().int().min(1).max(1_440).default(10),
  client_failures: z.number().int().min(1).max(10_000).default(10),
  account_failures: z.number().int().min(1).max(10_000).default(5),
  account_clients: z.number().int().min(2).max(10_000).default(5),
  action: z.enum(WAF_LOGIN_ACTIONS).default('challenge'),
});
export type WafLoginProtection = z.infer<typeof wafLoginProtectionSchema>;

/** What the guard saw of a GraphQL request (reported with the request; the query itself is not). */
export const wafGraphqlSeenSchema = z.object({
  operation: z.enum(['query', 'mutation', 'subscription']),
  name: storableText().max(128).nullable(),
  depth: z.number().int().min(0).max(100_000),
  aliases: z.number().int().min(0).max(1_000_000),
  fields: z.number().int().min(0).max(10_000_000),
  introspection: z.boolean(),
});
export type WafGraphqlSeen = z.infer<typeof wafGraphqlSeenSchema>;

/** A login attempt the guard saw: the account it named and whether the origin refused it (never the password). */
export const wafLoginSeenSchema = z.object({
  account: storableText().max(256),
  failed: z.boolean(),
});
export type WafLoginSeen = z.infer<typeof wafLoginSeenSchema>;
