import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { NacDecision, NacState } from '@netloom/domain';
import { devices } from './devices';
import { tenants } from './tenants';
import { ztnaSecurityGroups } from './ztna';

// Owner: modules/ztna-activity (client rollouts and NAC decisions).

const tenantRef = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Staged client updates; the newest of an OS that reaches an endpoint is the one it follows. */
export const ztnaRollouts = pgTable(
  'ztna_rollouts',
  {
    id: uuid('id').primaryKey(),
    tenantId: tenantRef(),
    os: text('os').notNull(),
    version: text('version').notNull(),
    securityGroupId: uuid('security_group_id').references(() => ztnaSecurityGroups.id, { onDelete: 'cascade' }),
    percentage: integer('percentage').notNull(),
    /** Endpoints of its system already on its version (or newer) when it began: the rollout moves none of them, so its progress counts none. */
    alreadyCurrent: jsonb('already_current').$type<string[]>().notNull().default([]),
    createdBy: text('created_by'),
    createdAt: created(),
  },
  (t) => [index('ztna_rollouts_tenant_idx').on(t.tenantId)],
);

/** Hosts the tenant's gateways saw on their networks, with the tenant's decision about each. */
export const nacHosts = pgTable(
  'nac_hosts',
  {
    tenantId: tenantRef(),
    mac: text('mac').notNull(),
    ip: text('ip').notNull(),
    hostname: text('hostname'),
    vendor: text('vendor'),
    os: text('os'),
    gatewayId: uuid('gateway_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    interface: text('interface'),
    state: text('state').$type<NacState>().notNull().default('allowed'),
    decision: text('decision').$type<NacDecision>().notNull().default('pending'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull().defaultNow(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.mac] }), index('nac_hosts_tenant_seen_idx').on(t.tenantId, t.lastSeen)],
);
