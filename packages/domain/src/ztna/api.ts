import { z } from 'zod';
import { filledText, storableText } from '../validators/storable-text';
import { paginated } from '../api/pagination';
import { ENDPOINT_OSES, POSTURE_CONDITIONS, postureSchema } from './posture';
import { ACCESS_RULES } from './evaluate';
import { ZTNA_PROTOCOLS } from './resources';
import { ENROLMENT_KEY_STATES } from './enrolment';
import { NAC_DECISIONS, NAC_STATES } from './nac';
import { RELAY_HEALTH } from './overlay';
import { ROLLOUT_STATES } from './client-updates';
import { CONFIG_SYNC_STATES } from '../config/sync-state';

/**
 * The zero-trust calls under `/api/v1/`, each with `tenant_id` in the query (a super admin's
 * tenant; a tenant user may only name their own). The spec names the MZA profile call, the tenant
 * connector list and the SASE (overlay server) list; the rest follow its `tenant/config/` style.
 * Viewers read; editors and up change; keys, invites, inventory decisions, NAC decisions and
 * rollouts are owners' and admins'.
 */
export const ZTNA_PATHS = {
  profiles: 'tenant/ztna/profiles/',
  profile: (id: string) => `tenant/ztna/profiles/${id}/`,
  /** Spec 001 §7: the assistant's MZA profile for one endpoint (`final_payload`). */
  movpn: (deviceId: string) => `device/movpn/${deviceId}/movpns/`,
  enrolmentKeys: 'tenant/ztna/enrolment-keys/',
  /** The MicroZAccess client's browser sign-in: a single-use key for the signed-in user's device. */
  clientEnrolment: 'tenant/ztna/client-enrolment/',
  enrolmentKey: (id: string) => `tenant/ztna/enrolment-keys/${id}/`,
  revokeKey: (id: string) => `tenant/ztna/enrolment-keys/${id}/revoke/`,
  invites: 'tenant/ztna/invites/',
  /** The client installers (spec 001 §7 `auth/mza-pkg-paths/`: Windows, macOS, Linux-UI). */
  packagePaths: 'auth/mza-pkg-paths/',
  servers: 'tenant/ztna/servers/',
  server: (id: string) => `tenant/ztna/servers/${id}/`,
  serverDpc: (id: string) => `tenant/ztna/servers/${id}/dpc/`,
  /** Spec 001 §7 'GET tenant connector (tid)': the app connectors; POST makes a gateway one. */
  connectors: 'tenant/connector/',
  connector: (deviceId: string) => `tenant/connector/${deviceId}/`,
  /** Spec 001 §7 `auth/{product}-sase-list/`: the overlay servers (relays) with their health. */
  saseList: 'auth/ztna-sase-list/',
  relays: 'tenant/ztna/relays/',
  relay: (id: string) => `tenant/ztna/relays/${id}/`,
  dnsGroups: 'tenant/ztna/dns/',
  dnsGroup: (id: string) => `tenant/ztna/dns/${id}/`,
  securityGroups: 'tenant/ztna/security-groups/',
  securityGroup: (id: string) => `tenant/ztna/security-groups/${id}/`,
  /** Who is in a security group now (static and by rule). */
  securityGroupMembers: (id: string) => `tenant/ztna/security-groups/${id}/members/`,
  /** iao and the overlay access policy. */
  settings: 'tenant/ztna/settings/',
  policies: 'tenant/ztna/policies/',
  policy: (id: string) => `tenant/ztna/policies/${id}/`,
  reorder: 'tenant/ztna/policies/reorder/',
  /** The "who can reach what" tool: one requester and server, or every requester of a server. */
  test: 'tenant/ztna/policies/test/',
  reach: 'tenant/ztna/policies/reach/',
  /** Enrolled endpoints with their posture, profile and client version (enrolled-inventory). */
  inventory: 'tenant/ztna/inventory/',
  /** Pending clients approved or rejected, enrolled ones revoked, rejected ones let in again, many at once. */
  inventoryDecide: 'tenant/ztna/inventory/decide/',
  nacHosts: 'tenant/nac/hosts/',
  nacDecide: 'tenant/nac/hosts/decide/',
  sessionLogs: 'logs/ztna-session-logs/',
  clientReleases: 'tenant/ztna/client-releases/',
  rollouts: 'tenant/ztna/client-rollouts/',
  rollout: (id: string) => `tenant/ztna/client-rollouts/${id}/`,
  rolloutProgress: (id: string) => `tenant/ztna/client-rollouts/${id}/progress/`,
} as const;

