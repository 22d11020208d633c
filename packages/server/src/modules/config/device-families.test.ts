import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { configDocumentSchema, SECRET_MASK, type ConfigDocument } from '@netloom/domain';
import { auditLog } from '../../db/schema/index';
import { testBackends } from '../../test/build';
import { familyHarness, itTakesEachFamily, type FamilyCase } from '../../test/family-suite';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const interfaces = {
  lan: [{ name: 'lan1', ip: '192.168.10.1', prefix: 24 }],
  wan: [
    { name: 'wan1', mode: 'dhcp' },
    { name: 'wan2', mode: 'dhcp' },
  ],
};

/** One section of each family, and one with a `{{variable}}` in a text field for a template. */
const FAMILIES = {
  link_bonding: {
    section: { internet: [{ id: uuid(1), name: 'uplinks', members: ['wan1', 'wan2'], mode: 'broadcast', probe: { target: '1.1.1.1' } }] },
    templated: { internet: [{ id: uuid(1), name: 'uplinks', members: ['wan1', 'wan2'], probe: { target: '{{probe}}' } }] },
    value: { probe: '9.9.9.9' },
    rendered: (doc: ConfigDocument) => doc.link_bonding?.internet[0]?.probe.target,
    expected: '9.9.9.9',
    bad: { internet: [{ id: uuid(1), name: 'uplinks', members: ['wan1', 'lan1'], probe: { target: '1.1.1.1' } }] },
    badField: 'section.internet.0.members.1',
  },
  netflow: {
    section: { interfaces: ['wan1', 'lan1'], sampling: 100, collectors: [{ address: '192.0.2.9', port: 2055 }] },
    templated: { interfaces: ['wan1'], collectors: [{ address: '{{collector}}', port: 2055 }] },
    value: { collector: '192.0.2.10' },
    rendered: (doc: ConfigDocument) => doc.netflow?.collectors[0]?.address,
    expected: '192.0.2.10',
    bad: { interfaces: ['wan1'], active_timeout_s: 10, inactive_timeout_s: 30 },
    badField: 'section.inactive_timeout_s',
  },
  wireless: {
    section: {
      country: 'FR',
      radios: { '2_4ghz': { enabled: true }, '5ghz': { enabled: true, channel: 36, width_mhz: 80 } },
      ssids: [{ id: uuid(2), name: 'office', passphrase: 'correct horse battery', radios: ['2_4ghz', '5ghz'] }],
    },
    templated: {
      country: 'FR',
      radios: { '5ghz': { enabled: true } },
      ssids: [{ id: uuid(2), name: '{{site}}-staff', passphrase: 'correct horse battery', radios: ['5ghz'] }],
    },
    value: { site: 'lyon' },
    rendered: (doc: ConfigDocument) => doc.wireless?.ssids[0]?.name,
    expected: 'lyon-staff',
    bad: { country: 'FR', radios: { '5ghz': { enabled: true, channel: 14 } } },
    badField: 'section.radios.5ghz.channel',
  },
  acceleration: {
    section: { wan_links: ['wan1', 'wan2'], rules: [{ id: uuid(3), name: 'teams', application: 'Microsoft Teams', fec: true, fec_overhead_pct: 10 }] },
    templated: { wan_links: ['{{uplink}}'], rules: [{ id: uuid(3), name: 'dc', destination: '10.20.0.0/16' }] },
    value: { uplink: 'wan2' },
    rendered: (doc: ConfigDocument) => doc.acceleration?.wan_links[0],
    expected: 'wan2',
    bad: { wan_links: ['lan1'], rules: [] },
    badField: 'section.wan_links.0',
  },
  user_mapping: {
    section: {
      static_entries: [{ id: uuid(4), address: '192.168.10.20', user: 'OFFICE\\asha' }],
      radius: { enabled: true, secret: 'radius-accounting-secret', clients: ['192.168.10.0/24'] },
      dhcp_hostnames: true,
    },
    templated: { static_entries: [{ id: uuid(4), address: '192.168.10.20', user: '{{manager}}' }] },
    value: { manager: 'ben@example.com' },
    rendered: (doc: ConfigDocument) => doc.user_mapping?.static_entries[0]?.user,
    expected: 'ben@example.com',
    bad: { static_entries: [{ id: uuid(4), address: '10.9.9.9', user: 'asha' }] },
    badField: 'section.static_entries.0.address',
  },
} satisfies Record<string, FamilyCase>;

