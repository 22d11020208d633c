import { asc, count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tenants } from '../../db/read-models/identity';

import type { TenantRow } from '../../identity/repo';

/** limit null means every row (`page_size=0`). */
export async function listTenants(db: Db, page: { offset: number; limit: number | null }): Promise<{ rows: TenantRow[]; total: number }> {
  const query = db.select().from(tenants).orderBy(asc(tenants.name)).offset(page.offset);
  const [rows, [totalRow]] = await Promise.all([page.limit === null ? query : query.limit(page.limit), db.select({ total: count() }).from(tenants)]);
  return { rows, total: totalRow?.total ?? 0 };
}
