import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminAnnouncementListSchema, adminAnnouncementSchema, announcementEventSchema, announcementListSchema, type AdminAnnouncement } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey } from '../../test/agent-client';
import { TestConsole } from '../../test/live-client';
import { auditLog } from '../../db/schema/index';

const HOUR = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe.each(testBackends('pglite'))('announcements on %s', (backend) => {
  let t: TestApp;
  let acme: string;
  let globex: string;
  const tokens: Record<string, string> = {};
  const closers: { close(): void }[] = [];

  beforeAll(async () => {
    // Checked every 200 ms here (30 s by default), so a scheduled start is seen quickly.
    t = await build(backend, (c) => ({ ...c, announcements: { checkMs: 200 } }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    acme = (await enrolmentKey(t.app, 'Acme')).tenantId;
    globex = (await enrolmentKey(t.app, 'Globex')).tenantId;
    for (const who of ['super@demo.test', 'owner@acme.test', 'viewer@acme.test', 'guest@acme.test', 'owner@globex.test'])
      tokens[who] = (await login(t.app, who)).access;
  });
  afterAll(async () => {
    for (const c of closers) c.close();
    await t.close();
  });

  const call = (who: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: who ? bearer(tokens[who]!) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const post = async (body: Record<string, unknown>): Promise<AdminAnnouncement> => {
    const r = await call('super@demo.test', 'POST', 'admin/announcements/', { body: 'Details inside.', audience: 'all', starts_at: iso(-HOUR), ...body });
    expect(r.statusCode, r.body).toBe(201);
    return adminAnnouncementSchema.parse(r.json());
  };
  const shown = async (who: string, query = '') => {
    const r = await call(who, 'GET', `announcements/${query}`);
    expect(r.statusCode, r.body).toBe(200);
    return announcementListSchema.parse(r.json());
  };
  const titles = async (who: string, query = '') => (await shown(who, query)).announcements.map((a) => a.title);
  const adminList = async () => adminAnnouncementListSchema.parse((await call('super@demo.test', 'GET', 'admin/announcements/?page_size=0')).json());
  const socket = async (tenant: string, who: string) => {
    const c = await TestConsole.open(t.app, `/ws/status/${tenant}?feed=announcements`, tokens[who]);
    closers.push(c);
    // Live once an announcement for everyone reaches it (one posted while it still authenticates does not).
    for (let attempt = 0; ; attempt++) {
      const probe = await post({ title: `probe ${crypto.randomUUID()}` });
      const reached = await c
        .waitFor((m) => announcementEventSchema.safeParse(m).data?.id === probe.id, 300)
        .then(
          () => true,
          () => false,
        );
      await call('super@demo.test', 'DELETE', `admin/announcements/${probe.id}/`);
      if (reached) return c;
      if (attempt === 20) throw new Error('the announcements feed never went live');
    }
  };
  const idsOn = (c: TestConsole) => c.messages.map((m) => announcementEventSchema.safeParse(m).data?.id).filter(Boolean);

  it('reaches every tenant when for all, only the chosen tenants otherwise', async () => {
    const all = await post({ title: 'Maintenance on Sunday' });
    const chosen = await post({ title: 'Acme only: new SLA', audience: 'tenants', tenant_ids: [acme] });
    expect(all).toMatchObject({ audience: 'all', tenants: [], state: 'live' });
    expect(chosen).toMatchObject({ audience: 'tenants', tenants: [{ id: acme, name: 'Acme' }], state: 'live' });

    expect(await titles('viewer@acme.test')).toEqual(expect.arrayContaining(['Maintenance on Sunday', 'Acme only: new SLA']));
    expect(await titles('owner@globex.test')).toContain('Maintenance on Sunday');
    expect(await titles('owner@globex.test')).not.toContain('Acme only: new SLA');
    // A super admin sees the chosen tenant's, or every live one when choosing none.
    expect(await titles('super@demo.test', `?tenant_id=${globex}`)).not.toContain('Acme only: new SLA');
    expect(await titles('super@demo.test')).toEqual(expect.arrayContaining(['Maintenance on Sunday', 'Acme only: new SLA']));
  });

  it('shows an announcement only inside its window, newest start first', async () => {
    await post({ title: 'Window: later', starts_at: iso(HOUR), ends_at: iso(2 * HOUR) });
    await post({ title: 'Window: over', starts_at: iso(-2 * HOUR), ends_at: iso(-HOUR) });
    await post({ title: 'Window: older', starts_at: iso(-3 * HOUR), ends_at: iso(HOUR) });
    await post({ title: 'Window: newer', starts_at: iso(-60_000), ends_at: null });
    const seen = (await titles('viewer@acme.test')).filter((x) => x.startsWith('Window:'));
    expect(seen).toEqual(['Window: newer', 'Window: older']);
    const states = Object.fromEntries((await adminList()).results.filter((a) => a.title.startsWith('Window:')).map((a) => [a.title, a.state]));
    expect(states).toEqual({ 'Window: later': 'scheduled', 'Window: over': 'ended', 'Window: older': 'live', 'Window: newer': 'live' });
  });

  it('counts what each user has not read, and marks read the ones named or all shown', async () => {
    const a = await post({ title: 'Read me A' });
    const b = await post({ title: 'Read me B' });
    const before = await shown('viewer@acme.test');
    expect(before.announcements.filter((x) => x.id === a.id || x.id === b.id).every((x) => !x.read)).toBe(true);

    const r = await call('viewer@acme.test', 'POST', 'announcements/read/', { ids: [a.id] });
    expect(r.statusCode).toBe(200);
    const after = announcementListSchema.parse(r.json());
    expect(after.unread).toBe(before.unread - 1);
    expect(after.announcements.find((x) => x.id === a.id)?.read).toBe(true);
    expect(after.announcements.find((x) => x.id === b.id)?.read).toBe(false);
    // Each user's own: the owner of the same tenant has read neither.
    expect((await shown('owner@acme.test')).announcements.find((x) => x.id === a.id)?.read).toBe(false);

    await call('viewer@acme.test', 'POST', 'announcements/read/', {});
    expect((await shown('viewer@acme.test')).unread).toBe(0);
    const c = await post({ title: 'Read me C' });
    expect(await shown('viewer@acme.test')).toMatchObject({
      unread: 1,
      announcements: expect.arrayContaining([expect.objectContaining({ id: c.id, read: false })]),
    });
  });

  it('keeps tenants apart: a user of another tenant neither sees nor can mark read what is not for them', async () => {
    const secret = await post({ title: 'Acme eyes only', audience: 'tenants', tenant_ids: [acme] });
    const later = await post({ title: 'Not yet', starts_at: iso(HOUR) });
    const r = await call('owner@globex.test', 'POST', 'announcements/read/', { ids: [secret.id, later.id] });
    expect(r.statusCode).toBe(200);
    expect(JSON.stringify(r.json())).not.toContain(secret.id);
    expect((await call('owner@globex.test', 'GET', `announcements/?tenant_id=${acme}`)).statusCode).toBe(404);
    expect((await call('owner@globex.test', 'POST', `announcements/read/?tenant_id=${acme}`, { ids: [secret.id] })).statusCode).toBe(404);

    // Once it is for Globex too, and the other has started, Globex's owner has read neither.
    const widened = await call('super@demo.test', 'PUT', `admin/announcements/${secret.id}/`, {
      title: secret.title,
      body: secret.body,
      audience: 'tenants',
      tenant_ids: [acme, globex],
      starts_at: secret.starts_at,
      ends_at: null,
    });
    expect(widened.json()).toMatchObject({ tenants: [{ name: 'Acme' }, { name: 'Globex' }] });
    await call('super@demo.test', 'PUT', `admin/announcements/${later.id}/`, { title: later.title, body: later.body, audience: 'all', starts_at: iso(-1000) });
    const globexView = (await shown('owner@globex.test')).announcements;
    expect(globexView.filter((x) => x.id === secret.id || x.id === later.id).map((x) => x.read)).toEqual([false, false]);
  });

  it('is for super admins to post, change and withdraw; a guest-user reads none', async () => {
    const before = (await adminList()).count;
    const body = { title: 'Owner tries', body: 'x', audience: 'all', starts_at: iso(0) };
    const byOwner = await call('owner@acme.test', 'POST', 'admin/announcements/', body);
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json()).toMatchObject({ code: 'permission_denied' });
    expect((await call('owner@acme.test', 'GET', 'admin/announcements/')).statusCode).toBe(403);
    const mine = await post({ title: 'Owner cannot touch' });
    expect((await call('owner@acme.test', 'PUT', `admin/announcements/${mine.id}/`, body)).statusCode).toBe(403);
    expect((await call('owner@acme.test', 'DELETE', `admin/announcements/${mine.id}/`)).statusCode).toBe(403);
    expect((await adminList()).results.find((a) => a.id === mine.id)?.title).toBe('Owner cannot touch');
    expect((await adminList()).count).toBe(before + 1);
    expect((await call('guest@acme.test', 'GET', 'announcements/')).statusCode).toBe(403);
    expect((await call(null, 'GET', 'announcements/')).statusCode).toBe(401);
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const existing = await post({ title: 'Stays as it is' });
    const before = await adminList();
    const bad: [Record<string, unknown>, string][] = [
      [{ title: '', body: 'x', audience: 'all', starts_at: iso(0) }, 'title'],
      [{ title: 'x', body: 'x', audience: 'tenants', tenant_ids: [], starts_at: iso(0) }, 'tenant_ids'],
      [{ title: 'x', body: 'x', audience: 'tenants', tenant_ids: [crypto.randomUUID()], starts_at: iso(0) }, 'tenant_ids'],
      [{ title: 'x', body: 'x', audience: 'tenants', tenant_ids: [acme, crypto.randomUUID()], starts_at: iso(0) }, 'tenant_ids'],
      [{ title: 'x', body: 'x', audience: 'all', starts_at: iso(HOUR), ends_at: iso(0) }, 'ends_at'],
      [{ title: 'x', body: 'x', audience: 'everyone', starts_at: iso(0) }, 'audience'],
      [{ title: 'x', body: 'x', audience: 'all', starts_at: 'tomorrow' }, 'starts_at'],
    ];
    for (const [body, field] of bad) {
      for (const r of [
        await call('super@demo.test', 'POST', 'admin/announcements/', body),
        await call('super@demo.test', 'PUT', `admin/announcements/${existing.id}/`, body),
      ]) {
        expect(r.statusCode, JSON.stringify(body)).toBe(400);
        expect(r.json()).toMatchObject({ code: 'invalid', errors: { [field]: expect.any(Array) } });
      }
    }
    const missing = await call('super@demo.test', 'PUT', `admin/announcements/${crypto.randomUUID()}/`, {
      title: 'x',
      body: 'x',
      audience: 'all',
      starts_at: iso(0),
    });
    expect(missing.statusCode).toBe(404);
    expect((await call('super@demo.test', 'DELETE', `admin/announcements/${crypto.randomUUID()}/`)).statusCode).toBe(404);
    expect(await adminList()).toEqual(before);
  });

  it('records each change in the audit log and withdraws on delete', async () => {
    const a = await post({ title: 'Audited' });
    expect((await call('super@demo.test', 'DELETE', `admin/announcements/${a.id}/`)).statusCode).toBe(204);
    expect(await titles('viewer@acme.test')).not.toContain('Audited');
    expect((await call('super@demo.test', 'DELETE', `admin/announcements/${a.id}/`)).statusCode).toBe(404);
    const rows = await t.app.services.db.select().from(auditLog).where(eq(auditLog.target, 'Audited'));
    expect(rows.map((r) => [r.action, r.actorEmail, r.tenantId, (r.details as { id: string }).id])).toEqual([
      ['announcement.created', 'super@demo.test', null, a.id],
      ['announcement.deleted', 'super@demo.test', null, a.id],
    ]);
  });

  it('reaches live the consoles of tenants in its audience, and no other', async () => {
    const acmeConsole = await socket(acme, 'viewer@acme.test');
    const globexConsole = await socket(globex, 'owner@globex.test');
    const forAcme = await post({ title: 'Live: Acme', audience: 'tenants', tenant_ids: [acme] });
    const forAll = await post({ title: 'Live: all' });
    const hit = await acmeConsole.waitFor((m) => announcementEventSchema.safeParse(m).data?.id === forAcme.id);
    expect(hit).toEqual({ kind: 'announcement', id: forAcme.id });
    await acmeConsole.waitFor((m) => announcementEventSchema.safeParse(m).data?.id === forAll.id);
    // Published in order: once the later one for everyone reached Globex, the earlier Acme one never will.
    await globexConsole.waitFor((m) => announcementEventSchema.safeParse(m).data?.id === forAll.id);
    expect(idsOn(globexConsole)).not.toContain(forAcme.id);

    // An edit that adds Globex reaches it; a withdrawal reaches both.
    await call('super@demo.test', 'PUT', `admin/announcements/${forAcme.id}/`, {
      title: 'Live: both',
      body: 'x',
      audience: 'tenants',
      tenant_ids: [acme, globex],
      starts_at: forAcme.starts_at,
    });
    await globexConsole.waitFor((m) => announcementEventSchema.safeParse(m).data?.id === forAcme.id);
    const from = acmeConsole.messages.length;
    await call('super@demo.test', 'DELETE', `admin/announcements/${forAcme.id}/`);
    await acmeConsole.waitFor((m) => announcementEventSchema.safeParse(m).data?.id === forAcme.id, 5000, from);
  });

  it('reaches open consoles when a scheduled announcement starts, once', async () => {
    const acmeConsole = await socket(acme, 'viewer@acme.test');
    const globexConsole = await socket(globex, 'owner@globex.test');
    const soon = await post({ title: 'Starting soon', audience: 'tenants', tenant_ids: [acme], starts_at: iso(1500) });
    await acmeConsole.waitFor((m) => announcementEventSchema.safeParse(m).data?.id === soon.id);
    expect(await titles('viewer@acme.test')).not.toContain('Starting soon');
    const from = acmeConsole.messages.length;
    await acmeConsole.waitFor((m) => announcementEventSchema.safeParse(m).data?.id === soon.id, 5000, from);
    expect(await titles('viewer@acme.test')).toContain('Starting soon');
    // Several more checks pass: the start is told once.
    await new Promise((r) => setTimeout(r, 800));
    expect(idsOn(acmeConsole).filter((id) => id === soon.id)).toHaveLength(2);
    expect(idsOn(globexConsole)).not.toContain(soon.id);
  });
});
