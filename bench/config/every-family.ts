import type { ConfigFamily } from '@netloom/domain';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * One section of every configuration family, as a branch template carries them: what bench:config
 * pushes to every gateway beside the `{{dc}}` routes. A family added to CONFIG_FAMILIES without a
 * section here fails every-family.test.ts, so the bench keeps carrying all of them.
 */
export function everyFamilySections(routes: readonly unknown[]): Record<ConfigFamily, unknown> {
  return {
    interfaces: {
      lan: [{ name: 'lan1', ip: '192.168.10.1', prefix: 24 }],
      vlans: [{ id: uuid(1), parent: 'lan1', vlan_id: 20, ip: '192.168.20.1', prefix: 24 }],
      wan: [
        { name: 'wan1', mode: 'dhcp', weight: 3 },
        { name: 'wan2', mode: 'dhcp' },
      ],
    },
    static_routes: routes,
    firewall: {
      zones: [
        { id: uuid(2), name: 'lan', interfaces: ['lan1', 'lan1.20'], input: 'accept', output: 'accept', forward: 'accept' },
        { id: uuid(3), name: 'wan', interfaces: ['wan1', 'wan2'], input: 'drop', output: 'accept', forward: 'reject', masquerade: true },
      ],
      inbound: [{ id: uuid(4), name: 'ssh from office', protocol: 'tcp', src_zone: 'wan', src: '@office', dest_port: '22', action: 'accept' }],
      outbound: [{ id: uuid(5), name: 'block bad', protocol: 'any', src_zone: 'lan', dest: '@bad', action: 'drop' }],
      ipsets: [
        { id: uuid(6), name: 'office', entries: ['198.51.100.7'] },
        { id: uuid(7), name: 'bad', entries: ['203.0.113.0/24'] },
      ],
    },
    nat: {
      port_forwards: [
        { id: uuid(8), name: 'web', protocol: 'tcp', wan_interface: 'wan1', external_port: '8443', internal_ip: '192.168.10.10', internal_port: '443' },
      ],
    },
    services: {
      dhcp: [
        { id: uuid(9), interface: 'lan1', start: '192.168.10.100', end: '192.168.10.150' },
        { id: uuid(10), interface: 'lan1.20', start: '192.168.20.100', end: '192.168.20.150' },
      ],
      static_leases: [{ id: uuid(11), name: 'printer', mac: 'aa:bb:cc:dd:ee:01', ip: '192.168.10.100' }],
    },
    sdwan: {
      interfaces: [{ interface: 'wan1' }, { interface: 'wan2', priority: 2 }],
      rules: [{ id: uuid(12), name: 'voice', dscp: 46, preferred_wan: 'wan1', sla: { latency_ms: 150, jitter_ms: 30, loss_pct: 2 } }],
    },
    ipsec: {
      tunnels: [
        {
          id: uuid(13),
          name: 'to-dc',
          remote: '198.51.100.2',
          local_interface: 'wan1',
          local_subnets: ['192.168.10.0/24'],
          remote_subnets: ['10.250.0.0/16'],
          psk: 'bench-shared-secret',
        },
      ],
    },
    policy_routing: [{ id: uuid(14), name: 'guests out wan2', protocol: 'any', source: '192.168.20.0/24', out_interface: 'wan2', priority: 1 }],
    qos: {
      interfaces: [{ interface: 'wan1', upload_kbps: 20_000, download_kbps: 100_000 }],
      classes: [
        { id: uuid(15), name: 'voice', guaranteed_pct: 30, maximum_pct: 50, priority: 1 },
        { id: uuid(16), name: 'bulk', guaranteed_pct: 10, maximum_pct: 100, priority: 7 },
      ],
      rules: [{ id: uuid(17), name: 'rtp', class: 'voice', dscp: 46 }],
    },
    vrrp: { groups: [{ id: uuid(18), interface: 'lan1', vrid: 10, virtual_ip: '192.168.10.254', priority: 150 }] },
    bgp: { asn: 65001, router_id: '10.255.0.1', neighbours: [{ id: uuid(19), address: '10.255.0.2', remote_asn: 65002 }], networks: ['192.168.10.0/24'] },
    link_bonding: { internet: [{ id: uuid(20), name: 'uplinks', members: ['wan1', 'wan2'], mode: 'balance-flow', probe: { target: '1.1.1.1' } }] },
    netflow: { interfaces: ['wan1', 'lan1'], sampling: 100, collectors: [{ address: '192.0.2.9', port: 2055 }] },
    wireless: {
      country: 'FR',
      radios: { '2_4ghz': { enabled: true }, '5ghz': { enabled: true, channel: 36, width_mhz: 80 } },
      ssids: [{ id: uuid(21), name: 'office', passphrase: 'correct horse battery', radios: ['2_4ghz', '5ghz'] }],
    },
    acceleration: { wan_links: ['wan1', 'wan2'], rules: [{ id: uuid(22), name: 'teams', application: 'Microsoft Teams', fec: true, fec_overhead_pct: 10 }] },
    user_mapping: {
      static_entries: [{ id: uuid(23), address: '192.168.10.20', user: 'OFFICE\\reception' }],
      radius: { enabled: true, secret: 'bench-radius-secret', clients: ['192.168.10.0/24'] },
      dhcp_hostnames: true,
    },
    // Carried off: a gateway in a mesh has peers that leave itself out, so each document is its own and
    // rendering one per device is a different figure from this bench's (one render per group of alike gateways).
    overlay_mesh: { enabled: false, topology: 'hub-and-spoke', role: 'spoke', subnets: ['192.168.10.0/24'] },
    // Detect mode: every model runs it (the smallest refuses prevent mode).
    ids_ips: {
      mode: 'detect',
      interfaces: ['wan1', 'wan2'],
      home_networks: ['192.168.0.0/16'],
      categories: { malware: 'drop', policy: 'disable' },
      exceptions: [{ sid: 2044401, address: '192.168.10.50' }],
    },
    content_filter: {
      categories: [
        { category: 'gambling', action: 'block' },
        { category: 'streaming-media', action: 'monitor' },
      ],
      blocked_urls: ['casino.example.com'],
      allowed_urls: ['www.youtube.com/edu'],
    },
    url_filter: { interfaces: ['lan1', 'lan1.20'], exempt_clients: ['192.168.10.100'], safesearch: true, block_page_message: 'Blocked by the office filter' },
  };
}
