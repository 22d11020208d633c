import { boolean, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { NdrEvidenceRef, NdrSuppression } from '@netloom/domain';
import { tenants } from './tenants';

/**
 * NDR's detections: what a rule (NDR's own, or another product's such as the IoT gateway's profile
 * deviations) saw about one internal host, one row per dedupe key while it stays open. A resolved
 * detection that recurs opens anew on the same row (reopened counts it); the triage fields are
 * the person's, the rest the rule's.
 */
export const ndrDetections = pgTable(
  'ndr_detections',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    ruleId: text('rule_id').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    severity: text('severity').$type<'low' | 'medium' | 'high' | 'critical'>().notNull(),
    confidence: real('confidence').notNull(),
    hostIp: text('host_ip').notNull(),
    /** The device that saw the host; no foreign key: a detection outlives a device's removal. */
    deviceId: uuid('device_id').notNull(),
    peer: text('peer'),
    peers: jsonb('peers').$type<string[]>().notNull(),
    userName: text('user_name'),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    tactics: jsonb('tactics').$type<string[]>().notNull(),
    techniques: jsonb('techniques').$type<string[]>().notNull(),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
    occurrences: integer('occurrences').notNull().default(1),
    facts: jsonb('facts').$type<Record<string, number | string>>().notNull(),
    evidence: jsonb('evidence').$type<NdrEvidenceRef[]>().notNull(),
    status: text('status').$type<'new' | 'acknowledged' | 'resolved' | 'false_positive'>().notNull().default('new'),
    assignee: text('assignee'),
    note: text('note').notNull().default(''),
    reopened: integer('reopened').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ndr_detections_tenant_key_idx').on(t.tenantId, t.dedupeKey),
    index('ndr_detections_tenant_seen_idx').on(t.tenantId, t.lastSeen),
    index('ndr_detections_tenant_host_idx').on(t.tenantId, t.hostIp, t.lastSeen),
  ],
);

/** Each rule's incremental state per tenant, saved now and then so a restart goes on where it was rather than rescanning the store. */
export const ndrRuleStates = pgTable(
  'ndr_rule_states',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    ruleId: text('rule_id').notNull(),
    state: jsonb('state').$type<{ v: number; watermark: number; data: unknown }>().notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.ruleId] })],
);

/** A tenant's tuning of one rule: on or off, its parameter overrides and the suppressions triage left. No row: on, with the defaults. */
export const ndrRuleSettings = pgTable(
  'ndr_rule_settings',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    ruleId: text('rule_id').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    suppressions: jsonb('suppressions').$type<NdrSuppression[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.ruleId] })],
);

/**
 * Response actions: a host quarantined or a destination blocked, pushed as configuration (the
 * gateway's firewall or content filter, or the tenant's NAC decision), with what undoing needs.
 */
export const ndrActions = pgTable(
  'ndr_actions',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'quarantine_host' | 'block_destination'>().notNull(),
    target: text('target').notNull(),
    targetType: text('target_type').$type<'host' | 'ip' | 'cidr' | 'domain'>().notNull(),
    deviceId: uuid('device_id').notNull(),
    method: text('method').$type<'nac' | 'firewall' | 'dns'>().notNull(),
    mac: text('mac'),
    detectionId: uuid('detection_id'),
    note: text('note').notNull().default(''),
    /** What was changed, for undo: the domain's block was added by the action (not there before), the NAC decision before it. */
    undo: jsonb('undo').$type<Record<string, unknown>>().notNull().default({}),
    revisionId: uuid('revision_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by'),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: text('undone_by'),
  },
  (t) => [index('ndr_actions_tenant_created_idx').on(t.tenantId, t.createdAt), index('ndr_actions_tenant_target_idx').on(t.tenantId, t.target)],
);
