import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { SECRET_KEYS } from '@netloom/domain';
import type { Db } from './client';
import { configAutoVpnSecrets, configDrafts, configDrifts, configRevisions, configTemplates } from './schema/config';
import { deviceJobs } from './schema/device-jobs';
import { helpdeskIntegrations } from './schema/helpdesks';
import { ssoProviders } from './schema/sso';
import { currentSealKeyId } from './sealed-secrets';

/**
 * Every column whose secrets are sealed at rest, with its table's key. Like the migrations, this
 * maintenance reaches across the modules' tables: it changes how values are kept, never what they are.
 */
const SEALED: { table: PgTable; key: PgColumn; columns: Record<string, PgColumn>; text?: boolean }[] = [
  { table: configRevisions, key: configRevisions.id, columns: { document: configRevisions.document, own: configRevisions.own } },
  { table: configDrafts, key: configDrafts.deviceId, columns: { own: configDrafts.own } },
  { table: configTemplates, key: configTemplates.id, columns: { sections: configTemplates.sections } },
  { table: configDrifts, key: configDrifts.deviceId, columns: { document: configDrifts.document } },
  { table: deviceJobs, key: deviceJobs.id, columns: { payload: deviceJobs.payload } },
  { table: configAutoVpnSecrets, key: configAutoVpnSecrets.tenantId, columns: { secret: configAutoVpnSecrets.secret }, text: true },
  { table: ssoProviders, key: ssoProviders.id, columns: { clientSecret: ssoProviders.clientSecret }, text: true },
  { table: helpdeskIntegrations, key: helpdeskIntegrations.owner, columns: { credentials: helpdeskIntegrations.credentials }, text: true },
];

const BATCH = 200;

/** A stored value that holds a secret in clear (kept before secrets were sealed) or sealed with a key other than the current one. */
function stale(column: PgColumn, text: boolean, keyId: string): SQL {
  const current = `sealed:v1:${keyId}:`;
  if (text) return sql`left(${column}, ${current.length}) <> ${current}`;
  const names = [...SECRET_KEYS].join('|');
  return sql`${column}::text ~ ${`"(${names})": "(?!${current})[^"]`}`;
}

/**
 * Seals again what is not sealed with the current key: values kept before secrets were sealed,
 * and those of a key that was replaced (CONFIG_SECRET_PREVIOUS_KEYS opens them). Each row is
 * read (opened) and written back (sealed with the current key). Returns how many rows changed.
 */
export async function resealSecrets(db: Db, stopped: () => boolean = () => false): Promise<number> {
  const keyId = currentSealKeyId();
  let changed = 0;
  for (const { table, key, columns, text = false } of SEALED) {
    const where = sql.join(
      Object.values(columns).map((c) => stale(c, text, keyId)),
      sql` or `,
    );
    // A row met twice would not have been sealed by writing it: stop there rather than loop.
    const seen = new Set<unknown>();
    for (;;) {
      if (stopped()) return changed;
      const rows = (await db
        .select({ key, ...columns })
        .from(table)
        .where(where)
        .limit(BATCH)) as ({ key: unknown } & Record<string, unknown>)[];
      const fresh = rows.filter((r) => !seen.has(r.key));
      for (const { key: id, ...values } of fresh) {
        seen.add(id);
        await db.update(table).set(values).where(eq(key, id));
      }
      changed += fresh.length;
      if (rows.length < BATCH || fresh.length < rows.length) break;
    }
  }
  return changed;
}