export const ztnaReorderBodySchema = z.object({
  ids: z
    .array(z.string().uuid())
    .max(1_000)
    .refine((a) => new Set(a).size === a.length, 'Duplicate Value Found')
    .meta({ uniqueItems: true }),
});

/** A key as listed: never the key itself, which is shown once, in the answer to its creation. */
export const enrolmentKeyRowSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  prefix: z.string(),
  reusable: z.boolean(),
  expires_at: z.string().nullable(),
  usage_limit: z.number().nullable(),
  uses: z.number(),
  security_groups: z.array(z.string()),
  auto_approve: z.boolean(),
  state: z.enum(ENROLMENT_KEY_STATES),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export const createdEnrolmentKeySchema = enrolmentKeyRowSchema.extend({ key: z.string() });

export const inviteRowSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  key_id: z.string().uuid(),
  invited_by: z.string().nullable(),
  created_at: z.string(),
  enrolled_device_id: z.string().nullable(),
});

export const packagePathsSchema = z.object({ detail: z.object({ Windows: z.string(), macOS: z.string(), 'Linux-UI': z.string() }) });

/** An app connector: the gateway, its site, and its health live from its reports. */
export const connectorRowSchema = z.object({
  device_id: z.string().uuid(),
  name: z.string(),
  site: z.string(),
  device_status: z.string(),
  last_seen: z.string().nullable(),
  servers_total: z.number(),
  servers_reachable: z.number().nullable(),
  active_sessions: z.number().nullable(),
  health_at: z.string().nullable(),
  health: z.enum(['healthy', 'degraded', 'down', 'unknown']),
});
export const connectorBodySchema = z.object({ device_id: z.string().uuid(), site: filledText().min(1).max(64) });

export const relayRowSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  region: z.string(),
  address: z.string(),
  port: z.number(),
  enabled: z.boolean(),
  health: z.enum(RELAY_HEALTH),
  latency_ms: z.number().nullable(),
  last_report_at: z.string().nullable(),
});

/** The tool: a user or an endpoint (or both), a server, a protocol and port, optionally a moment. */
export const accessTestBodySchema = z
  .object({
    user: storableText().trim().toLowerCase().max(254).nullable().optional(),
    device_id: z.string().uuid().nullable().optional(),
    server_id: z.string().uuid(),
    protocol: z.enum(ZTNA_PROTOCOLS).default('tcp'),
    port: z.number().int().min(0).max(65535).nullable().optional(),
    at: z.string().datetime({ offset: true }).optional(),
  })
  .refine((b) => b.user || b.device_id, 'Choose a user or an endpoint');
export const accessDecisionSchema = z.object({
  action: z.enum(['allow', 'deny']),
  rule: z.enum(ACCESS_RULES),
  policy: z.object({ id: z.string(), name: z.string() }).nullable(),
  failed: z.object({ condition: z.enum(POSTURE_CONDITIONS), message: z.string() }).nullable(),
  reason: z.string(),
});
export const accessTestResultSchema = accessDecisionSchema.extend({
  user: z.string().nullable(),
  device: z.object({ id: z.string(), name: z.string() }).nullable(),
  server: z.object({ id: z.string(), name: z.string() }),
  posture: postureSchema,
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  security_groups: z.array(z.object({ id: z.string(), name: z.string() })),
});
export const reachBodySchema = z.object({
  server_id: z.string().uuid(),
  protocol: z.enum(ZTNA_PROTOCOLS).default('tcp'),
  port: z.number().int().min(0).max(65535).nullable().optional(),
});
/** Every enrolled endpoint (with its user) and what it would get for that server now. */
export const reachRowSchema = accessDecisionSchema.extend({ device_id: z.string(), device_name: z.string(), user: z.string().nullable() });

