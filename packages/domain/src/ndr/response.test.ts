import { describe, expect, it } from 'vitest';
import { firewallSectionSchema, type FirewallSection } from '../config/families/firewall';
import { contentFilterSectionSchema } from '../config/families/content-filter';
import {
  applyNdrDomainBlock,
  applyNdrFirewallAction,
  ndrActionTarget,
  ndrFirewallActionApplied,
  ndrNacDecision,
  ndrResponseActionInputSchema,
  undoNdrDomainBlock,
  undoNdrFirewallAction,
  type NdrResponseAction,
} from './response';
import { GATEWAY } from './test-fixtures';

/** A gateway's firewall as a person wrote it: zones, their own rules and an IP set. */
const human: FirewallSection = firewallSectionSchema.parse({
  zones: [
    { id: '11111111-1111-4111-8111-111111111111', name: 'lan', interfaces: ['lan1'], input: 'accept', output: 'accept', forward: 'accept' },
    { id: '22222222-2222-4222-8222-222222222222', name: 'wan', interfaces: ['wan1'], input: 'drop', output: 'accept', forward: 'drop', masquerade: true },
  ],
  inbound: [{ id: '33333333-3333-4333-8333-333333333333', name: 'SSH from the office', protocol: 'tcp', src: '@office', dest_port: '22', action: 'accept' }],
  outbound: [{ id: '44444444-4444-4444-8444-444444444444', name: 'LAN out', protocol: 'any', src_zone: 'lan', dest_zone: 'wan', action: 'accept' }],
  ipsets: [{ id: '55555555-5555-4555-8555-555555555555', name: 'office', entries: ['10.0.0.0/24'] }],
});

const quarantine: NdrResponseAction = {
  kind: 'quarantine_host',
  id: '9a1b2c3d-0000-4000-8000-000000000001',
  device_id: GATEWAY,
  host_ip: '10.0.0.31',
  method: 'firewall',
};
const blockNet: NdrResponseAction = {
  kind: 'block_destination',
  id: '7e6f5a4b-0000-4000-8000-000000000002',
  device_id: GATEWAY,
  target: { type: 'cidr', value: '185.220.101.0/24' },
};
const blockDomain: NdrResponseAction = {
  kind: 'block_destination',
  id: '7e6f5a4b-0000-4000-8000-000000000003',
  device_id: GATEWAY,
  target: { type: 'domain', value: 'exfil-cdn.net' },
};

const applied = (section: FirewallSection | undefined, action: NdrResponseAction) => {
  const edit = applyNdrFirewallAction(section, action);
  if (!edit.ok) throw new Error(edit.message);
  return edit;
};

