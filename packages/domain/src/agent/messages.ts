import { z } from 'zod';
import { isIPv4 } from '../validators/ipv4';
import { storableJson, storableText } from '../validators/storable-text';
import { statusSnapshotSchema } from './status';
import { flowsMessageSchema } from '../analytics/flows';
import { urlEventsMessageSchema } from '../webfilter/events';
import { postureReportSchema } from '../ztna/posture';
import { connectorHealthMessageSchema, ztnaSessionsMessageSchema } from '../ztna/sessions';
import { wafEventsMessageSchema } from '../waf/events';
import { nacHostsMessageSchema } from '../ztna/nac';
import { jobArtifactSchema, jobOutputSchema } from '../diagnostics/agent';
import { demResultsMessageSchema } from '../dem/results';
import { iotDevicesMessageSchema } from '../iot/discovery';
import { iotTelemetryMessageSchema } from '../iot/telemetry';
import { dnsQueriesMessageSchema, idsAlertsMessageSchema } from '../ndr/messages';

/**
 * The device agent protocol (DESIGN.md "Live channels"): JSON messages over the websocket at
 * /agent/v1. Every device message carries `seq`, increasing per device across reconnects, so a
 * replayed or duplicated message is stored once (metrics by (device, seq) in the database, late
 * ones included; heartbeats never older over newer); the server acknowledges each by seq.
 */
export const AGENT_PATH = '/agent/v1';
export const AGENT_PROTOCOL_VERSION = 1;

const seq = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const ipv4 = z.string().refine(isIPv4, 'Should be in the format x.x.x.x');
/*
 * Every free-text field is storableText: a device's text goes into shared batched statements, and
 * one value PostgreSQL refuses (a NUL, an unpaired surrogate) would fail every other device's
 * write with it. Such a message is malformed, refused here and never acknowledged.
 */
const text = storableText;
const name = text().trim().min(1).max(64);
const ifname = text().max(32);

export const DEVICE_KINDS = ['gateway', 'endpoint'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];
/** Kinds of gateway beyond the plain one. */
export const DEVICE_TYPES = ['app-connector', 'waf-edge'] as const;
export const LIVE_STATUSES = ['running', 'error', 'modified', 'connected', 'online', 'offline'] as const;

export const wanLinkSchema = z.object({
  name,
  status: z.enum(['up', 'down', 'unknown']),
  ifname,
  weight: z.number().int().min(0).max(1000),
});
export type WanLink = z.infer<typeof wanLinkSchema>;

const bondLeg = z.object({ status: z.enum(['up', 'down', 'unknown']), interfaces: z.array(ifname).max(8) });
export const linkBondingSchema = z.object({ status: z.enum(['up', 'down', 'unknown']), tunnel: bondLeg, mpls: bondLeg });
export type LinkBonding = z.infer<typeof linkBondingSchema>;

