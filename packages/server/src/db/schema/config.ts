import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ConfigDocument, ConfigRevisionSource } from '@netloom/domain';
import { sealedJsonb, sealedText } from '../sealed-secrets';
import { devices } from './devices';
import { tenants } from './tenants';

/**
 * Every saved configuration of a device, never changed once written: the whole document, its
 * SHA-256 over canonical JSON, who saved it and why. The newest is the desired configuration
 * (`devices.config_hash` holds its hash for the agent's drift check).
 */
export const configRevisions = pgTable(
  'config_revisions',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per device: what people call a revision. */
    number: integer('number').notNull(),
    /** What the device is sent: its templates rendered and merged, then its own sections. */
    document: sealedJsonb<ConfigDocument>('document').notNull(),
    /** The device's own sections at this revision (null on revisions from before templates: the document itself). */
    own: sealedJsonb<Partial<ConfigDocument>>('own'),
    hash: text('hash').notNull(),
    source: text('source').$type<ConfigRevisionSource>().notNull(),
    message: text('message'),
    authorId: uuid('author_id'),
    authorEmail: text('author_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('config_revisions_device_number_idx').on(t.deviceId, t.number), index('config_revisions_tenant_idx').on(t.tenantId)],
);

/** Per device: the configuration families it runs (enable-configs) and whether drift is repaired by itself. */
export const deviceConfigSettings = pgTable('device_config_settings', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  /** Families left out of what is pushed; every family is on until turned off. */
  disabledFamilies: text('disabled_families')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Off: a device whose configuration was changed locally is shown drifted and left as it is. */
  autoSync: boolean('auto_sync').notNull().default(true),
});

/** A reusable part of configuration: any subset of families, with `{{variables}}` and their defaults. */
export const configTemplates = pgTable(
  'config_templates',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    sections: sealedJsonb<Partial<ConfigDocument>>('sections').notNull().default({}),
    defaults: jsonb('defaults').$type<Record<string, string>>().notNull().default({}),
    /** Counts saves, so a preview can tell it is looking at the template as it is now. */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('config_templates_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`)],
);

export type BindingTarget = 'device' | 'network';

/** What a device or a device group gets: its templates in order and its values for their variables. */
export const configBindings = pgTable(
  'config_bindings',
  {
    targetKind: text('target_kind').$type<BindingTarget>().notNull(),
    targetId: uuid('target_id').notNull(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    templateIds: uuid('template_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    variables: jsonb('variables').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.targetKind, t.targetId] }), index('config_bindings_tenant_idx').on(t.tenantId)],
);

/** A push to many devices at once (a template applied), whose progress the console follows. */
export const configOperations = pgTable('config_operations', {
  id: uuid('id').primaryKey(),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  templateId: uuid('template_id').references(() => configTemplates.id, { onDelete: 'set null' }),
  title: text('title').notNull(),
  authorEmail: text('author_email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type OperationOutcome = 'pushed' | 'unchanged' | 'invalid';

/** One device of an operation: whether it got a push (and which job carries it) or why not. */
export const configOperationDevices = pgTable(
  'config_operation_devices',
  {
    operationId: uuid('operation_id')
      .notNull()
      .references(() => configOperations.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    outcome: text('outcome').$type<OperationOutcome>().notNull(),
    jobId: uuid('job_id'),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.operationId, t.deviceId] })],
);

/** Edits kept aside for a device, pushed together as one revision or thrown away. */
export const configDrafts = pgTable('config_drafts', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  own: sealedJsonb<Partial<ConfigDocument>>('own').notNull(),
  authorEmail: text('author_email'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last change made on a device's box (not through a push), as the device reported it: when,
 * the hash it ran then and its whole document (null when it sent only a hash), for the console's
 * diff against the desired configuration. One row per device: the newest replaces the older.
 */
export const configDrifts = pgTable('config_drifts', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  at: timestamp('at', { withTimezone: true }).notNull(),
  reportedHash: text('reported_hash').notNull(),
  document: sealedJsonb<Record<string, unknown>>('document'),
});

/** Each time a device's desired configuration was sent whole again (drift repaired, Re-sync): the last day's are counted, older ones go. */
export const configResyncs = pgTable(
  'config_resyncs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('config_resyncs_device_at_idx').on(t.deviceId, t.at)],
);

/** Each tenant's Auto VPN secret, made once: every pair of its gateways derives its pre-shared key from it. */
export const configAutoVpnSecrets = pgTable('config_auto_vpn_secrets', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  secret: sealedText('secret').notNull(),
});
