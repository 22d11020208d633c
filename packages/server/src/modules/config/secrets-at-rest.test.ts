import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { configTemplateSchema, type ConfigDocument } from '@netloom/domain';
import { resealSecrets } from '../../db/reseal-secrets';
import { configRevisions, serverSecrets } from '../../db/schema/index';
import { installSealKeys } from '../../db/sealed-secrets';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey, TestAgent } from '../../test/agent-client';
import { waitFor } from '../../test/wait-for';

const PSK = 'psk-that-must-not-rest-in-clear';
const TEMPLATE_PSK = 'template-psk-never-in-clear';
const tunnel = (psk: string) => ({
  id: '00000000-0000-4000-8000-000000000501',
  name: 'hq',
  remote: '198.51.100.9',
  local_interface: 'wan1',
  local_subnets: ['192.168.50.0/24'],
  remote_subnets: ['10.200.0.0/16'],
  psk,
});
const interfaces = { lan: [{ name: 'lan1', ip: '192.168.50.1', prefix: 24, mtu: 1500 }], wan: [{ name: 'wan1', mode: 'dhcp' }], vlans: [] };

/** Every stored text a database dump would show of these tables: no secret may be in it. */
const STORED = sql`
  select coalesce((select string_agg(document::text || coalesce(own::text, ''), '') from config_revisions), '')
    || coalesce((select string_agg(payload::text, '') from device_jobs), '')
    || coalesce((select string_agg(own::text, '') from config_drafts), '')
    || coalesce((select string_agg(sections::text, '') from config_templates), '')
    || coalesce((select string_agg(coalesce(document::text, ''), '') from config_drifts), '')
    || coalesce((select string_agg(secret, '') from config_auto_vpn_secrets), '') as dump`;

describe.each(testBackends('driver'))('configuration secrets at rest on %s', (backend) => {
  let t: TestApp;
  let acme: { tenantId: string; key: string };
  let token: string;
  const agents: TestAgent[] = [];

  beforeAll(async () => {
    t = await build(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    acme = await enrolmentKey(t.app, 'Acme');
    token = (await login(t.app, 'editor@acme.test')).access;
  });
  afterAll(async () => {
    for (const a of agents) a.ws.terminate();
    await t.close();
  });

  const gateway = async (serial: string) => {
    const agent = await TestAgent.connect(t.app);
    agents.push(agent);
    agent.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial, name: `edge-${serial}` });
    return { agent, id: ((await agent.next('welcome')) as { device_id: string }).device_id };
  };
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const dump = async () => ((await t.app.services.db.execute(STORED)) as unknown as { rows: { dump: string }[] }).rows[0]!.dump;

  it('keeps pre-shared keys sealed in revisions, drafts, templates, drifts and device jobs, while the device is sent the real key', async () => {
    const { agent, id } = await gateway('SN-SEAL-1');
    const saved = await call('PUT', `device/config/${id}/`, { document: { interfaces, ipsec: { tunnels: [tunnel(PSK)] } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const push = await agent.next('job');
    const payload = push.payload as { config_hash: string; document: { ipsec: { tunnels: { psk: string }[] } } };
    expect(payload.document.ipsec.tunnels[0]!.psk).toBe(PSK);
    agent.send({ type: 'job_result', job_id: push.job_id, ok: true, output: 'applied', config_hash: payload.config_hash });

    // A draft holding a new key, a template holding another, and the device reporting a change made on the box.
    const drafted = await call('PUT', `device/config/${id}/sections/ipsec/`, { section: { tunnels: [tunnel(`${PSK}-draft`)] }, draft: true });
    expect(drafted.statusCode, drafted.body).toBe(200);
    const tpl = configTemplateSchema.parse((await call('POST', 'template/config/', { name: 'Sealed' })).json());
    const templated = await call('PUT', `template/config/${tpl.id}/sections/ipsec/`, { section: { tunnels: [tunnel(TEMPLATE_PSK)] } });
    expect(templated.statusCode, templated.body).toBe(200);
    expect((await call('POST', `device/config/${id}/enable-configs/`, { auto_sync: false })).statusCode).toBe(200);
    const boxDocument = { interfaces, ipsec: { tunnels: [tunnel(`${PSK}-typed-on-the-box`)] } };
    agent.send({ type: 'config_changed', config_hash: 'f'.repeat(64), document: boxDocument });
    await waitFor(async () => (await call('GET', `device/config/${id}/`)).json().drift !== null);

    const stored = await dump();
    for (const secret of [PSK, TEMPLATE_PSK, `${PSK}-typed-on-the-box`]) expect(stored).not.toContain(secret);
    expect(stored).toMatch(/sealed:v1:[0-9a-f]{8}:/);

    // Read back through the server, every sealed key opens: pushing the draft sends the device the draft's key.
    const pushed = await call('POST', `device/config/${id}/draft/push/`, { message: 'new key' });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const next = await agent.next('job');
    expect((next.payload as typeof payload).document.ipsec.tunnels[0]!.psk).toBe(`${PSK}-draft`);
    expect(await dump()).not.toContain(`${PSK}-draft`);
  });

  it('seals what was kept in clear before, and what a replaced key sealed, with the current key; the device still gets the same key', async () => {
    const { agent, id } = await gateway('SN-SEAL-2');
    await call('PUT', `device/config/${id}/`, { document: { interfaces, ipsec: { tunnels: [tunnel(PSK)] } } });
    const push = await agent.next('job');
    agent.send({ type: 'job_result', job_id: push.job_id, ok: true, output: 'applied', config_hash: (push.payload as { config_hash: string }).config_hash });
    // As an install from before sealing kept it: the key in clear.
    await t.app.services.db.execute(
      sql`update config_revisions set document = jsonb_set(document, '{ipsec,tunnels,0,psk}', '"kept-in-clear-before"') where device_id = ${id}`,
    );
    expect(await dump()).toContain('kept-in-clear-before');
    // The operator replaces the key, listing the one it replaced.
    const [old] = await t.app.services.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'config-seal'));
    installSealKeys('a-new-configuration-secret-key-0123456789', [old!.value]);
    expect(await resealSecrets(t.app.services.db)).toBeGreaterThan(0);
    const stored = await dump();
    expect(stored).not.toContain('kept-in-clear-before');
    const keyIds = new Set([...stored.matchAll(/sealed:v1:([0-9a-f]{8}):/g)].map((m) => m[1]));
    expect(keyIds.size).toBe(1);
    expect(await resealSecrets(t.app.services.db)).toBe(0);
    const [revision] = await t.app.services.db.select().from(configRevisions).where(eq(configRevisions.deviceId, id));
    expect((revision!.document as ConfigDocument).ipsec!.tunnels[0]!.psk).toBe('kept-in-clear-before');
  });
});
