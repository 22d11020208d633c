import { describe, expect, it } from 'vitest';
import { configDocumentSchema } from '@netloom/domain';
import { connectionName, overlayTunnels, swanctlConf } from './swanctl';

const tunnel = (over: object) => ({
  id: crypto.randomUUID(),
  name: 'HQ',
  remote: '203.0.113.9',
  local_interface: 'wan0',
  local_subnets: ['192.168.1.0/24'],
  remote_subnets: ['10.0.0.0/16', '10.1.0.0/16'],
  psk: 'say "hello" \\ there',
  ...over,
});
const doc = (tunnels: object[]) =>
  configDocumentSchema.parse({
    interfaces: {
      lan: [{ name: 'lan0', ip: '192.168.1.1', prefix: 24 }],
      wan: [{ name: 'wan0', mode: 'static', ip: '198.51.100.2', prefix: 24, gateway: '198.51.100.1' }],
    },
    ipsec: { tunnels },
  });

describe('IPsec tunnels as swanctl.conf', () => {
  it('leaves by its WAN address with its subnets, its proposals in strongSwan names, and its key quoted', () => {
    const t = tunnel({ encryption: 'aes256gcm', integrity: 'sha384', dh_group: 19, ike: 'ikev1', lifetime_seconds: 3600 });
    const conf = swanctlConf(doc([t]));
    expect(conf).toContain(
      `  ${connectionName(t)} {\n    version = 1\n    local_addrs = 198.51.100.2\n    remote_addrs = 203.0.113.9\n    proposals = aes256gcm16-prfsha384-ecp256`,
    );
    expect(conf).toContain('local_ts = 192.168.1.0/24');
    expect(conf).toContain('remote_ts = 10.0.0.0/16,10.1.0.0/16');
    expect(conf).toContain('esp_proposals = aes256gcm16-ecp256');
    expect(conf).toContain('rekey_time = 3600s');
    expect(conf).toContain('secret = "say \\"hello\\" \\\\ there"');
  });
  it('leaves a turned-off tunnel out, so loading the file takes it down', () => {
    const conf = swanctlConf(doc([tunnel({ enabled: false })]));
    expect(conf).not.toMatch(/nl-/);
    expect(conf).toContain('connections {\n\n}');
  });
});

describe('the overlays’ peers as swanctl connections', () => {
  const peer = (n: number, over: object = {}) => ({
    device_id: `00000000-0000-4000-8000-00000000000${n}`,
    name: `branch-${n}`,
    role: 'spoke',
    subnets: [`10.${n}.0.0/16`],
    address: `203.0.113.${n}`,
    psk: `${n}`.repeat(48),
    ...over,
  });
  const overlays = (auto: object[], mesh: object[] = []) =>
    configDocumentSchema.parse({
      interfaces: {
        lan: [{ name: 'lan0', ip: '192.168.1.1', prefix: 24 }],
        wan: [
          { name: 'wan0', mode: 'dhcp' },
          { name: 'wan1', mode: 'static', ip: '198.51.100.2', prefix: 24, gateway: '198.51.100.1' },
        ],
      },
      ipsec: { tunnels: [], auto_vpn: { enabled: true, topology: 'full-mesh', subnets: ['192.168.1.0/24'], peers: auto } },
      ...(mesh.length ? { overlay_mesh: { enabled: true, topology: 'full-mesh', subnets: ['192.168.1.0/24'], peers: mesh } } : {}),
    });

  it('meets each peer from the first static WAN, its subnets against the peer’s, with the pair’s key under identities of the overlay', () => {
    const conf = swanctlConf(overlays([peer(1)]));
    const name = 'nl-auto-vpn-00000000-0000-4000-8000-000000000001';
    expect(conf).toContain(
      `  ${name} {\n    version = 2\n    local_addrs = 198.51.100.2\n    remote_addrs = 203.0.113.1\n    proposals = aes256-sha256-modp2048\n`,
    );
    expect(conf).toContain('    local { auth = psk\n      id = auto-vpn@198.51.100.2 }\n    remote { auth = psk\n      id = auto-vpn@203.0.113.1 }');
    expect(conf).toContain('local_ts = 192.168.1.0/24\n        remote_ts = 10.1.0.0/16\n        esp_proposals = aes256-sha256-modp2048');
    expect(conf).toContain(`  ike-${name} {\n    id-1 = auto-vpn@198.51.100.2\n    id-2 = auto-vpn@203.0.113.1\n    secret = "${'1'.repeat(48)}"\n  }`);
  });

  it('gives a peer in both overlays one connection and one key per overlay', () => {
    const conf = swanctlConf(overlays([peer(1)], [peer(1, { psk: 'f'.repeat(48) })]));
    expect(conf).toContain('id-2 = auto-vpn@203.0.113.1');
    expect(conf).toContain('id-2 = overlay-mesh@203.0.113.1');
    expect(conf).toContain(`secret = "${'f'.repeat(48)}"`);
    expect(overlayTunnels(overlays([peer(1)], [peer(1)])).map((t) => [t.name, t.connection])).toEqual([
      ['auto-branch-1', 'nl-auto-vpn-00000000-0000-4000-8000-000000000001'],
      ['mesh-branch-1', 'nl-overlay-mesh-00000000-0000-4000-8000-000000000001'],
    ]);
  });

  it('skips a peer it cannot meet yet, with the reason, and loads the others', () => {
    const doc = overlays([peer(1, { address: null }), peer(2, { psk: '' }), peer(3, { subnets: [] }), peer(4)]);
    expect(overlayTunnels(doc).map((t) => [t.name, t.remote, t.skipped])).toEqual([
      ['auto-branch-1', '', 'the peer has not reported its address yet'],
      ['auto-branch-2', '203.0.113.2', 'no key for this peer'],
      ['auto-branch-3', '203.0.113.3', 'the peer offers no subnets'],
      ['auto-branch-4', '203.0.113.4', null],
    ]);
    const conf = swanctlConf(doc);
    expect(conf.match(/^ {2}nl-/gm)).toHaveLength(1);
    expect(conf).toContain('remote_addrs = 203.0.113.4');
  });

  it('loads no peer of an overlay turned off', () => {
    const doc = overlays([peer(1)]);
    expect(swanctlConf({ ...doc, ipsec: { ...doc.ipsec!, auto_vpn: { ...doc.ipsec!.auto_vpn!, enabled: false } } })).not.toMatch(/nl-/);
  });
});
