import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { PGlite as PGliteV03 } from 'pglite-v03';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, login } from '../test/build';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { migrateEmbedded, openDatabase } from './client';
import { copyRows, ENGINE_MAJOR } from './embedded-upgrade';
import { restoreEmbedded, verifyBackup } from './backup';

type Counts = Record<string, number>;

/** Every table's row count, and every sequence's position: what an upgrade must keep. */
async function census(db: Pick<PGlite, 'query'>): Promise<Counts> {
  const counts: Counts = {};
  const { rows } = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  for (const { name } of rows) counts[name] = (await db.query<{ n: number }>(`select count(*)::int as n from public."${name}"`)).rows[0]!.n;
  const { rows: seqs } = await db.query<{ name: string; last: string | null }>(
    `select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public'`,
  );
  for (const s of seqs) counts[`sequence ${s.name}`] = Number(s.last ?? 0);
  return counts;
}

/**
 * A data folder and a backup written by PGlite 0.3 (PostgreSQL 17), the engine before this one:
 * made here by copying a used demo console into that engine.
 */
describe('an embedded database written by PostgreSQL 17', () => {
  let dir: string;
  let legacyDir: string;
  let legacyBackup: string;
  let before: Counts;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'netloom-upgrade-'));
    const usedDir = path.join(dir, 'used');
    const t = await build('pglite', (c) => ({ ...c, database: { kind: 'pglite', dataDir: usedDir } }));
    await t.app.services.db.execute(sql`update users set first_name = 'Kept-Across-Upgrade' where email = 'owner@acme.test'`);
    await t.close();

    legacyDir = path.join(dir, 'legacy', 'pglite');
    const used = new PGlite(usedDir);
    await mkdir(path.dirname(legacyDir), { recursive: true });
    const legacy = new PGliteV03(legacyDir);
    await migrateEmbedded(legacy);
    await copyRows(used, legacy);
    before = await census(used);
    await used.close();
    legacyBackup = path.join(dir, 'legacy.tar.gz');
    await writeFile(legacyBackup, new Uint8Array(await (await legacy.dumpDataDir('gzip')).arrayBuffer()));
    await legacy.close();
    expect((await readFile(path.join(legacyDir, 'PG_VERSION'), 'utf8')).trim()).toBe('17');
  }, 120_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is upgraded when the server opens it: every row and sequence kept, the old folder kept beside it; opened again, the console signs in', async () => {
    await (await openDatabase({ kind: 'pglite', dataDir: legacyDir })).close();
    expect((await readFile(path.join(legacyDir, 'PG_VERSION'), 'utf8')).trim()).toBe(ENGINE_MAJOR);
    expect(existsSync(path.join(`${legacyDir}.pg17`, 'PG_VERSION'))).toBe(true);
    const upgraded = new PGlite(legacyDir);
    expect(await census(upgraded)).toEqual(before);
    await upgraded.close();

    // Opened again: nothing left to upgrade, and the console works on what was kept.
    const database = await openDatabase({ kind: 'pglite', dataDir: legacyDir });
    const app = await buildApp(
      { ...loadConfig({ LOG_LEVEL: 'silent', DEMO: '0' }), webDist: null, database: { kind: 'pglite', dataDir: legacyDir } },
      { database },
    );
    try {
      expect(existsSync(`${legacyDir}.upgrading`)).toBe(false);
      const { rows } = (await database.db.execute(sql`select first_name from users where email = 'owner@acme.test'`)) as unknown as {
        rows: { first_name: string }[];
      };
      expect(rows[0]!.first_name).toBe('Kept-Across-Upgrade');
      expect((await login(app, 'owner@acme.test')).access).toBeTruthy();
    } finally {
      await app.close();
      await database.close();
    }
  }, 120_000);

  it('finishes an upgrade stopped between its renames, on the next open', async () => {
    const stopped = path.join(dir, 'stopped', 'pglite');
    await mkdir(path.dirname(stopped), { recursive: true });
    const whole = new PGlite(`${stopped}.upgrading`);
    await migrateEmbedded(whole);
    await whole.exec(`insert into server_secrets (name, value) values ('upgrade-marker', 'kept')`);
    await whole.close();
    const database = await openDatabase({ kind: 'pglite', dataDir: stopped });
    try {
      const { rows } = (await database.db.execute(sql`select value from server_secrets where name = 'upgrade-marker'`)) as unknown as {
        rows: { value: string }[];
      };
      expect(rows).toEqual([{ value: 'kept' }]);
      expect(existsSync(`${stopped}.upgrading`)).toBe(false);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('restores from a backup made by it, and the backup still checks', async () => {
    expect(await verifyBackup(legacyBackup)).toMatchObject({ tenants: before.tenants, users: before.users, devices: before.devices });
    const fresh = path.join(dir, 'restored', 'pglite');
    expect((await restoreEmbedded(legacyBackup, fresh)).users).toBe(before.users);
    expect((await readFile(path.join(fresh, 'PG_VERSION'), 'utf8')).trim()).toBe(ENGINE_MAJOR);
    const restored = new PGlite(fresh);
    expect(await census(restored)).toEqual(before);
    await restored.close();
    expect(existsSync(`${fresh}.from-backup`)).toBe(false);
  }, 120_000);
});
