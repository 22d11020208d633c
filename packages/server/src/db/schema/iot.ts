import type { CommunicationProfile, IotClass, IotDeviceReport } from '@netloom/domain';
import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { tenants } from './tenants';

/**
 * The IoT Gateway's tables (owner: modules/iot). The inventory is one row per device a gateway
 * reports on its LANs (by MAC) or names in its telemetry (a sensor behind a hub, by its bus id);
 * its telemetry, the tenant's forwarding rules, the per-class communication profiles, their
 * deviations and the segments pushed to gateways hang off it.
 */
export const iotDevices = pgTable(
  'iot_devices',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    gatewayId: uuid('gateway_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** The MAC ('aa:bb:…') of a LAN device, else the bus id: unique per gateway. */
    key: text('key').notNull(),
    mac: text('mac'),
    busId: text('bus_id'),
    ip: text('ip'),
    ifname: text('ifname'),
    hostname: text('hostname'),
    vendor: text('vendor'),
    vendorNote: text('vendor_note'),
    /** Every report merged (mergeDeviceReports); null for a device known by its telemetry only. */
    report: jsonb('report').$type<IotDeviceReport>(),
    class: text('class').$type<IotClass>().notNull(),
    confidence: real('confidence').notNull(),
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    /** An admin's word: it wins over the evidence and is kept across reports. */
    correctedClass: text('corrected_class').$type<IotClass>(),
    correctedBy: text('corrected_by'),
    correctedAt: timestamp('corrected_at', { withTimezone: true }),
    batteryPct: real('battery_pct'),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('iot_devices_gateway_key_idx').on(t.tenantId, t.gatewayId, t.key),
    index('iot_devices_tenant_class_idx').on(t.tenantId, t.class),
    index('iot_devices_gateway_idx').on(t.gatewayId),
  ],
);

/** Which MQTT topics become which series, in order: the first rule that matches decides. */
export const iotForwardRules = pgTable(
  'iot_forward_rules',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    filter: text('filter').notNull(),
    series: text('series').notNull(),
    valuePath: text('value_path'),
    unit: text('unit'),
    deviceWildcard: integer('device_wildcard'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('iot_forward_rules_tenant_idx').on(t.tenantId, t.position)],
);

/**
 * Telemetry values. A plain table with an index and an hourly delete past the retention, not
 * partitions: sensors report every minute or so, orders of magnitude fewer rows than flows, and
 * the queries are one device's series over a window, which the (device, series, at) index answers.
 */
export const iotTelemetryPoints = pgTable(
  'iot_telemetry_points',
  {
    tenantId: uuid('tenant_id').notNull(),
    iotDeviceId: uuid('iot_device_id')
      .notNull()
      .references(() => iotDevices.id, { onDelete: 'cascade' }),
    series: text('series').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [index('iot_telemetry_points_series_idx').on(t.iotDeviceId, t.series, t.at), index('iot_telemetry_points_at_idx').on(t.at)],
);

/** The newest value of each device's series, for the list (a late point does not replace a newer one). */
export const iotLastValues = pgTable(
  'iot_last_values',
  {
    iotDeviceId: uuid('iot_device_id')
      .notNull()
      .references(() => iotDevices.id, { onDelete: 'cascade' }),
    series: text('series').notNull(),
    unit: text('unit'),
    value: doublePrecision('value').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.iotDeviceId, t.series] })],
);

/** A class's communication profile in a tenant, learned from its devices' flows. */
export const iotProfiles = pgTable(
  'iot_profiles',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    class: text('class').$type<IotClass>().notNull(),
    profile: jsonb('profile').$type<CommunicationProfile>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.class] })],
);

/** Deviations from a profile, one per device and deviation (NDR's dedupe key), as the device's page lists them. */
export const iotDeviations = pgTable(
  'iot_deviations',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    iotDeviceId: uuid('iot_device_id')
      .notNull()
      .references(() => iotDevices.id, { onDelete: 'cascade' }),
    dedupeKey: text('dedupe_key').notNull(),
    kind: text('kind').notNull(),
    severity: text('severity').$type<'low' | 'medium' | 'high' | 'critical'>().notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    peer: text('peer'),
    country: text('country'),
    service: text('service'),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [uniqueIndex('iot_deviations_key_idx').on(t.tenantId, t.iotDeviceId, t.dedupeKey), index('iot_deviations_last_seen_idx').on(t.lastSeen)],
);

/** A segment applied to a gateway's configuration: what it fences and what it put there, so it can be removed exactly. */
export const iotSegments = pgTable(
  'iot_segments',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    gatewayId: uuid('gateway_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    targetDeviceId: uuid('target_device_id').references(() => iotDevices.id, { onDelete: 'set null' }),
    targetClass: text('target_class').$type<IotClass>(),
    mode: text('mode').$type<'firewall' | 'vlan'>().notNull(),
    deny: text('deny').$type<'drop' | 'reject'>().notNull(),
    vlan: jsonb('vlan').$type<{ parent: string; vlan_id: number; ip: string; prefix: number }>(),
    members: jsonb('members').$type<string[]>().notNull(),
    rules: integer('rules').notNull(),
    broadened: jsonb('broadened').$type<string[]>().notNull(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('iot_segments_gateway_key_idx').on(t.tenantId, t.gatewayId, t.key)],
);
