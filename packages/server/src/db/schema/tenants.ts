import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TenantSettings } from '@netloom/domain';

/** Organisation settings page: what the owners say about their company. */
export interface OrganisationProfile {
  display_name?: string;
  legal_name?: string;
  address?: string;
  country?: string;
  phone?: string;
  website?: string;
  /** Default IANA zone for members who chose none. */
  timezone?: string | null;
}

export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey(),
  /**
   * Not unique: a sign-up must not learn that another organisation bears the name it chose. Super
   * admins, who see every tenant anyway, are still kept from creating or renaming into a clash.
   */
  name: text('name').notNull(),
  /** Subscription names (sdwan, ztna, qshield, rum, …); empty means ZTNA only. */
  subscriptions: jsonb('subscriptions').$type<string[]>().notNull().default([]),
  allProductAccess: boolean('all_product_access').notNull().default(false),
  settings: jsonb('settings').$type<Partial<TenantSettings>>().notNull().default({}),
  suspended: boolean('suspended').notNull().default(false),
  organisation: jsonb('organisation').$type<OrganisationProfile>().notNull().default({}),
  /** Devices enrol with this key; rotating it stops new enrolments with the old one. */
  enrolmentKey: text('enrolment_key').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
