import { describe, expect, it } from 'vitest';
import { configDocumentSchema } from '@netloom/domain';
import { tunnelStates } from './snapshots';
import type { Sample } from '../host/sampler';
import type { SaReading } from '../host/strongswan';

const peer = (n: number, address: string | null) => ({
  device_id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `branch-${n}`,
  role: 'hub',
  subnets: [`10.${n}.0.0/16`],
  address,
  psk: 'a'.repeat(48),
});
const doc = configDocumentSchema.parse({
  interfaces: {
    lan: [{ name: 'lan0', ip: '192.168.1.1', prefix: 24 }],
    wan: [{ name: 'wan0', mode: 'static', ip: '198.51.100.2', prefix: 24, gateway: '198.51.100.1' }],
  },
  ipsec: { tunnels: [], auto_vpn: { enabled: true, topology: 'hub-and-spoke', subnets: ['192.168.1.0/24'], peers: [peer(1, '203.0.113.1'), peer(2, null)] } },
  overlay_mesh: { enabled: true, topology: 'full-mesh', subnets: ['192.168.1.0/24'], peers: [peer(3, '203.0.113.3')] },
});
const sa = (connection: string, installed: boolean): SaReading => ({
  connection,
  established: true,
  installed,
  establishedS: 5,
  bytesIn: 0,
  bytesOut: 0,
  packetsIn: 0,
  packetsOut: 0,
});

describe("the overlays' tunnels as the console's IPsec status names them", () => {
  it('reports each peer as auto-<peer> or mesh-<peer>, up with its child SA installed, down with why otherwise', () => {
    // Both ends started an IKE SA: the one that carries the child is the one that counts.
    const sas = [sa('nl-auto-vpn-00000000-0000-4000-8000-000000000001', false), sa('nl-auto-vpn-00000000-0000-4000-8000-000000000001', true)];
    const states = tunnelStates({ sas } as unknown as Sample, doc).map(({ name, remote, state, reason }) => ({ name, remote, state, reason }));
    expect(states).toEqual([
      { name: 'auto-branch-1', remote: '203.0.113.1', state: 'up', reason: null },
      { name: 'auto-branch-2', remote: '', state: 'down', reason: 'the peer has not reported its address yet' },
      { name: 'mesh-branch-3', remote: '203.0.113.3', state: 'down', reason: 'no IKE SA with the peer' },
    ]);
  });
});
