import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { tenants } from './tenants';

/**
 * Which device a NetFlow v9 / IPFIX exporter's source address feeds: one address one device,
 * across every tenant (a datagram names no tenant). The address is kept in its canonical text
 * (IPv4 dotted, IPv6 as RFC 5952), as the collector sees a datagram's source.
 */
export const flowExporters = pgTable('flow_exporters', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  address: text('address').notNull().unique('flow_exporters_address_key'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
