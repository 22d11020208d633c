import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { reportScheduleRowSchema, type ReportRow } from '@netloom/domain';
import { bearer, build, freshPostgres, login, type TestApp } from '../../test/build';
import { reportSchedules } from '../../db/schema/index';

/**
 * Two instances on one PostgreSQL database, each checking schedules every 100 ms: a due schedule
 * makes one report and one mail per recipient, whichever instance moved it on. Runs when CI
 * provides TEST_DATABASE_URL; elsewhere it is reported as skipped.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('report schedules with two instances sharing PostgreSQL (needs TEST_DATABASE_URL)', () => {
  let db: Awaited<ReturnType<typeof freshPostgres>>;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    db = await freshPostgres();
    const cluster = (c: TestApp['config']) => ({ ...c, reports: { pollMs: 100, staleClaimMs: 60_000, scheduleCheckMs: 100, sweepMs: 60_000 } });
    a = await build('postgres', cluster, { postgresUrl: db.url, seed: true });
    b = await build('postgres', cluster, { postgresUrl: db.url, seed: false });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  it('a due schedule fires once per due time and mails once, with the file attached', async () => {
    const owner = (await login(a.app, 'owner@acme.test')).access;
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/v1/tenant/report-schedules/',
      headers: bearer(owner),
      payload: { name: 'Daily fleet', kind: 'inventory', format: 'pdf', product: 'sdwan', cadence: 'daily', recipients: ['noc@acme.test'] },
    });
    expect(created.statusCode).toBe(201);
    const schedule = reportScheduleRowSchema.parse(created.json());
    const reportsOf = async () =>
      ((await b.app.inject({ method: 'GET', url: '/api/v1/tenant/reports/', headers: bearer(owner) })).json() as ReportRow[]).filter(
        (r) => r.schedule_id === schedule.id,
      );

    // Due twice in a row: each due time is one run, made by whichever instance moved the schedule on.
    for (const [round, minutesAgo] of [
      [1, 3],
      [2, 2],
    ] as const) {
      const due = new Date(Math.floor(Date.now() / 60_000) * 60_000 - minutesAgo * 60_000);
      await a.app.services.db.update(reportSchedules).set({ nextRunAt: due }).where(eq(reportSchedules.id, schedule.id));
      // Rendering a PDF on a busy machine takes its time; what is tested is how many, not how soon.
      await expect.poll(async () => (await reportsOf()).filter((r) => r.status === 'done').length, { timeout: 90_000 }).toBe(round);
      // A few more rounds of both clocks: nothing more comes.
      await new Promise((r) => setTimeout(r, 800));
      const made = await reportsOf();
      expect(made).toHaveLength(round);
      expect(made.filter((r) => r.to === due.toISOString())).toHaveLength(1);
    }

    const mails = [...a.app.mailer.outbox, ...b.app.mailer.outbox].filter((m) => m.subject.startsWith('Daily fleet:'));
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.to).toBe('noc@acme.test');
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments![0]!.contentType).toBe('application/pdf');
      expect(mail.attachments![0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    }
  }, 240_000);
});
