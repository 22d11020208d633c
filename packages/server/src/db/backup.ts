import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A refusal the command line prints as it is (no stack): something the user can put right. */
export class BackupError extends Error {}

const GZIP_MAGIC = [0x1f, 0x8b];

async function isEmptyOrAbsent(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return true;
  return (await readdir(dir)).length === 0;
}

/** The default file name: netloom-backup-20261127-103000.tar.gz (UTC), sorting by time. */
export const backupFileName = (at = new Date()): string => `netloom-backup-${at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.tar.gz`;

/**
 * Writes the embedded database (PGlite's data folder) to one gzipped tar file a user can keep.
 * PGlite has one user at a time: the server must be stopped first (the command checks that none
 * answers on the configured port). Returns the file's size in bytes.
 */
export async function backupEmbedded(dataDir: string, outFile: string): Promise<number> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new BackupError(`No embedded database in ${dataDir} (DATA_DIR).`);
  if (existsSync(outFile)) throw new BackupError(`${outFile} exists already: choose another file.`);
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(dataDir);
  try {
    const dump = await db.dumpDataDir('gzip');
    const bytes = new Uint8Array(await dump.arrayBuffer());
    await writeFile(outFile, bytes, { flag: 'wx' });
    return bytes.byteLength;
  } finally {
    await db.close();
  }
}

/**
 * Makes `dataDir` the database in the backup file. An existing database there is refused unless
 * `force`, and then kept beside it (`<dataDir>.before-restore-<time>`), never deleted. The restored
 * database is opened and read once before the command says it is done.
 */
export async function restoreEmbedded(file: string, dataDir: string, opts: { force?: boolean } = {}): Promise<{ users: number; keptAs: string | null }> {
  if (!existsSync(file) || !(await stat(file)).isFile()) throw new BackupError(`No backup file at ${file}.`);
  const bytes = await readFile(file);
  if (bytes[0] !== GZIP_MAGIC[0] || bytes[1] !== GZIP_MAGIC[1]) throw new BackupError(`${file} is not a Netloom backup (a .tar.gz made by npm run backup).`);
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
    db = new PGlite(dataDir, { loadDataDir: new Blob([bytes]) });
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from users');
    return { users: rows[0]?.n ?? 0, keptAs };
  } catch (err) {
    throw new BackupError(`${file} could not be restored: ${(err as Error).message}`);
  } finally {
    await db?.close().catch(() => undefined);
  }
}