export const inventoryRowSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  user: z.string().nullable(),
  os: z.enum(ENDPOINT_OSES).nullable(),
  os_label: z.string().nullable(),
  client_version: z.string().nullable(),
  approved: z.boolean(),
  device_status: z.string(),
  last_seen: z.string().nullable(),
  public_ip: z.string().nullable(),
  posture: postureSchema,
  profile: z.string(),
  security_groups: z.array(z.string()),
  config_sync: z.enum(CONFIG_SYNC_STATES),
  enrolled_with: z.string().nullable(),
  created_at: z.string(),
});
export const inventoryPageSchema = paginated(inventoryRowSchema);
export const inventoryQuerySchema = z.object({
  tenant_id: z.string().uuid().optional(),
  /** Enrolled (approved), pending (waiting for approval), or rejected (refused until let in again). */
  state: z.enum(['enrolled', 'pending', 'rejected']).default('enrolled'),
  search: storableText().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(0).max(1000).default(25),
});
export const inventoryDecideBodySchema = z.object({
  ids: z.array(z.string().uuid()).min(1).max(1_000),
  /** Reject also revokes an enrolled one; readmit lets a rejected one in again, approved. */
  decision: z.enum(['approve', 'reject', 'readmit']),
});
export const inventoryDecideResultSchema = z.object({
  approved: z.number(),
  rejected: z.number(),
  readmitted: z.number().default(0),
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
});

export const nacHostRowSchema = z.object({
  mac: z.string(),
  ip: z.string(),
  hostname: z.string().nullable(),
  vendor: z.string().nullable(),
  os: z.string().nullable(),
  gateway_id: z.string().uuid(),
  gateway_name: z.string(),
  interface: z.string().nullable(),
  first_seen: z.string(),
  last_seen: z.string(),
  decision: z.enum(NAC_DECISIONS),
  /** What the gateway last said it enforces. */
  state: z.enum(NAC_STATES),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export const nacHostPageSchema = paginated(nacHostRowSchema);

export const ztnaSessionRowSchema = z.object({
  id: z.string(),
  time: z.string(),
  user: z.string().nullable(),
  device_id: z.string(),
  device_name: z.string().nullable(),
  server_id: z.string().nullable(),
  server_name: z.string().nullable(),
  destination: z.string(),
  protocol: z.enum(ZTNA_PROTOCOLS),
  port: z.number().nullable(),
  action: z.enum(['allow', 'deny']),
  rule: z.enum(ACCESS_RULES),
  policy_id: z.string().nullable(),
  policy_name: z.string().nullable(),
  failed_condition: z.enum(POSTURE_CONDITIONS).nullable(),
  connector_id: z.string().nullable(),
  connector_name: z.string().nullable(),
  duration_ms: z.number(),
  bytes_in: z.number(),
  bytes_out: z.number(),
});
export const ztnaSessionPageSchema = paginated(ztnaSessionRowSchema);
/** Keys the session-log filters may name (the table filter payload of 001 §3, as the web-filter logs take it). */
export const ZTNA_SESSION_FILTER_KEYS = ['tenant_id', 'user', 'device', 'server', 'action', 'policy', 'failed_condition', 'protocol'] as const;

export const rolloutRowSchema = z.object({
  id: z.string().uuid(),
  os: z.enum(ENDPOINT_OSES),
  version: z.string(),
  security_group: z.string().nullable(),
  security_group_name: z.string().nullable(),
  percentage: z.number(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  /** Endpoints of that OS (and group) in all, in the stage, and already on the version. */
  targeted: z.number(),
  in_stage: z.number(),
  updated: z.number(),
});
export const rolloutProgressRowSchema = z.object({
  device_id: z.string(),
  device_name: z.string(),
  user: z.string().nullable(),
  version: z.string().nullable(),
  state: z.enum(ROLLOUT_STATES),
  device_status: z.string(),
});

/** Who is in a security group now: its static users, and the endpoints it holds statically or by its rule. */
export const securityGroupMembersSchema = z.object({
  users: z.array(z.string()),
  endpoints: z.array(z.object({ id: z.string(), name: z.string(), user: z.string().nullable(), by: z.enum(['static', 'rule', 'user']) })),
});
