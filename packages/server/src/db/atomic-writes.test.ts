import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from './client';
import { seedDemo } from '../demo/seed';
import { DEMO_PASSWORD, bearer, freshPostgres, login, testBackends } from '../test/build';
import { addDevice, demoTenantIds } from '../fleet/test-fixtures';
import { addMember } from '../modules/users/test-fixtures';

/** A value that must never appear in the log: it travels only as a statement parameter. */
const CANARY = 'Canary-4b1e9d';

/**
 * Every write of these modules and its audit row are one transaction: when the audit row cannot be
 * written (here a trigger refuses it), the write is not there either, and the failure's log line
 * carries no parameter of the failing statement.
 */
describe.each(testBackends('driver'))('writes and their audit rows on %s', (backend) => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let database: Database;
  let drop: () => Promise<void> = async () => undefined;
  const log: string[] = [];
  const tokens: Record<string, string> = {};
  let acme: string;
  let globex: string;

  beforeAll(async () => {
    const pg = backend === 'postgres' ? await freshPostgres() : null;
    if (pg) drop = pg.drop;
    const config = {
      ...loadConfig({ LOG_LEVEL: 'error', DEMO: '0', PUBLIC_URL: 'http://console.test' }),
      webDist: null,
      database: pg ? ({ kind: 'postgres', url: pg.url } as const) : ({ kind: 'pglite', dataDir: null } as const),
    };
    database = await openDatabase(config.database);
    await seedDemo(database.db, DEMO_PASSWORD);
    app = await buildApp(config, { database, logStream: { write: (line) => void log.push(line) } });
    await app.ready();
    for (const who of ['owner@acme.test', 'super@demo.test']) tokens[who] = (await login(app, who)).access;
    ({ acme, globex } = await demoTenantIds(database.db));
    await database.db.execute(
      sql.raw(`create function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit refused'; end $$`),
    );
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await drop();
  });

  const failAudits = (on: boolean) =>
    database.db.execute(
      sql.raw(
        on
          ? 'create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()'
          : 'drop trigger if exists refuse_audit on audit_log',
      ),
    );
  const call = async (opts: InjectOptions, who = 'owner@acme.test') => app.inject({ ...opts, headers: bearer(tokens[who]!) });
  const read = async (url: string, who = 'owner@acme.test') => {
    const res = await call({ method: 'GET', url }, who);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as unknown;
  };

  interface Case {
    name: string;
    who?: string;
    /** Builds what the write acts on (before the audit fails) and answers the URLs to compare. */
    setUp: () => Promise<{ write: InjectOptions; reads: string[] }>;
  }
  const network = async () =>
    ((await call({ method: 'POST', url: '/api/v1/network/list/', payload: { name: `net-${crypto.randomUUID().slice(0, 8)}` } })).json() as { id: string }).id;
  const group = async () =>
    ((await call({ method: 'POST', url: '/api/v1/teams/groups/', payload: { name: `grp-${crypto.randomUUID().slice(0, 8)}` } })).json() as { id: string }).id;
  const device = async () => (await addDevice(database.db, acme, { claimed: true, approved: true })).id;

  let n = 0;
  /** The case's own value: earlier cases never make a later one collide. */
  const canary = () => `${CANARY}-${(n += 1)}`;
  const cases: Case[] = [
    {
      name: 'profile change',
      setUp: async () => ({
        write: { method: 'PUT', url: '/api/v1/settings/profile/', payload: { first_name: canary() } },
        reads: ['/api/v1/settings/profile/'],
      }),
    },
    {
      name: 'device group created',
      setUp: async () => ({ write: { method: 'POST', url: '/api/v1/network/list/', payload: { name: canary() } }, reads: ['/api/v1/network/list/'] }),
    },
    {
      name: 'device group renamed',
      setUp: async () => ({
        write: { method: 'PUT', url: `/api/v1/network/${await network()}/`, payload: { name: canary() } },
        reads: ['/api/v1/network/list/'],
      }),
    },
    {
      name: 'device group deleted',
      setUp: async () => ({ write: { method: 'DELETE', url: `/api/v1/network/${await network()}/` }, reads: ['/api/v1/network/list/'] }),
    },
    {
      name: 'device group members set',
      setUp: async () => {
        const [id, d] = [await network(), await device()];
        return {
          write: { method: 'PUT', url: `/api/v1/network/${id}/devices/`, payload: { device_ids: [d] } },
          reads: ['/api/v1/network/list/', `/api/v1/device/${d}/`],
        };
      },
    },
    {
      name: 'device claimed',
      setUp: async () => ({
        write: { method: 'POST', url: '/api/v1/device/claim/', payload: { serial: canary(), name: 'gw', kind: 'gateway' } },
        reads: ['/api/v1/device/list/?page_size=0'],
      }),
    },
    {
      name: 'device deactivated',
      setUp: async () => {
        const d = await device();
        return { write: { method: 'POST', url: `/api/v1/device/${d}/deactivate/` }, reads: [`/api/v1/device/${d}/`] };
      },
    },
    {
      name: 'device unclaimed',
      setUp: async () => {
        const d = await device();
        return { write: { method: 'POST', url: `/api/v1/device/${d}/unclaim/` }, reads: [`/api/v1/device/${d}/`] };
      },
    },
    {
      name: 'device approved',
      setUp: async () => {
        const d = (await addDevice(database.db, acme, { claimed: true, approved: false })).id;
        return { write: { method: 'POST', url: `/api/v1/device/${d}/approve/` }, reads: [`/api/v1/device/${d}/`] };
      },
    },
    {
      name: 'commercial data saved',
      setUp: async () => {
        const d = await device();
        return {
          write: {
            method: 'POST',
            url: '/api/v1/tenant/commercial-data/',
            payload: { [d]: { [canary()]: { amount: 1, date: '2026-01-01', lastUpdated: '2026-01-01T00:00:00Z' } } },
          },
          reads: ['/api/v1/tenant/commercial-data/'],
        };
      },
    },
    {
      name: 'enrolment key rotated',
      setUp: async () => ({ write: { method: 'POST', url: '/api/v1/tenant/enrolment-key/rotate/' }, reads: ['/api/v1/tenant/enrolment-key/'] }),
    },
    {
      name: 'tenant settings saved',
      setUp: async () => ({
        write: { method: 'POST', url: '/api/v1/tenant/config/config-preference/', payload: { devReg_autoApprove: true, dashboard: { netflow: false } } },
        reads: ['/api/v1/tenant/config/config-preference/'],
      }),
    },
    {
      name: 'organisation saved',
      setUp: async () => ({
        write: { method: 'PUT', url: '/api/v1/tenant/organisation/', payload: { legal_name: canary() } },
        reads: ['/api/v1/tenant/organisation/'],
      }),
    },
    {
      name: 'user group created',
      setUp: async () => ({
        write: { method: 'POST', url: '/api/v1/teams/groups/', payload: { name: canary() } },
        reads: ['/api/v1/teams/groups/?page_size=0'],
      }),
    },
    {
      name: 'user group renamed',
      setUp: async () => ({
        write: { method: 'PUT', url: `/api/v1/teams/groups/${await group()}/`, payload: { name: canary() } },
        reads: ['/api/v1/teams/groups/?page_size=0'],
      }),
    },
    {
      name: 'user group deleted',
      setUp: async () => ({ write: { method: 'DELETE', url: `/api/v1/teams/groups/${await group()}/` }, reads: ['/api/v1/teams/groups/?page_size=0'] }),
    },
    {
      name: 'user group members set',
      setUp: async () => {
        const [id, m] = [await group(), await addMember(database.db, acme, 'viewer')];
        return {
          write: { method: 'PUT', url: `/api/v1/teams/groups/${id}/members/`, payload: { user_ids: [m.id] } },
          reads: ['/api/v1/teams/groups/?page_size=0'],
        };
      },
    },
    {
      name: 'user invited',
      setUp: async () => ({
        write: { method: 'POST', url: '/api/v1/teams/users/', payload: { email: `${canary().toLowerCase()}@example.test`, role: 'viewer' } },
        reads: ['/api/v1/teams/users/?page_size=0'],
      }),
    },
    {
      name: 'role changed',
      setUp: async () => {
        const m = await addMember(database.db, acme, 'viewer');
        return { write: { method: 'PUT', url: `/api/v1/teams/users/${m.id}/`, payload: { role: 'editor' } }, reads: ['/api/v1/teams/users/?page_size=0'] };
      },
    },
    {
      name: 'user deactivated',
      setUp: async () => {
        const m = await addMember(database.db, acme, 'viewer');
        return { write: { method: 'POST', url: `/api/v1/teams/users/${m.id}/deactivate/` }, reads: ['/api/v1/teams/users/?page_size=0'] };
      },
    },
    {
      name: 'user removed',
      setUp: async () => {
        const m = await addMember(database.db, acme, 'viewer');
        return { write: { method: 'DELETE', url: `/api/v1/teams/users/${m.id}/` }, reads: ['/api/v1/teams/users/?page_size=0'] };
      },
    },
    {
      name: 'tenant created',
      who: 'super@demo.test',
      setUp: async () => ({
        write: { method: 'POST', url: '/api/v1/tenant/list/', payload: { name: canary() } },
        reads: ['/api/v1/tenant/customers/?page_size=0'],
      }),
    },
    {
      name: 'tenant suspended',
      who: 'super@demo.test',
      setUp: async () => ({
        write: { method: 'PUT', url: `/api/v1/tenant/${globex}/`, payload: { suspended: true, name: canary() } },
        reads: [`/api/v1/tenant/${globex}/`],
      }),
    },
    {
      name: 'tenant deleted',
      who: 'super@demo.test',
      setUp: async () => ({
        write: { method: 'DELETE', url: `/api/v1/tenant/${globex}/`, payload: { confirm: 'Globex' } },
        reads: [`/api/v1/tenant/${globex}/`],
      }),
    },
  ];

  it.each(cases)('$name: nothing changes when its audit row cannot be written', async ({ who = 'owner@acme.test', setUp }) => {
    const { write, reads } = await setUp();
    const before = await Promise.all(reads.map((url) => read(url, who)));
    log.length = 0;
    await failAudits(true);
    try {
      const res = await call(write, who);
      expect(res.statusCode, res.body).toBe(500);
    } finally {
      await failAudits(false);
    }
    expect(await Promise.all(reads.map((url) => read(url, who)))).toEqual(before);
    // The failure is logged, without the statement's parameters.
    expect(log.join('\n')).toContain('audit refused');
    expect(log.join('\n')).not.toContain(CANARY);
    expect(log.join('\n')).not.toContain(CANARY.toLowerCase());
  });
});
