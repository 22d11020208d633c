import { z } from 'zod';
import { WAF_ACTIONS } from './events';
import type { WafGraphql } from './api-guard';

/**
 * Threat analytics › GraphQL: the operations the edges' API guard saw (never their text: the type,
 * the name, and how deep, wide and aliased each was), each against the application's limits, and
 * what the guard refused with why.
 */
export const GRAPHQL_OPERATIONS = ['query', 'mutation', 'subscription'] as const;
export const GRAPHQL_LIMITS = ['depth', 'aliases', 'fields', 'introspection', 'other'] as const;
export type GraphqlLimit = (typeof GRAPHQL_LIMITS)[number];

/** One operation (type and name) of one application as the store counts it over the window. */
export interface GraphqlOperationCount {
  applicationId: string | null;
  operation: (typeof GRAPHQL_OPERATIONS)[number];
  name: string | null;
  requests: number;
  /** Answers of 400 or more (the guard's refusals among them). */
  errors: number;
  maxDepth: number;
  avgDepth: number;
  maxAliases: number;
  maxFields: number;
  avgFields: number;
  /** Requests of the operation that asked for the schema (`__schema`, `__type`). */
  introspection: number;
  lastSeen: Date;
}

/**
 * Which limit a refusal was for, from the guard's matched data ('depth 12 over 10', 'aliases 40
 * over 15', 'fields 2000 over 1000', 'introspection'); anything else (a query that does not parse)
 * is 'other'.
 */
export function graphqlRefusalLimit(data: string | null): GraphqlLimit {
  const first = (data ?? '').trim().toLowerCase().split(/\s+/)[0] ?? '';
  if (first === 'depth' || first === 'aliases' || first === 'fields') return first;
  if (first.startsWith('introspection')) return 'introspection';
  return 'other';
}

/** The limits an operation's largest request went past (what the guard refuses when it is on). */
export function graphqlLimitsPassed(
  op: Pick<GraphqlOperationCount, 'maxDepth' | 'maxAliases' | 'maxFields' | 'introspection'>,
  limits: WafGraphql,
): GraphqlLimit[] {
  const out: GraphqlLimit[] = [];
  if (op.maxDepth > limits.max_depth) out.push('depth');
  if (op.maxAliases > limits.max_aliases) out.push('aliases');
  if (op.maxFields > limits.max_fields) out.push('fields');
  if (op.introspection > 0 && !limits.introspection) out.push('introspection');
  return out;
}

export const wafGraphqlOperationSchema = z.object({
  application_id: z.string().nullable(),
  application: z.string().nullable(),
  operation: z.enum(GRAPHQL_OPERATIONS),
  /** Null: an anonymous operation. */
  name: z.string().nullable(),
  requests: z.number().int(),
  errors: z.number().int(),
  max_depth: z.number().int(),
  avg_depth: z.number(),
  max_aliases: z.number().int(),
  max_fields: z.number().int(),
  avg_fields: z.number(),
  introspection: z.number().int(),
  last_seen: z.string(),
  /** The application's limits its largest request went past. */
  over_limits: z.array(z.enum(GRAPHQL_LIMITS)),
});
export type WafGraphqlOperation = z.infer<typeof wafGraphqlOperationSchema>;

export const wafGraphqlRefusalSchema = z.object({
  id: z.string(),
  at: z.string(),
  application_id: z.string().nullable(),
  application: z.string().nullable(),
  client_ip: z.string(),
  method: z.string(),
  path: z.string(),
  action: z.enum(WAF_ACTIONS),
  limit: z.enum(GRAPHQL_LIMITS),
  /** The guard's words: 'depth 12 over 10'. */
  detail: z.string().nullable(),
});

export const wafGraphqlViewSchema = z.object({
  from: z.string(),
  to: z.string(),
  requests: z.number().int(),
  refused: z.number().int(),
  by_limit: z.array(z.object({ limit: z.enum(GRAPHQL_LIMITS), count: z.number().int() })),
  operations: z.array(wafGraphqlOperationSchema),
  refusals: z.array(wafGraphqlRefusalSchema),
});
export type WafGraphqlView = z.infer<typeof wafGraphqlViewSchema>;

/** Refusals counted by limit, most first (limits never hit left out). */
export function graphqlRefusalsByLimit(limits: readonly GraphqlLimit[]): { limit: GraphqlLimit; count: number }[] {
  const counts = new Map<GraphqlLimit, number>();
  for (const l of limits) counts.set(l, (counts.get(l) ?? 0) + 1);
  return GRAPHQL_LIMITS.filter((l) => counts.has(l))
    .map((limit) => ({ limit, count: counts.get(limit)! }))
    .sort((a, b) => b.count - a.count);
}
