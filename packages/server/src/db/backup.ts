import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import type { PGlite as PGliteV03 } from 'pglite-v03';
import { ENGINE_MAJOR, majorOfBackup, restoreLegacyBackup } from './embedded-upgrade';
import { migrateEmbedded } from './client';
import { DataDirInUse, lockDataDir } from './data-dir-lock';

/** A refusal the command line prints as it is (no stack): something the user can put right. */
export class BackupError extends Error {}

const GZIP_MAGIC = [0x1f, 0x8b];

async function isEmptyOrAbsent(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return true;
  return (await readdir(dir)).length === 0;
}

/** The default file name: netloom-backup-20261127-103000.tar.gz (UTC), sorting by time. */
export const backupFileName = (at = new Date()): string => `netloom-backup-${at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.tar.gz`;

/** What a backup holds, counted in the database it was made from and again in the written file. */
export interface BackupCounts {
  tenants: number;
  users: number;
  devices: number;
}

async function countRows(db: PGlite | PGliteV03): Promise<BackupCounts> {
  const { rows } = await db.query<BackupCounts>(
    'select (select count(*) from tenants)::int as tenants, (select count(*) from users)::int as users, (select count(*) from devices)::int as devices',
  );
  return rows[0]!;
}

/** Takes the embedded database's lock, or says plainly that a server (or another backup) has it. */
async function holdDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DataDirInUse)
      throw new BackupError(`A server (or another backup or restore) is using the embedded database in ${dataDir}: stop it first.`);
    throw err;
  }
}

/**
 * A backup file's bytes, once they are known to be a whole gzip stream: PGlite unpacks a damaged one
 * without reporting it (the error escapes as an unhandled one), so the file is unpacked here first.
 */
async function readBackup(file: string): Promise<Buffer> {
  if (!existsSync(file) || !(await stat(file)).isFile()) throw new BackupError(`No backup file at ${file}.`);
  const bytes = await readFile(file);
  if (bytes[0] !== GZIP_MAGIC[0] || bytes[1] !== GZIP_MAGIC[1]) throw new BackupError(`${file} is not a Netloom backup (a .tar.gz made by npm run backup).`);
  try {
    await promisify(gunzip)(bytes);
  } catch (err) {
    throw new BackupError(`${file} does not open as a Netloom database: it is damaged or cut short (${(err as Error).message}).`);
  }
  return bytes;
}

/**
 * Opens a backup file on its own (in memory, nothing on disk touched) and counts what it holds: a
 * file that does not open, or holds no database, is refused.
 */
export async function verifyBackup(file: string): Promise<BackupCounts> {
  const bytes = await readBackup(file);
  const current = (await majorOfBackup(bytes)) === ENGINE_MAJOR;
  let db: PGlite | PGliteV03 | undefined;
  try {
    // A backup made before the engine's upgrade is read by the engine that made it.
    const loadDataDir = new Blob([bytes]);
    db = current ? new (await import('@electric-sql/pglite')).PGlite({ loadDataDir }) : new (await import('pglite-v03')).PGlite({ loadDataDir });
    return await countRows(db);
  } catch (err) {
    throw new BackupError(`${file} does not open as a Netloom database: ${(err as Error).message}`);
  } finally {
    await db?.close().catch(() => undefined);
  }
}

/**
 * Writes the embedded database (PGlite's data folder) to one gzipped tar file a user can keep.
 * PGlite has one user at a time: a server using the folder holds its lock, and the backup is then
 * refused. The file is opened again once written and must hold what the database held; if it does
 * not, it is deleted and the backup fails. Returns the file's size in bytes and what it holds.
 */
export async function backupEmbedded(dataDir: string, outFile: string): Promise<{ size: number; counts: BackupCounts }> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new BackupError(`No embedded database in ${dataDir} (DATA_DIR).`);
  if (existsSync(outFile)) throw new BackupError(`${outFile} exists already: choose another file.`);
  const release = await holdDataDir(dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(dataDir);
    let counts: BackupCounts;
    let bytes: Uint8Array;
    try {
      counts = await countRows(db);
      bytes = new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer());
    } finally {
      await db.close();
    }
    await writeFile(outFile, bytes, { flag: 'wx' });
    try {
      const kept = await verifyBackup(outFile);
      if (JSON.stringify(kept) !== JSON.stringify(counts))
        throw new BackupError(`${outFile} holds ${JSON.stringify(kept)} where the database held ${JSON.stringify(counts)}.`);
    } catch (err) {
      await rm(outFile, { force: true });
      throw new BackupError(`The backup failed its check and was deleted: ${(err as Error).message}`);
    }
    return { size: bytes.byteLength, counts };
  } finally {
    await release();
  }
}

/**
 * Makes `dataDir` the database in the backup file. An existing database there is refused unless
 * `force`, and then kept beside it (`<dataDir>.before-restore-<time>`), never deleted. The restored
 * database is opened and read once before the command says it is done.
 */
export async function restoreEmbedded(file: string, dataDir: string, opts: { force?: boolean } = {}): Promise<{ users: number; keptAs: string | null }> {
  const bytes = await readBackup(file);
  const release = await holdDataDir(dataDir);
  try {
    return await restoreInto(file, bytes, dataDir, opts);
  } finally {
    await release();
  }
}

async function restoreInto(file: string, bytes: Buffer, dataDir: string, opts: { force?: boolean }): Promise<{ users: number; keptAs: string | null }> {
  let keptAs: string | null = null;
  if (!(await isEmptyOrAbsent(dataDir))) {
    if (!opts.force)
      throw new BackupError(`${dataDir} already holds a database: stop the server and pass --force to restore over it (the old one is kept beside it).`);
    keptAs = `${dataDir}.before-restore-${backupFileName().slice('netloom-backup-'.length, -'.tar.gz'.length)}`;
    await rename(dataDir, keptAs);
  }
  await mkdir(path.dirname(dataDir), { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  let db;
  try {
    const legacy = (await majorOfBackup(bytes)) !== ENGINE_MAJOR;
    if (legacy) await restoreLegacyBackup(new Blob([bytes]), dataDir, migrateEmbedded);
    db = new PGlite(dataDir, { loadDataDir: legacy ? undefined : new Blob([bytes]) });
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from users');
    return { users: rows[0]?.n ?? 0, keptAs };
  } catch (err) {
    throw new BackupError(`${file} could not be restored: ${(err as Error).message}`);
  } finally {
    await db?.close().catch(() => undefined);
  }
}
