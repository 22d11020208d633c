import { describe, expect, it } from 'vitest';
import { bgpSectionSchema } from '@netloom/domain';
import { frrBgpConfig, frrBgpRemoval } from './frr';

const id = () => crypto.randomUUID();
const bgp = bgpSectionSchema.parse({
  asn: 65001,
  router_id: '100.64.0.2',
  networks: ['192.168.50.0/24'],
  redistribute: { connected: true, static: false },
  prefix_lists: [{ id: id(), name: 'site routes', entries: [{ seq: 10, action: 'permit', prefix: '10.9.0.0/16', le: 24 }] }],
  route_maps: [
    { id: id(), name: 'prefer', entries: [{ seq: 10, action: 'permit', match_prefix_list: 'site routes', set_local_pref: 200, set_as_path_prepend: 2 }] },
  ],
  neighbours: [
    { id: id(), address: '100.64.0.1', remote_asn: 65002, password: 'secret', route_map_in: 'prefer', prefix_list_out: 'site routes' },
    { id: id(), address: '198.51.100.1', remote_asn: 64512, enabled: false, ebgp_multihop: 2 },
  ],
});

describe('BGP as FRR configuration', () => {
  const conf = frrBgpConfig(bgp).split('\n');
  it('writes the speaker, each neighbour with its timers and password, and turns off one it should not talk to', () => {
    expect(conf).toEqual(
      expect.arrayContaining([
        'router bgp 65001',
        ' bgp router-id 100.64.0.2',
        ' neighbor 100.64.0.1 remote-as 65002',
        ' neighbor 100.64.0.1 timers 60 180',
        ' neighbor 100.64.0.1 password secret',
        ' neighbor 198.51.100.1 ebgp-multihop 2',
        ' neighbor 198.51.100.1 shutdown',
      ]),
    );
  });
  it('announces its networks and applies the policies, with names FRR takes', () => {
    expect(conf).toEqual(
      expect.arrayContaining([
        'ip prefix-list site_routes seq 10 permit 10.9.0.0/16 le 24',
        'route-map prefer permit 10',
        ' match ip address prefix-list site_routes',
        ' set local-preference 200',
        ' set as-path prepend 65001 65001',
        '  network 192.168.50.0/24',
        '  redistribute connected',
        '  neighbor 100.64.0.1 route-map prefer in',
        '  neighbor 100.64.0.1 prefix-list site_routes out',
      ]),
    );
    expect(conf.indexOf('route-map prefer permit 10')).toBeLessThan(conf.indexOf('router bgp 65001'));
  });
  it('takes out only what the section brought', () => {
    expect(frrBgpRemoval(bgp)).toEqual(['no router bgp 65001', 'no route-map prefer', 'no ip prefix-list site_routes']);
  });
});
