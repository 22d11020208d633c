import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/**
 * RUM's sites: a website or single-page app of the organisation, the origins its pages are served
 * from (the only ones whose beacons are taken), its sampling rate and whether Do Not Track is honoured.
 * The public key is what the snippet carries: not a secret, but unguessable, so beacons for a site
 * come only from pages that hold its snippet (and the allowed origins).
 */
export const rumSites = pgTable(
  'rum_sites',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<'website' | 'app'>().notNull(),
    origins: text('origins').array().notNull(),
    sampleRate: real('sample_rate').notNull(),
    honourDnt: boolean('honour_dnt').notNull(),
    publicKey: text('public_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastBeaconAt: timestamp('last_beacon_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('rum_sites_public_key_idx').on(t.publicKey),
    uniqueIndex('rum_sites_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`),
    index('rum_sites_tenant_idx').on(t.tenantId),
  ],
);

/** A release's source map of one minified file (by its URL as stacks show it); up to 5 MB of JSON. */
export const rumSourceMaps = pgTable(
  'rum_source_maps',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => rumSites.id, { onDelete: 'cascade' }),
    release: text('release').notNull(),
    fileUrl: text('file_url').notNull(),
    map: text('map').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rum_source_maps_site_release_file_idx').on(t.siteId, t.release, t.fileUrl)],
);

/** An alert on a site's vital: its p75 over the window above the threshold is alerting, under it ok. */
export const rumAlerts = pgTable(
  'rum_alerts',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => rumSites.id, { onDelete: 'cascade' }),
    vital: text('vital').notNull(),
    threshold: doublePrecision('threshold').notNull(),
    windowMinutes: integer('window_minutes').notNull(),
    enabled: boolean('enabled').notNull(),
    state: text('state').$type<'ok' | 'alerting'>().notNull().default('ok'),
    lastValue: doublePrecision('last_value'),
    changedAt: timestamp('changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rum_alerts_tenant_idx').on(t.tenantId), index('rum_alerts_site_idx').on(t.siteId)],
);
