import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DataProtection, DnsGroup, EndpointProfile, Relay, SecurityGroup, ZtnaPolicy, ZtnaServer, ZtnaSettings } from '@netloom/domain';
import { devices } from './devices';
import { tenants } from './tenants';

/*
 * Zero-trust access: each entity's rules are one JSON document checked by its domain schema;
 * names are unique per tenant (case-insensitive). Ordered lists keep a `position` (1 first).
 */

const tenantRef = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

const updated = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Endpoint profiles; at most one default ('mza') per tenant. */
export const ztnaProfiles = pgTable(
  'ztna_profiles',
  {
    id: uuid('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    body: jsonb('body').$type<Omit<EndpointProfile, 'id' | 'name' | 'is_default'>>().notNull(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex('ztna_profiles_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`),
    uniqueIndex('ztna_profiles_tenant_default_idx')
      .on(t.tenantId)
      .where(sql`is_default`),
  ],
);

/** Enrolment keys: only the key's SHA-256 is kept, and its first characters to recognise it. */
export const ztnaEnrolmentKeys = pgTable(
  'ztna_enrolment_keys',
  {
    id: uuid('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    reusable: boolean('reusable').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    uses: integer('uses').notNull().default(0),
    securityGroups: jsonb('security_groups').$type<string[]>().notNull().default([]),
    autoApprove: boolean('auto_approve').notNull().default(true),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: text('created_by'),
    createdAt: created(),
  },
  (t) => [uniqueIndex('ztna_enrolment_keys_hash_idx').on(t.keyHash), index('ztna_enrolment_keys_tenant_idx').on(t.tenantId)],
);

/** Users invited to install the client, each with a single-use key of their own. */
export const ztnaInvites = pgTable(
  'ztna_invites',
  {
    id: uuid('id').primaryKey(),
    tenantId: tenantRef(),
    email: text('email').notNull(),
    keyId: uuid('key_id')
      .notNull()
      .references(() => ztnaEnrolmentKeys.id, { onDelete: 'cascade' }),
    invitedBy: text('invited_by'),
    enrolledDeviceId: uuid('enrolled_device_id').references(() => devices.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [index('ztna_invites_tenant_idx').on(t.tenantId)],
);

/** Which key enrolled an endpoint (the inventory shows it; a key's security groups were joined then). */
export const ztnaEndpointEnrolments = pgTable('ztna_endpoint_enrolments', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  tenantId: tenantRef(),
  keyId: uuid('key_id').references(() => ztnaEnrolmentKeys.id, { onDelete: 'set null' }),
  enrolledAt: created(),
});

/** Private applications (onboarding › server) with their data protection controls. */
export const ztnaServers = pgTable(
  'ztna_servers',
  {
    id: uuid('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    body: jsonb('body').$type<Omit<ZtnaServer, 'id' | 'name' | 'dpc'>>().notNull(),
    dpc: jsonb('dpc').$type<DataProtection>().notNull(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex('ztna_servers_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`)],
);

/** App connectors: gateways publishing the servers of a site, with the health they last reported. */
export const ztnaConnectors = pgTable(
  'ztna_connectors',
  {
    deviceId: uuid('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    tenantId: tenantRef(),
    site: text('site').notNull(),
    /** Per published server: reachable from the connector, and how fast. */
    health: jsonb('health').$type<{ server_id: string; reachable: boolean; latency_ms: number | null }[]>(),
    activeSessions: integer('active_sessions'),
    healthAt: timestamp('health_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [index('ztna_connectors_tenant_idx').on(t.tenantId)],
);

/** Overlay mesh servers (relays), with what the clients measured to them lately. */
export const ztnaRelays = pgTable(
  'ztna_relays',
  {
    id: uuid('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    body: jsonb('body').$type<Omit<Relay, 'id' | 'name'>>().notNull(),
    latencyMs: doublePrecision('latency_ms'),
    reports: integer('reports').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    lastReportAt: timestamp('last_report_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [uniqueIndex('ztna_relays_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`)],
);

export const ztnaDnsGroups = pgTable(
  'ztna_dns_groups',
  {
    id: uuid('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    body: jsonb('body').$type<Omit<DnsGroup, 'id' | 'name' | 'order'>>().notNull(),
    createdAt: created(),
  },
  (t) => [uniqueIndex('ztna_dns_groups_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`)],
);

export const ztnaSecurityGroups = pgTable(
  'ztna_security_groups',
  {
    id: uuid('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    body: jsonb('body').$type<Omit<SecurityGroup, 'id' | 'name'>>().notNull(),
    createdAt: created(),
  },
  (t) => [uniqueIndex('ztna_security_groups_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`)],
);

/**
 * The tenant's iao and overlay access settings. The row also serialises the tenant's zero-trust
 * changes (each change locks it first), so revisions are made in the order the changes were.
 */
export const ztnaSettings = pgTable('ztna_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  body: jsonb('body').$type<ZtnaSettings>().notNull(),
  updatedAt: updated(),
});

export const ztnaPolicies = pgTable(
  'ztna_policies',
  {
    id: uuid('id').primaryKey(),
    tenantId: tenantRef(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    body: jsonb('body').$type<Omit<ZtnaPolicy, 'id' | 'order' | 'name'>>().notNull(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex('ztna_policies_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`), index('ztna_policies_tenant_idx').on(t.tenantId)],
);
