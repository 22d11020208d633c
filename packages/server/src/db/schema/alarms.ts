import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { tenants } from './tenants';
import { users } from './users';

/**
 * Each subject's current alarm state (a device's reachability, a WAN link, a link's quality, a
 * tunnel). A change is stored by one conditional update of this row, so with several instances
 * only the one whose update changed it records the alarm and notifies. No row: OK.
 */
export const alarmStates = pgTable(
  'alarm_states',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The interface or tunnel; '' for the device itself. */
    subject: text('subject').notNull(),
    state: text('state').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.kind, t.subject] })],
);

/** The alarm history: one row per state change (spec 000 §2.10), kept for the configured retention. */
export const alarms = pgTable(
  'alarms',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    state: text('state').notNull(),
    alarm: text('alarm').notNull(),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('alarms_device_kind_time').on(t.deviceId, t.kind, t.createdAt), index('alarms_tenant_time').on(t.tenantId, t.createdAt)],
);

/** How far each user has read the bell of a tenant: alarms after it are unread. */
export const alarmReadMarks = pgTable(
  'alarm_read_marks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    readUntil: timestamp('read_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tenantId] })],
);

/**
 * A tenant's default thresholds for performance alarms: what a device without alarm settings of
 * its own uses (no row: the built-in ones). Owners and admins set it.
 */
export const tenantAlarmDefaults = pgTable('tenant_alarm_defaults', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Where a tenant's alarms are sent besides the bell (System tools → globalNotification). */
export const notificationChannels = pgTable(
  'notification_channels',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    target: text('target').notNull(),
    /** Empty: every kind / both states. */
    alarmKinds: text('alarm_kinds').array().notNull().default([]),
    states: text('states').array().notNull().default([]),
    /** The least severity carried (the domain's alarmSeverity); 'info': all. */
    minSeverity: text('min_severity').notNull().default('info'),
    enabled: boolean('enabled').notNull().default(true),
    secret: text('secret'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_channels_tenant').on(t.tenantId)],
);

/**
 * The durable queue and log of what was sent where: written with the alarm it carries (or by
 * 'Send test'), claimed by a worker of any instance, tried again with growing pauses.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => notificationChannels.id, { onDelete: 'cascade' }),
    alarmId: uuid('alarm_id').references(() => alarms.id, { onDelete: 'set null' }),
    /** The event as sent (the webhook's body), fixed when queued. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('notification_deliveries_due').on(t.state, t.nextAttemptAt), index('notification_deliveries_channel').on(t.channelId, t.createdAt)],
);
