import { existsSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { parseTar } from 'nanotar';
import type { PGlite } from '@electric-sql/pglite';
import type { PGlite as PGliteV03 } from 'pglite-v03';

/**
 * PGlite 0.5 runs PostgreSQL 18. A data folder or backup written by PGlite 0.3 (PostgreSQL 17) does
 * not open in it: PostgreSQL keeps no on-disk compatibility between majors. Such a database is
 * upgraded once, the way PostgreSQL's own major upgrades go: both engines bring it to the newest
 * migration, and every table's rows and every sequence move across (a logical copy). PGlite 0.3 is
 * kept as a second package (`pglite-v03`) only for this.
 */
export const ENGINE_MAJOR = '18';
const LEGACY_MAJOR = '17';

type Migrate = (client: PGlite | PGliteV03) => Promise<void>;

/** The folder's PostgreSQL major (its PG_VERSION file), or null where there is no database yet. */
async function majorOfDataDir(dataDir: string): Promise<string | null> {
  const file = path.join(dataDir, 'PG_VERSION');
  return existsSync(file) ? (await readFile(file, 'utf8')).trim() : null;
}

/** The PostgreSQL major of a backup file's database: the data folder's own PG_VERSION, the one nearest the top. */
export async function majorOfBackup(gzipped: Uint8Array): Promise<string | null> {
  const entries = parseTar(await promisify(gunzip)(gzipped));
  const versions = entries.filter((e) => /(^|\/)PG_VERSION$/.test(e.name) && e.data).sort((a, b) => a.name.split('/').length - b.name.split('/').length);
  return versions[0] ? new TextDecoder().decode(versions[0].data).trim() : null;
}

/** What the copy needs of either engine. */
interface Engine {
  query<T>(sql: string, params?: unknown[], opts?: { blob?: Blob }): Promise<{ rows: T[]; blob?: Blob; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
}

/**
 * Every table's rows and every sequence's position from `from` into `to`, whose tables are the
 * same (both at the newest migration) and hold nothing else afterwards. Returns the rows copied.
 */
export async function copyRows(from: Engine, to: Engine): Promise<number> {
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  // Partitions made as time went by (flow records by day) are made again, before any row moves.
  const { rows: partitions } = await from.query<{ name: string; parent: string; bound: string }>(
    `select c.relname as name, p.relname as parent, pg_get_expr(c.relpartbound, c.oid) as bound
       from pg_class c join pg_inherits i on i.inhrelid = c.oid join pg_class p on p.oid = i.inhparent
      where c.relispartition and c.relnamespace = 'public'::regnamespace order by c.oid`,
  );
  for (const p of partitions) await to.exec(`create table if not exists public.${quote(p.name)} partition of public.${quote(p.parent)} ${p.bound}`);
  // Rows move through their top table: a partitioned one gives and takes its partitions' rows.
  const { rows: tables } = await from.query<{ name: string }>(
    `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') and not relispartition order by relname`,
  );
  let copied = 0;
  // Emptied all at once, before any row moves: emptying one table empties those that refer to it.
  if (tables.length) await to.exec(`truncate ${tables.map((t) => `public.${quote(t.name)}`).join(', ')} cascade`);
  // Rows go in as they are: foreign keys and triggers were checked when they were first written.
  await to.exec('set session_replication_role = replica');
  for (const { name } of tables) {
    const { rows: columns } = await from.query<{ name: string }>(
      `select column_name as name from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
      [name],
    );
    const list = columns.map((c) => quote(c.name)).join(', ');
    const out = await from.query(`copy (select ${list} from public.${quote(name)}) to '/dev/blob'`);
    if (out.blob && out.blob.size > 0) await to.query(`copy public.${quote(name)} (${list}) from '/dev/blob'`, [], { blob: out.blob });
    copied += out.affectedRows ?? 0;
  }
  await to.exec('set session_replication_role = origin');
  const { rows: sequences } = await from.query<{ name: string; last: string | null; called: boolean }>(
    `select sequencename as name, last_value::text as last, last_value is not null as called from pg_sequences where schemaname = 'public'`,
  );
  for (const s of sequences) if (s.called) await to.query(`select setval($1::regclass, $2::bigint, true)`, [`public.${quote(s.name)}`, s.last]);
  return copied;
}

export interface Upgraded {
  /** Where the folder as PostgreSQL 17 left it is kept. */
  keptAs: string;
  rows: number;
}

/**
 * Upgrades `dataDir` in place if PostgreSQL 17 wrote it: the new database is built beside it and
 * takes its name only once whole, and the old folder is kept as `<dataDir>.pg17`. A process stopped
 * at any point leaves either the old folder in place or the whole new one beside it, and the next
 * open goes on from there. Returns null when there was nothing to upgrade. The caller holds the folder's lock.
 */
export async function upgradeDataDir(dataDir: string, migrate: Migrate): Promise<Upgraded | null> {
  const building = `${dataDir}.upgrading`;
  // Stopped between its two renames: the old folder is kept already, and the new one was whole.
  if (!existsSync(dataDir) && existsSync(path.join(building, 'PG_VERSION'))) {
    await rename(building, dataDir);
    return null;
  }
  const major = await majorOfDataDir(dataDir);
  if (major === null || major === ENGINE_MAJOR) return null;
  if (major !== LEGACY_MAJOR)
    throw new Error(`The embedded database in ${dataDir} was written by PostgreSQL ${major}; this Netloom opens ${LEGACY_MAJOR} and ${ENGINE_MAJOR}.`);
  // Left by an upgrade stopped while it copied: the old folder is untouched, and the copy starts again.
  await rm(building, { recursive: true, force: true });
  const { PGlite: Legacy } = await import('pglite-v03');
  const { PGlite } = await import('@electric-sql/pglite');
  const from = new Legacy(dataDir);
  let rows: number;
  try {
    const to = new PGlite(building);
    try {
      await migrate(from);
      await migrate(to);
      rows = await copyRows(from, to);
    } finally {
      await to.close();
    }
  } finally {
    await from.close();
  }
  // Never over an older kept folder (one moved back by hand, say): that one stays too.
  const kept = `${dataDir}.pg${LEGACY_MAJOR}`;
  const keptAs = existsSync(kept) ? `${kept}-${Date.now()}` : kept;
  await rename(dataDir, keptAs);
  await rename(building, dataDir);
  return { keptAs, rows };
}

/**
 * Writes a backup made by PostgreSQL 17 into `dataDir` as PostgreSQL 18: unpacked by the engine
 * that wrote it into a scratch folder, then copied like a data folder is. The scratch folder is removed.
 */
export async function restoreLegacyBackup(backup: Blob, dataDir: string, migrate: Migrate): Promise<void> {
  const scratch = `${dataDir}.from-backup`;
  await rm(scratch, { recursive: true, force: true });
  const { PGlite: Legacy } = await import('pglite-v03');
  const unpacked = new Legacy(scratch, { loadDataDir: backup });
  await unpacked.waitReady;
  await unpacked.close();
  try {
    await upgradeDataDir(scratch, migrate);
    await rename(scratch, dataDir);
  } finally {
    await rm(scratch, { recursive: true, force: true });
    await rm(`${scratch}.pg${LEGACY_MAJOR}`, { recursive: true, force: true });
  }
}
