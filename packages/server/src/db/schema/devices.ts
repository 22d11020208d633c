import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LinkBonding, PostureReport, WanLink } from '@netloom/domain';
import { networks } from './networks';
import { tenants } from './tenants';

/**
 * SD-WAN gateways and ZTNA endpoints. The live columns (status, last seen, links, addresses,
 * location) are written by the agent gateway from heartbeats; the rest by people.
 */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    networkId: uuid('network_id').references(() => networks.id, { onDelete: 'set null' }),
    /** The device's own identity (serial number, or the endpoint's install id). */
    serial: text('serial').notNull(),
    name: text('name').notNull(),
    kind: text('kind').$type<'gateway' | 'endpoint'>().notNull(),
    macAddress: text('mac_address'),
    model: text('model'),
    os: text('os'),
    version: text('version'),
    /** The ZTNA user signed in on an endpoint. */
    username: text('username'),
    createdBy: text('created_by'),
    /** Enrolled devices wait for approval unless the tenant auto-approves. */
    approved: boolean('approved').notNull().default(false),
    /** Deactivated devices are refused by the gateway until activated again. */
    active: boolean('active').notNull().default(true),
    /** Unclaimed devices left the tenant's inventory; they keep their row for history. */
    claimed: boolean('claimed').notNull().default(true),
    /**
     * When the organisation rejected the device (or revoked its access): it is out of the inventory
     * and refused at every hello, whatever key it holds, until an admin lets it in again. A device
     * merely removed (unclaimed) enrols again as a new one instead.
     */
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    credentialHash: text('credential_hash'),
    deviceStatus: text('device_status').notNull().default('registered'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    publicIp: text('public_ip'),
    vpnIp: text('vpn_ip'),
    locationName: text('location_name'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    geographicalZone: text('geographical_zone'),
    wanStatus: jsonb('wan_status').$type<WanLink[]>().notNull().default([]),
    lbStatus: jsonb('lb_status').$type<LinkBonding | null>(),
    traffic: jsonb('traffic').$type<string[]>().notNull().default([]),
    /**
     * Sequence number of the newest heartbeat stored: the live state is a heartbeat's, and an older
     * one (a late delivery, another connection's last flush) never overwrites a newer one.
     */
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(-1),
    /**
     * Counts the device's lives in the inventory: raised when it is removed (unclaimed). What a
     * connection of an earlier life still holds (a queued state, a metrics batch) carries the old
     * number and is not written, even once the device has enrolled again.
     */
    enrolment: integer('enrolment').notNull().default(0),
    /** 'app-connector' for a gateway that publishes private servers (spec 000 §3 deviceType); null otherwise. */
    deviceType: text('device_type'),
    /** What an endpoint's agent last reported of its posture (OS version, client version, disk encryption, firewall). */
    posture: jsonb('posture').$type<PostureReport>(),
    /** Hash of the configuration the console wants (written by the configuration engine only). */
    configHash: text('config_hash'),
    /** Hash of the configuration the device says it runs (heartbeats, answers to pushes). */
    appliedConfigHash: text('applied_config_hash'),
    /**
     * The seq of the device's message that said what it runs (a heartbeat, an answer to a push):
     * a report older than it (a state written late, an answer resent) never moves the device back.
     */
    appliedConfigSeq: bigint('applied_config_seq', { mode: 'number' }).notNull().default(-1),
    /**
     * Where the push of the desired configuration stands, kept by the configuration engine as its
     * jobs move: open (queued or sent), done (the device acknowledged it), failed (refused or
     * undone); null before any. With the two hashes it is all the sync state is made of, so a
     * device row says 'syncing' without reading the job queue.
     */
    configPush: text('config_push').$type<ConfigPushState>(),
    /** The device's refusal of the desired configuration, in its words (config_push failed). */
    configPushError: text('config_push_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('devices_tenant_serial_idx').on(t.tenantId, t.serial),
    index('devices_tenant_network_idx').on(t.tenantId, t.networkId),
    index('devices_tenant_status_idx').on(t.tenantId, t.deviceStatus),
    // No index on last_seen_at or on any other column a heartbeat rewrites: then the batched
    // heartbeat UPDATE changes no indexed column and PostgreSQL rewrites the row in its own page
    // (a HOT update, with the 80 % fill factor of migration 0003 leaving room), instead of adding
    // an entry to every index and leaving autovacuum that much to clean each second. The offline
    // sweep reads the table instead (a few ms for 100,000 devices, every few seconds).
  ],
);

export type ConfigPushState = 'open' | 'done' | 'failed';
