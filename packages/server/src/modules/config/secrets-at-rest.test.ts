import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { configTemplateSchema, type ConfigDocument } from '@netloom/domain';
import { resealSecrets } from '../../db/reseal-secrets';
import { configRevisions, serverSecrets } from '../../db/schema/index';
import { installSealKeys } from '../../db/sealed-secrets';
import { testBackends } from '../../test/build';
import { familyHarness } from '../../test/family-suite';
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
  const h = familyHarness(backend);
  const db = () => h.app().services.db;
  const dump = async () => ((await db().execute(STORED)) as unknown as { rows: { dump: string }[] }).rows[0]!.dump;

  it('keeps pre-shared keys sealed in revisions, drafts, templates, drifts and device jobs, while the device is sent the real key', async () => {
    const { agent, id } = await h.gateway('SN-SEAL-1');
    const saved = await h.call('PUT', `device/config/${id}/`, { document: { interfaces, ipsec: { tunnels: [tunnel(PSK)] } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const payload = (await h.answer(agent)) as { document: { ipsec: { tunnels: { psk: string }[] } } };
    expect(payload.document.ipsec.tunnels[0]!.psk).toBe(PSK);

    // A draft holding a new key, a template holding another, and the device reporting a change made on the box.
    const drafted = await h.call('PUT', `device/config/${id}/sections/ipsec/`, { section: { tunnels: [tunnel(`${PSK}-draft`)] }, draft: true });
    expect(drafted.statusCode, drafted.body).toBe(200);
    const tpl = configTemplateSchema.parse((await h.call('POST', 'template/config/', { name: 'Sealed' })).json());
    const templated = await h.call('PUT', `template/config/${tpl.id}/sections/ipsec/`, { section: { tunnels: [tunnel(TEMPLATE_PSK)] } });
    expect(templated.statusCode, templated.body).toBe(200);
    expect((await h.call('POST', `device/config/${id}/enable-configs/`, { auto_sync: false })).statusCode).toBe(200);
    const boxDocument = { interfaces, ipsec: { tunnels: [tunnel(`${PSK}-typed-on-the-box`)] } };
    agent.send({ type: 'config_changed', config_hash: 'f'.repeat(64), document: boxDocument });
    await waitFor(async () => (await h.call('GET', `device/config/${id}/`)).json().drift !== null);

    const stored = await dump();
    for (const secret of [PSK, TEMPLATE_PSK, `${PSK}-typed-on-the-box`]) expect(stored).not.toContain(secret);
    expect(stored).toMatch(/sealed:v1:[0-9a-f]{8}:/);

    // Read back through the server, every sealed key opens: pushing the draft sends the device the draft's key.
    const pushed = await h.call('POST', `device/config/${id}/draft/push/`, { message: 'new key' });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const next = await agent.next('job');
    expect((next.payload as typeof payload).document.ipsec.tunnels[0]!.psk).toBe(`${PSK}-draft`);
    expect(await dump()).not.toContain(`${PSK}-draft`);
  });

  it('seals what was kept in clear before, and what a replaced key sealed, with the current key; the device still gets the same key', async () => {
    const { agent, id } = await h.gateway('SN-SEAL-2');
    await h.call('PUT', `device/config/${id}/`, { document: { interfaces, ipsec: { tunnels: [tunnel(PSK)] } } });
    await h.answer(agent);
    // As an install from before sealing kept it: the key in clear.
    await db().execute(
      sql`update config_revisions set document = jsonb_set(document, '{ipsec,tunnels,0,psk}', '"kept-in-clear-before"') where device_id = ${id}`,
    );
    expect(await dump()).toContain('kept-in-clear-before');
    // The operator replaces the key, listing the one it replaced.
    const [old] = await db().select().from(serverSecrets).where(eq(serverSecrets.name, 'config-seal'));
    installSealKeys('a-new-configuration-secret-key-0123456789', [old!.value]);
    expect(await resealSecrets(db())).toBeGreaterThan(0);
    const stored = await dump();
    expect(stored).not.toContain('kept-in-clear-before');
    const keyIds = new Set([...stored.matchAll(/sealed:v1:([0-9a-f]{8}):/g)].map((m) => m[1]));
    expect(keyIds.size).toBe(1);
    expect(await resealSecrets(db())).toBe(0);
    const [revision] = await db().select().from(configRevisions).where(eq(configRevisions.deviceId, id));
    expect((revision!.document as ConfigDocument).ipsec!.tunnels[0]!.psk).toBe('kept-in-clear-before');
  });
});
