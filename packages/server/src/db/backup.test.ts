import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { build, login } from '../test/build';
import { openDatabase } from './client';
import { ServerProcess } from '../test/server-process';
import { BackupError, backupEmbedded, restoreEmbedded, verifyBackup } from './backup';

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
    // It was opened again once written, and says what it holds: the demo's two organisations.
    expect(backup.stdout).toMatch(/checked: it opens and holds 2 organisations, \d+ users, \d+ devices/);

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

  it('refuses a backup, and a restore over it, while a server uses the database, whatever port that server listens on', async () => {
    const data = path.join(dir, 'live');
    const server = await ServerProcess.start({ DATA_DIR: data, DEMO: '1' });
    try {
      // PORT names no server (unset, or another instance's): only the data folder can tell.
      const env = { ...process.env, DATA_DIR: data, PORT: '1' };
      const out = path.join(dir, 'while-running.tar.gz');
      const backup = await run('npm', ['run', '--silent', 'backup', '--', '--out', out], { cwd: root, env }).then(
        () => ({ code: 0, stderr: '' }),
        (err: { code: number; stderr: string }) => err,
      );
      expect(backup.code).not.toBe(0);
      expect(backup.stderr).toContain('is using the embedded database');
      expect(existsSync(out)).toBe(false);

      const restore = await run('npm', ['run', '--silent', 'restore', '--', file, '--force'], { cwd: root, env }).then(
        () => ({ code: 0, stderr: '' }),
        (err: { code: number; stderr: string }) => err,
      );
      expect(restore.code).not.toBe(0);
      expect(restore.stderr).toContain('is using the embedded database');
      expect((await readdir(data)).filter((f) => f.includes('before-restore'))).toEqual([]);
      // The server's database was not touched: it still signs in.
      const login = await fetch(server.url('/api/v1/auth/login/'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'owner@acme.test', password: 'netloom-demo' }),
      });
      expect(login.status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    // Once it has stopped, the same backup goes through.
    const after = await backupEmbedded(path.join(data, 'pglite'), path.join(dir, 'after-stop.tar.gz'));
    expect(after.counts.tenants).toBe(2);
  }, 180_000);

  it('says loudly that a damaged backup does not open', async () => {
    const bytes = await readFile(file);
    const damaged = path.join(dir, 'damaged.tar.gz');
    await writeFile(damaged, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(verifyBackup(damaged)).rejects.toThrow(/does not open as a Netloom database/);
    expect(await verifyBackup(file)).toMatchObject({ tenants: 2 });
  }, 60_000);
});
