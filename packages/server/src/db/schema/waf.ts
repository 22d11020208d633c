import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ApiDriftKind, WafBotSettings, WafOrigin, WafPolicy, WafVulnCheck, WafVulnFinding } from '@netloom/domain';
import { sealedJsonb } from '../sealed-secrets';
import { devices } from './devices';
import { tenants } from './tenants';

/**
 * QShield's protected applications: the domains an organisation puts behind its WAF edges, where
 * the edges proxy to, the certificate they serve, and the policy in force (its newest revision).
 * The row is also what serialises changes of the application's policy (each change locks it).
 */
export const wafApplications = pgTable(
  'waf_applications',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    domains: jsonb('domains').$type<string[]>().notNull(),
    origins: jsonb('origins').$type<WafOrigin[]>().notNull(),
    healthCheck: jsonb('health_check').$type<{ path: string; interval_s: number }>().notNull(),
    tlsMode: text('tls_mode').$type<'none' | 'upload' | 'self_signed'>().notNull(),
    certificate: text('certificate'),
    /** The certificate's key: sent to the edges, never answered to a person. */
    tlsKey: text('tls_key'),
    edgeIds: jsonb('edge_ids').$type<string[]>().notNull().default([]),
    api: boolean('api').notNull().default(false),
    policy: jsonb('policy').$type<WafPolicy>().notNull(),
    policyRevision: integer('policy_revision').notNull().default(1),
    dnsVerified: boolean('dns_verified'),
    dnsCheckedAt: timestamp('dns_checked_at', { withTimezone: true }),
    dnsDetail: jsonb('dns_detail').$type<{ domain: string; addresses: string[]; ok: boolean }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('waf_applications_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`), index('waf_applications_tenant_idx').on(t.tenantId)],
);

/** Each protected domain once across all tenants: an organisation cannot put another's domain behind its edges. */
export const wafDomains = pgTable(
  'waf_domains',
  {
    domain: text('domain').primaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => wafApplications.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
  },
  (t) => [index('waf_domains_application_idx').on(t.applicationId)],
);

/** Every policy an application had, numbered from 1: the revision list, its diffs and rollbacks. */
export const wafPolicyRevisions = pgTable(
  'waf_policy_revisions',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => wafApplications.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    policy: jsonb('policy').$type<WafPolicy>().notNull(),
    message: text('message').notNull().default(''),
    author: text('author'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('waf_policy_revisions_app_revision_idx').on(t.applicationId, t.revision)],
);

/** IP reputation lists: pasted or uploaded entries, or a URL fetched on a schedule; the policies that name one deny its addresses. */
export const wafThreatLists = pgTable(
  'waf_threat_lists',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    action: text('action').$type<'deny' | 'challenge'>().notNull(),
    url: text('url'),
    refreshHours: integer('refresh_hours').notNull().default(24),
    entries: jsonb('entries').$type<string[]>().notNull().default([]),
    rejected: integer('rejected').notNull().default(0),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
    fetchError: text('fetch_error'),
    nextFetchAt: timestamp('next_fetch_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('waf_threat_lists_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`), index('waf_threat_lists_due_idx').on(t.nextFetchAt)],
);

/**
 * The provider's shared POPs: WAF edges a super admin shares with every organisation that has
 * QShield. An organisation may name one to serve its applications; the POP then serves them beside
 * those of its own tenant, and the logs of an application go to the application's organisation.
 */
export const wafSharedPops = pgTable('waf_shared_pops', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  /** The POP's own tenant (the device's), so its section can be rendered with the applications it serves. */
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  sharedBy: text('shared_by'),
  sharedAt: timestamp('shared_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An application's OpenAPI document (3.0 or 3.1), uploaded by the organisation: what its API says
 * it has, checked against what the edges' traffic shows (documented, shadow and zombie endpoints).
 */
export const wafApiDocuments = pgTable('waf_api_documents', {
  applicationId: uuid('application_id')
    .primaryKey()
    .references(() => wafApplications.id, { onDelete: 'cascade' }),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  version: text('version').notNull(),
  openapi: text('openapi').notNull(),
  /** Its operations (method and path as written), read once at upload. */
  operations: jsonb('operations').$type<{ method: string; path: string }[]>().notNull(),
  /** The document as uploaded (JSON or YAML). */
  source: text('source').notNull(),
  uploadedBy: text('uploaded_by'),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An application's API discovery settings (hosts, path prefixes, exclusions, sampling); none: the defaults. */
export const wafApiDiscoverySettings = pgTable('waf_api_discovery_settings', {
  applicationId: uuid('application_id')
    .primaryKey()
    .references(() => wafApplications.id, { onDelete: 'cascade' }),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  hosts: jsonb('hosts').$type<string[]>().notNull(),
  pathPrefixes: jsonb('path_prefixes').$type<string[]>().notNull(),
  exclusions: jsonb('exclusions').$type<string[]>().notNull(),
  samplingPercent: integer('sampling_percent').notNull(),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * API drift's history: each difference between an application's traffic and its OpenAPI document,
 * recorded once when it first appeared and closed when it was resolved (one open row per finding).
 */
export const wafApiDrift = pgTable(
  'waf_api_drift',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => wafApplications.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ApiDriftKind>().notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** The query parameter of a parameter's finding; '' for an endpoint's. */
    param: text('param').notNull().default(''),
    detail: text('detail').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution'),
  },
  (t) => [
    uniqueIndex('waf_api_drift_open_idx')
      .on(t.applicationId, t.kind, t.method, t.path, t.param)
      .where(sql`${t.resolvedAt} is null`),
    index('waf_api_drift_tenant_idx').on(t.tenantId, t.firstSeenAt),
  ],
);

/**
 * An organisation's bot protection: its settings (the good bots it verifies, the action per class
 * of client), the addresses of each class its edges act on as last pushed (the server's managed
 * lists, made from the traffic), and the API keys (fingerprints) its edges refuse.
 */
export const wafBotSettings = pgTable('waf_bot_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<WafBotSettings>().notNull(),
  members: jsonb('members')
    .$type<{ verified_bot: string[]; likely_bot: string[]; automated: string[] }>()
    .notNull()
    .default({ verified_bot: [], likely_bot: [], automated: [] }),
  membersAt: timestamp('members_at', { withTimezone: true }),
  blockedKeys: jsonb('blocked_keys').$type<{ key: string; blocked_at: string }[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

/**
 * QShield's vulnerability tests: a run of probes an edge sends to an application's origin (its
 * id is its device job's). Its test accounts are sealed at rest and never answered; its findings
 * are the edge's report. One open run per application (the partial unique index).
 */
export const wafVulnTests = pgTable(
  'waf_vuln_tests',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => wafApplications.id, { onDelete: 'cascade' }),
    edgeId: uuid('edge_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    checks: jsonb('checks').$type<WafVulnCheck[]>().notNull(),
    ratePerS: integer('rate_per_s').notNull(),
    samples: jsonb('samples').$type<Record<string, string>>().notNull().default({}),
    accounts: sealedJsonb<{ a: { secret: string } | null; b: { secret: string } | null }>('accounts').notNull(),
    state: text('state').$type<'queued' | 'running' | 'done' | 'failed' | 'cancelled'>().notNull().default('queued'),
    planned: integer('planned').notNull(),
    sent: integer('sent').notNull().default(0),
    findings: jsonb('findings').$type<WafVulnFinding[]>().notNull().default([]),
    leftOut: integer('left_out').notNull().default(0),
    startedBy: text('started_by'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason'),
  },
  (t) => [
    uniqueIndex('waf_vuln_tests_open_idx')
      .on(t.applicationId)
      .where(sql`${t.state} in ('queued', 'running')`),
    index('waf_vuln_tests_tenant_idx').on(t.tenantId, t.startedAt),
  ],
);
