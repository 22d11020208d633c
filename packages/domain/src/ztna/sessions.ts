import { z } from 'zod';
import { storableText } from '../validators/storable-text';
import { ACCESS_RULES } from './evaluate';
import { POSTURE_CONDITIONS } from './posture';
import { ZTNA_PROTOCOLS } from './resources';

const seq = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const count = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

export const ZTNA_SESSIONS_BATCH_MAX = 1_000;

/** One connection attempt as the endpoint decided it: who, to what, the decision and, once closed, how long and how much. */
export const ztnaSessionSchema = z.object({
  at: z.string().datetime(),
  user: storableText().max(254).nullable(),
  server_id: z.string().uuid().nullable(),
  /** What the client asked for (a private name or an address). */
  destination: storableText().min(1).max(253),
  protocol: z.enum(ZTNA_PROTOCOLS),
  port: z.number().int().min(0).max(65535).nullable(),
  action: z.enum(['allow', 'deny']),
  rule: z.enum(ACCESS_RULES),
  policy_id: z.string().uuid().nullable(),
  policy_name: storableText().max(64).nullable(),
  failed_condition: z.enum(POSTURE_CONDITIONS).nullable(),
  /** The app connector the session went through (allowed sessions). */
  connector_id: z.string().uuid().nullable(),
  duration_ms: z
    .number()
    .int()
    .nonnegative()
    .max(7 * 86_400_000),
  bytes_in: count,
  bytes_out: count,
});
export type ZtnaSession = z.infer<typeof ztnaSessionSchema>;

/** What a client measured to the overlay servers since its last batch (their health). */
export const relayReportSchema = z.object({ relay_id: z.string().uuid(), latency_ms: z.number().nonnegative().max(60_000).nullable(), ok: z.boolean() });

/** An endpoint's batch of sessions (and its relay measurements), sequence-numbered and acknowledged once stored. */
export const ztnaSessionsMessageSchema = z.object({
  type: z.literal('ztna_sessions'),
  seq,
  sessions: z.array(ztnaSessionSchema).max(ZTNA_SESSIONS_BATCH_MAX),
  relays: z.array(relayReportSchema).max(32).default([]),
});
export type ZtnaSessionsMessage = z.infer<typeof ztnaSessionsMessageSchema>;

/** An app connector's health: each published server reachable or not from it, and the sessions it carries. */
export const connectorHealthMessageSchema = z.object({
  type: z.literal('connector_health'),
  seq,
  at: z.string().datetime(),
  servers: z.array(z.object({ server_id: z.string().uuid(), reachable: z.boolean(), latency_ms: z.number().nonnegative().max(60_000).nullable() })).max(5_000),
  active_sessions: count,
});
export type ConnectorHealthMessage = z.infer<typeof connectorHealthMessageSchema>;
