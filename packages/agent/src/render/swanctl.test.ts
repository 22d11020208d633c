import { describe, expect, it } from 'vitest';
import { configDocumentSchema } from '@netloom/domain';
import { connectionName, swanctlConf } from './swanctl';

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
