import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { DashboardLayout, DashboardProduct } from '@netloom/domain';
import type { Db } from '../../db/client';
import { devices } from '../../db/read-models/devices';
import { tenants, type OrganisationProfile } from '../../db/read-models/identity';
export { saveSettings, saveOrganisation, saveDashboardLayout } from '../../identity/repo';

/** What these settings are read from and written to: the tenant's own row. */
export interface SettingsRow {
  id: string;
  name: string;
  settings: typeof tenants.$inferSelect.settings;
  organisation: OrganisationProfile;
}

export async function findSettings(db: Db, tenantId: string): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select({ id: tenants.id, name: tenants.name, settings: tenants.settings, organisation: tenants.organisation })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row;
}

/** Whether any claimed device of the tenant has three WAN links or more (the third WAN tile is offered then). */
export async function hasThreeWanDevice(db: Db, tenantId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.claimed, true), gte(sql`jsonb_array_length(${devices.wanStatus})`, 3)));
  return (row?.n ?? 0) > 0;
}

/** The tenant's saved layouts live in its settings under dashboardLayout.{product}. */
export async function findDashboardLayout(db: Db, tenantId: string, product: DashboardProduct): Promise<DashboardLayout | null> {
  const [row] = await db
    .select({ layout: sql<DashboardLayout | null>`${tenants.settings} -> 'dashboardLayout' -> ${product}` })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row?.layout ?? null;
}