export const locationSchema = z.object({
  name: text().max(120),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

const enrolAuth = z.object({ kind: z.literal('enrol'), enrolment_key: text().min(16).max(128) });
const credentialAuth = z.object({ kind: z.literal('credential'), device_id: z.string().uuid(), secret: text().min(16).max(256) });

export const helloSchema = z.object({
  type: z.literal('hello'),
  seq,
  protocol: z.literal(AGENT_PROTOCOL_VERSION),
  auth: z.discriminatedUnion('kind', [enrolAuth, credentialAuth]),
  identity: z.object({
    serial: text().trim().min(1).max(64),
    name,
    kind: z.enum(DEVICE_KINDS),
    mac: text().max(32).optional(),
    /** The ZTNA user signed in on an endpoint. */
    user: text().email().max(254).optional(),
    /** 'app-connector': a gateway that publishes a site's private servers (spec 000 §3 deviceType). */
    device_type: z.enum(DEVICE_TYPES).optional(),
  }),
  model: text().max(64),
  os: text().max(64),
  version: text().max(32),
  /**
   * An endpoint's posture and public address as its heartbeats report them, sent with the first
   * hello too: a client waiting for approval sends no heartbeat, and the person approving it
   * looks at them. Older agents send none (unknown until their first heartbeat).
   */
  posture: postureReportSchema.optional(),
  public_ip: ipv4.nullable().optional(),
});

export const heartbeatSchema = z.object({
  type: z.literal('heartbeat'),
  seq,
  status: z.enum(LIVE_STATUSES),
  wan: z.array(wanLinkSchema).max(8).default([]),
  lb_status: linkBondingSchema.nullable().optional(),
  public_ip: ipv4.nullable().optional(),
  vpn_ip: ipv4.nullable().optional(),
  location: locationSchema.nullable().optional(),
  os: text().max(64).optional(),
  user: text().email().max(254).nullable().optional(),
  traffic: z.array(text().max(32)).max(16).optional(),
  /** Hash of the configuration the device runs, to tell synced from not synced. */
  config_hash: text().max(128).nullable().optional(),
  /** An endpoint's own posture (the rest the server knows); older agents send none: conditions on it fail. */
  posture: postureReportSchema.optional(),
  /** Its IPsec tunnels up or down, for the alarms (older agents send none: no IPsec alarms). */
  ipsec: z
    .array(z.object({ name, status: z.enum(['up', 'down', 'unknown']) }))
    .max(64)
    .optional(),
});

export const metricsSchema = z.object({
  type: z.literal('metrics'),
  seq,
  at: z.string().datetime(),
  interfaces: z.array(z.object({ ifname, rx_bytes: z.number().int().nonnegative(), tx_bytes: z.number().int().nonnegative() })).max(32),
  ping: z
    .array(
      z.object({
        ifname,
        latency_ms: z.number().nonnegative().nullable(),
        loss_pct: z.number().min(0).max(100),
        /** Newer agents measure jitter too; the performance alarms use it when present. */
        jitter_ms: z.number().nonnegative().nullable().optional(),
      }),
    )
    .max(32)
    .default([]),
  /** The box's load at that moment (CPU and memory graphs); older agents send none. */
  system: z.object({ cpu_pct: z.number().min(0).max(100), memory_pct: z.number().min(0).max(100) }).optional(),
});

export const jobResultSchema = z.object({
  type: z.literal('job_result'),
  seq,
  job_id: z.string().uuid(),
  ok: z.boolean(),
  output: text().max(10_000).default(''),
  config_hash: text().max(128).nullable().optional(),
});

/**
 * Confirm-or-revert: a device that applied a configuration and lost its management connection
 * within the confirmation window (60 s) went back to the one it ran before, and says so when it
 * is back: the push is then failed with the device's reason, and it runs `config_hash`.
 */
export const CONFIRM_WINDOW_MS = 60_000;
export const configRevertedSchema = z.object({
  type: z.literal('config_reverted'),
  seq,
  job_id: z.string().uuid(),
  config_hash: text().max(128).nullable(),
  reason: text().max(1_000),
});

/**
 * Someone changed the configuration on the box (not through a push): what it runs now, whole, so
 * the console can show what changed against the desired one. Sent when the device notices.
 */
export const configChangedSchema = z.object({
  type: z.literal('config_changed'),
  seq,
  config_hash: text().min(1).max(128),
  // Kept as it came: a NUL or an unpaired surrogate anywhere in it would fail the database's write.
  document: storableJson(z.record(z.string().max(64), z.unknown())),
});

/** A status snapshot the device was asked for (`job_id`) or sends by itself. */
export const statusMessageSchema = z.object({
  type: z.literal('status'),
  seq,
  job_id: z.string().uuid().optional(),
  at: z.string().datetime(),
  snapshot: statusSnapshotSchema,
});

export const deviceMessageSchema = z.discriminatedUnion('type', [
  helloSchema,
  heartbeatSchema,
  metricsSchema,
  jobResultSchema,
  configRevertedSchema,
  configChangedSchema,
  statusMessageSchema,
  flowsMessageSchema,
  urlEventsMessageSchema,
  ztnaSessionsMessageSchema,
  connectorHealthMessageSchema,
  nacHostsMessageSchema,
  wafEventsMessageSchema,
  demResultsMessageSchema,
  iotDevicesMessageSchema,
  iotTelemetryMessageSchema,
  dnsQueriesMessageSchema,
  idsAlertsMessageSchema,
  jobOutputSchema,
  jobArtifactSchema,
]);
export type DeviceMessage = z.infer<typeof deviceMessageSchema>;
export type Hello = z.infer<typeof helloSchema>;
export type Heartbeat = z.infer<typeof heartbeatSchema>;
export type Metrics = z.infer<typeof metricsSchema>;
export type JobResult = z.infer<typeof jobResultSchema>;
export type ConfigReverted = z.infer<typeof configRevertedSchema>;
export type ConfigChanged = z.infer<typeof configChangedSchema>;
export type StatusMessage = z.infer<typeof statusMessageSchema>;

export const JOB_KINDS = ['reboot', 'apply_config', 'diagnostics', 'full_sync', 'status', 'waf_vuln_test'] as const;

/** What the server sends a device. */
export type ServerMessage =
  | {
      type: 'welcome';
      device_id: string;
      state: 'pending' | 'approved';
      /** Sent once, on the approval that creates it: the device keeps it for its next connections. */
      credential?: { device_id: string; secret: string };
      heartbeat_interval_s: number;
    }
  | { type: 'approved'; credential: { device_id: string; secret: string } }
  /**
   * `duplicate: false`: stored now. `duplicate: true`: nothing of it was stored because the server
   * already has it (metrics stored before, by seq, on any connection; a job already closed) or
   * something newer (a heartbeat older than the last one applied). Either way the device stops
   * resending it.
   */
  | { type: 'ack'; seq: number; duplicate: boolean }
  /**
   * Not stored, and not lost: the server is taking in more than it can write just now
   * (back-pressure). The device keeps the message and sends it again after `retry_after_ms`.
   */
  | { type: 'busy'; seq: number; retry_after_ms: number }
  | { type: 'job'; job_id: string; kind: (typeof JOB_KINDS)[number]; payload: Record<string, unknown> }
  /** Stop a running diagnostic now (asked in the console, or past the server's limits): the device answers its job_result soon after. */
  | { type: 'job_stop'; job_id: string; reason: string };

/** Close codes with their reasons, so a device (and its operator) knows why it was sent away. */
export const AGENT_CLOSE = {
  malformed: { code: 4400, reason: 'malformed message' },
  badCredentials: { code: 4401, reason: 'bad enrolment key or credential' },
  deactivated: { code: 4403, reason: 'device deactivated' },
  helloTimeout: { code: 4408, reason: 'no hello in time' },
  replaced: { code: 4409, reason: 'replaced by a newer connection' },
  unclaimed: { code: 4410, reason: 'device removed from its tenant' },
  /** Rejected (or its access revoked) by the organisation: refused, whatever key it holds, until an admin lets it in again. */
  rejected: { code: 4411, reason: 'device rejected by its organisation' },
  /** The server cannot store anything now (its database is unreachable): reconnect with back-off, resend what was not acknowledged. */
  tryLater: { code: 1013, reason: 'try again later' },
} as const;
