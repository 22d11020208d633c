import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { build, login } from '../test/build';
import { openDatabase } from './client';
import { BackupError, backupEmbedded, restoreEmbedded } from './backup';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');

/** npm run backup / npm run restore: the embedded database to a file a user keeps, and back into a fresh data folder. */
describe('backup and restore of the embedded database', () => {
  let dir: string;
  let dataDir: string;
  let file: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'netloom-backup-'));
    dataDir = path.join(dir, 'data', 'pglite');
    file = path.join(dir, 'kept.tar.gz');
    // A console that was used: the demo organisations, and a change a user made.
    const t = await build('pglite', (c) => ({ ...c, database: { kind: 'pglite', dataDir } }));
    await t.app.services.db.execute(sql`update users set first_name = 'Kept-In-Backup' where email = 'owner@acme.test'`);
    await t.close();
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes the database with npm run backup, restores it into a fresh data folder, and the restored console signs in', async () => {
    const env = { ...process.env, DATA_DIR: path.join(dir, 'data'), PORT: '1' };
    const backup = await run('npm', ['run', '--silent', 'backup', '--', '--out', file], { cwd: root, env });
    expect(backup.stdout).toContain('Backup Process Completed');

    const fresh = path.join(dir, 'fresh');
    const restore = await run('npm', ['run', '--silent', 'restore', '--', file], { cwd: root, env: { ...env, DATA_DIR: fresh } });
    expect(restore.stdout).toContain('Restore Process Completed');

    const config = {
      ...loadConfig({ LOG_LEVEL: 'silent', DEMO: '0' }),
      webDist: null,
      database: { kind: 'pglite' as const, dataDir: path.join(fresh, 'pglite') },
    };
    const database = await openDatabase(config.database);
    const app = await buildApp(config, { database });
    try {
      const session = await login(app, 'owner@acme.test');
      expect(session.access).toBeTruthy();
      const { rows } = (await database.db.execute(sql`select first_name from users where email = 'owner@acme.test'`)) as unknown as {
        rows: { first_name: string }[];
      };
      expect(rows[0]!.first_name).toBe('Kept-In-Backup');
    } finally {
      await app.close();
      await database.close();
    }
  }, 120_000);

  it('never writes over a database or a file, and says why', async () => {
    const other = path.join(dir, 'other.tar.gz');
    await writeFile(other, 'x');
    await expect(backupEmbedded(dataDir, other)).rejects.toThrow(/exists already/);
    await expect(backupEmbedded(path.join(dir, 'nothing-here'), path.join(dir, 'x.tar.gz'))).rejects.toThrow(BackupError);

    // Restoring over a database is refused; with force, the old one is kept beside the restored one.
    await expect(restoreEmbedded(file, dataDir)).rejects.toThrow(/already holds a database/);
    const { users, keptAs } = await restoreEmbedded(file, dataDir, { force: true });
    expect(users).toBeGreaterThan(0);
    expect(keptAs).toMatch(/pglite\.before-restore-/);
    expect((await readdir(path.dirname(dataDir))).length).toBe(2);

    // Not a backup: refused before anything is touched.
    const empty = path.join(dir, 'empty');
    await mkdir(empty);
    await expect(restoreEmbedded(other, empty)).rejects.toThrow(/not a Netloom backup/);
    expect(await readdir(empty)).toEqual([]);
  }, 60_000);
});