describe.each(testBackends('pglite'))('Link bonding, NetFlow, wireless, acceleration and user mapping configuration on %s', (backend) => {
  const h = familyHarness(backend);
  itTakesEachFamily(h, FAMILIES, interfaces, 'LNK');

  it('sends an SSID pass phrase and a RADIUS secret to the device only, and keeps them when a form sends the mask back', async () => {
    const { agent, id } = await h.gateway('SN-LNK-SECRET');
    await h.call('PUT', `device/config/${id}/sections/interfaces/`, { section: interfaces });
    await h.answer(agent);
    const [passphrase, secret] = ['pass-phrase-only-the-box-knows', 'radius-secret-only-the-box-knows'];
    const wireless = {
      country: 'FR',
      radios: { '5ghz': { enabled: true } },
      ssids: [
        { id: uuid(7), name: 'staff', passphrase, radios: ['5ghz'] },
        { id: uuid(8), name: 'corp', security: 'wpa3-enterprise', radius_server: '192.168.10.5', secret, radios: ['5ghz'] },
      ],
    };
    const saved = await h.call('PUT', `device/config/${id}/sections/wireless/`, { section: wireless });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().document.wireless.ssids.map((x: { passphrase?: string; secret?: string }) => x.passphrase ?? x.secret)).toEqual([
      SECRET_MASK,
      SECRET_MASK,
    ]);
    const pushed = configDocumentSchema.parse((await h.answer(agent)).document);
    expect(pushed.wireless?.ssids.map((x) => x.passphrase ?? x.secret)).toEqual([passphrase, secret]);
    // The answer sent back as it is: the secrets stay, nothing changed, nothing is pushed.
    const same = await h.call('PUT', `device/config/${id}/sections/wireless/`, { section: saved.json().document.wireless });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().revision.number).toBe(2);
    const revision = ((await h.call('GET', `device/config/${id}/revisions/`)).json().results as { id: string; number: number }[])[0]!;
    for (const url of [
      `device/config/${id}/`,
      `device/config/${id}/revisions/`,
      `device/config/${id}/revisions/${revision.id}/`,
      `device/config/${id}/export/`,
    ]) {
      const read = await h.call('GET', url);
      expect(read.statusCode).toBe(200);
      expect(read.body).not.toContain(passphrase);
      expect(read.body).not.toContain(secret);
    }
    const audit = JSON.stringify(await h.app().services.db.select().from(auditLog).where(eq(auditLog.target, id)));
    expect(audit).toContain('wireless');
    expect(audit).not.toContain(passphrase);
    expect(audit).not.toContain(secret);
  });

  it("shows a gateway's refusal of a radio its model lacks as failed, with the gateway's words", async () => {
    const { agent, id } = await h.gateway('SN-LNK-NO6G');
    await h.call('PUT', `device/config/${id}/sections/interfaces/`, { section: interfaces });
    await h.answer(agent);
    const sixGhz = {
      country: 'FR',
      radios: { '6ghz': { enabled: true } },
      ssids: [{ id: uuid(9), name: 'fast', passphrase: 'correct horse', radios: ['6ghz'] }],
    };
    expect((await h.call('PUT', `device/config/${id}/sections/wireless/`, { section: sixGhz })).statusCode).toBe(200);
    await h.answer(agent, false, 'wireless: this model has no 6 GHz radio');
    expect((await h.state(id)).sync).toMatchObject({ state: 'failed', error: 'wireless: this model has no 6 GHz radio' });
  });

  it("sends a BGP neighbour's password to the device only, and keeps it when a form sends the mask back", async () => {
    const { agent, id } = await h.gateway('SN-LNK-BGPPW');
    await h.call('PUT', `device/config/${id}/sections/interfaces/`, { section: interfaces });
    await h.answer(agent);
    const password = 'md5-key-only-the-box-knows';
    const bgp = { asn: 65001, router_id: '10.255.0.1', neighbours: [{ id: uuid(11), address: '10.255.0.2', remote_asn: 65002, password }] };
    const saved = await h.call('PUT', `device/config/${id}/sections/bgp/`, { section: bgp });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().document.bgp.neighbours[0].password).toBe(SECRET_MASK);
    expect(configDocumentSchema.parse((await h.answer(agent)).document).bgp?.neighbours[0]?.password).toBe(password);
    const same = await h.call('PUT', `device/config/${id}/sections/bgp/`, { section: saved.json().document.bgp });
    expect(same.json().revision.number).toBe(2);
    for (const url of [`device/config/${id}/`, `device/config/${id}/export/`]) expect((await h.call('GET', url)).body).not.toContain(password);
    expect(JSON.stringify(await h.app().services.db.select().from(auditLog).where(eq(auditLog.target, id)))).not.toContain(password);
  });
});