describe('response actions on a gateway’s firewall', () => {
  it('quarantine a host with rules ahead of a person’s, keeping DHCP to the gateway, in a section the family accepts', () => {
    const { section, changed } = applied(human, quarantine);
    expect(changed).toBe(true);
    expect(firewallSectionSchema.safeParse(section).success).toBe(true);
    expect(section.ipsets.at(-1)).toMatchObject({ name: 'ndr-quarantine-9a1b2c3d', entries: ['10.0.0.31'] });
    expect(section.inbound.map((r) => [r.name, r.protocol, r.src, r.dest_port, r.action])).toEqual([
      ['NDR quarantine 10.0.0.31 DHCP (9a1b2c3d)', 'udp', '@ndr-quarantine-9a1b2c3d', '67', 'accept'],
      ['NDR quarantine 10.0.0.31 to gateway (9a1b2c3d)', 'any', '@ndr-quarantine-9a1b2c3d', undefined, 'drop'],
      ['SSH from the office', 'tcp', '@office', '22', 'accept'],
    ]);
    expect(section.outbound.map((r) => [r.src, r.dest, r.action])).toEqual([
      ['@ndr-quarantine-9a1b2c3d', undefined, 'drop'],
      [undefined, '@ndr-quarantine-9a1b2c3d', 'drop'],
      [undefined, undefined, 'accept'],
    ]);
    expect(ndrFirewallActionApplied(section, quarantine)).toBe(true);
  });

  it('change nothing when applied twice, and undo to exactly the person’s section', () => {
    const once = applied(human, quarantine).section;
    expect(applied(once, quarantine)).toEqual({ ok: true, section: once, changed: false });
    const both = applied(once, blockNet).section;
    expect(undoNdrFirewallAction(undoNdrFirewallAction(both, quarantine), blockNet)).toEqual(human);
    // Undoing one leaves the other, and undoing again is harmless.
    const left = undoNdrFirewallAction(both, quarantine)!;
    expect(left).toEqual(applied(human, blockNet).section);
    expect(undoNdrFirewallAction(left, quarantine)).toEqual(left);
  });

  it('block a network for everything leaving through the gateway, starting a section when the gateway has none', () => {
    const { section } = applied(undefined, blockNet);
    expect(section).toMatchObject({
      ipsets: [{ name: 'ndr-block-7e6f5a4b', entries: ['185.220.101.0/24'] }],
      inbound: [],
      outbound: [{ name: 'NDR block 185.220.101.0/24 (7e6f5a4b)', dest: '@ndr-block-7e6f5a4b', action: 'drop' }],
    });
    expect(firewallSectionSchema.safeParse(section).success).toBe(true);
  });

  it('refuse what is not theirs to do: a domain, a NAC quarantine, a taken set name, a full firewall', () => {
    expect(applyNdrFirewallAction(human, blockDomain)).toMatchObject({ ok: false, code: 'ndr_action_not_firewall' });
    expect(applyNdrFirewallAction(human, { ...quarantine, method: 'nac', mac: 'aa:bb:cc:dd:ee:ff' })).toMatchObject({
      ok: false,
      code: 'ndr_action_not_firewall',
    });
    const taken = {
      ...human,
      ipsets: [...human.ipsets, { id: '66666666-6666-4666-8666-666666666666', name: 'ndr-quarantine-9a1b2c3d', entries: ['10.9.9.9'] }],
    };
    expect(applyNdrFirewallAction(taken, quarantine)).toMatchObject({ ok: false, code: 'ndr_name_taken' });
    const full = {
      ...human,
      outbound: Array.from({ length: 1023 }, (_, i) => ({
        ...human.outbound[0]!,
        id: `44444444-4444-4444-8444-${String(i).padStart(12, '0')}`,
        dest_port: String(i + 1),
        protocol: 'tcp' as const,
      })),
    };
    expect(applyNdrFirewallAction(full, quarantine)).toMatchObject({ ok: false, code: 'ndr_firewall_full' });
  });
});

describe('other response actions', () => {
  it('block a domain on the content filter, and undo only what they added', () => {
    const before = contentFilterSectionSchema.parse({ blocked_urls: ['gambling.example'] });
    const edit = applyNdrDomainBlock(before, blockDomain);
    expect(edit).toEqual({ ok: true, section: { ...before, blocked_urls: ['gambling.example', 'exfil-cdn.net'] }, added: true });
    expect(contentFilterSectionSchema.safeParse(edit.ok && edit.section).success).toBe(true);
    expect(undoNdrDomainBlock(edit.ok ? edit.section : before, blockDomain, true)).toEqual(before);
    const already = contentFilterSectionSchema.parse({ blocked_urls: ['https://Exfil-CDN.net/'] });
    expect(applyNdrDomainBlock(already, blockDomain)).toEqual({ ok: true, section: already, added: false });
    expect(undoNdrDomainBlock(already, blockDomain, false)).toEqual(already);
    expect(applyNdrDomainBlock(contentFilterSectionSchema.parse({ allowed_urls: ['exfil-cdn.net'] }), blockDomain)).toMatchObject({
      ok: false,
      code: 'ndr_domain_allowed',
    });
  });

  it('quarantine by NAC through the host’s MAC, which a request must give', () => {
    const nac = { ...quarantine, method: 'nac' as const, mac: 'AA:BB:CC:DD:EE:01' };
    const parsed = ndrResponseActionInputSchema.parse(nac);
    expect(ndrNacDecision(parsed)).toEqual({ macs: ['aa:bb:cc:dd:ee:01'], decision: 'quarantine' });
    expect(ndrResponseActionInputSchema.safeParse({ ...nac, mac: undefined }).success).toBe(false);
    expect([quarantine, parsed, blockNet, blockDomain].map(ndrActionTarget)).toEqual(['firewall', 'nac', 'firewall', 'content_filter']);
  });
});
