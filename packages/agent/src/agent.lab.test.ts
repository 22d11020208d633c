import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { LAB, labUnavailable, labZones } from './test/netns-lab';
import { LAB_INTERFACES, labAgent, waitFor } from './test/lab-agent';

const unavailable = labUnavailable();
/** Whether this kernel makes 802.1Q links, found as the agent finds it: one made in a throwaway namespace. */
const KERNEL_HAS_VLAN =
  !unavailable &&
  spawnSync('unshare', ['--net', 'ip', '-batch', '-'], {
    input: 'link add name p0 type veth peer name p1\nlink add link p0 name p0.20 type vlan id 20\n',
  }).status === 0;
if (unavailable) console.warn(`agent lab not run: ${unavailable}`);

/** Short enough for a test to see a revert, long enough for a push on a busy machine to be answered inside it. */
const CONFIRM_WINDOW_MS = 20_000;
/** The gateway namespace's own Mosquitto (on its loopback), which the agent bridges. */
const MQTT_PORT = 18830;

/**
 * The agent on a real Linux network stack: a gateway namespace running the agent against the real
 * server, a LAN client, an ISP and a remote site, and assertions on real packets.
 */
describe.runIf(!unavailable)('the Netloom agent on real packets in network namespaces', () => {
  const h = labAgent({ serial: 'LNX-LAB-0001', confirmWindowMs: CONFIRM_WINDOW_MS, flowIntervalS: 2, lan: { intervalS: 2, mqttPort: MQTT_PORT } });
  const { call, config, push, gw, pingFrom } = h;

  it('enrols, keeps its credential readable by root only, and says what the host is', async () => {
    const device = await waitFor('the device row', async () => {
      const res = await call('GET', `device/config/${h.deviceId}/`);
      return res.statusCode === 200 ? res : null;
    });
    expect(device.statusCode).toBe(200);
    const state = path.join(h.stateDir, 'state.json');
    expect(statSync(state).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(state, 'utf8')).credential.device_id).toBe(h.deviceId);
    expect(h.agentLog.join('\n')).toMatch(/this host can run: .*nftables.*dnsmasq/);
  });

  it('addresses its interfaces and puts in its WAN default routes', async () => {
    const c = await push('interfaces', LAB_INTERFACES);
    expect(c.sync).toMatchObject({ state: 'synced', error: null });
    expect(pingFrom(h.lab.ns.lan, LAB.lanGw)).toBe(true);
    expect(gw('ip', 'route', 'show', 'default').stdout).toMatch(new RegExp(`default via ${LAB.wan0Isp} dev wan0 proto 173 metric 100`));
    // No NAT yet: the remote site cannot answer the LAN's private address.
    expect(await h.lab.connectFromLan(LAB.remote, 7000)).toMatch(/^error/);
  });

  it('reports what the host is and can run, and its interfaces as the kernel has them', async () => {
    const system = await h.status('system');
    expect(system.kind === 'system' && system.entries[0]).toMatchObject({ capabilities: expect.arrayContaining(['nftables', 'dnsmasq', 'conntrack']) });
    expect(system.kind === 'system' && system.entries[0]?.firmware).toMatch(/kernel .*agent 0\.1\.0/);
    const interfaces = await h.status('interfaces');
    expect(interfaces.kind === 'interfaces' && interfaces.entries).toContainEqual(
      expect.objectContaining({
        name: 'wan0',
        kind: 'wan',
        address: LAB.wan0Gw,
        prefix: 24,
        up: true,
        mac: expect.stringMatching(/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/),
      }),
    );
  });

  it('masquerades the LAN behind the WAN address and blocks one port while another stays open', async () => {
    const c = await push('firewall', {
      zones: labZones(),
      inbound: [],
      outbound: [{ id: crypto.randomUUID(), name: 'No 7001', enabled: true, protocol: 'tcp', src_zone: 'lan', dest_port: '7001', action: 'reject' }],
      ipsets: [],
    });
    expect(c.sync.state).toBe('synced');
    expect(await h.lab.connectFromLan(LAB.remote, 7000)).toBe(LAB.wan0Gw);
    expect(await h.lab.connectFromLan(LAB.remote, 7001)).toMatch(/^error/);
    expect(h.lab.exec(h.lab.ns.gw, ['nft', 'list', 'tables']).stdout).toMatch(/table inet netloom/);
  });

  it('makes the remote subnet reachable with a static route', async () => {
    expect(pingFrom(h.lab.ns.lan, LAB.site)).toBe(false);
    const c = await push('static_routes', [
      { id: crypto.randomUUID(), name: 'Site', destination: '10.9.9.0/24', gateway: LAB.wan1Remote, metric: 0, enabled: true },
    ]);
    expect(c.sync.state).toBe('synced');
    expect(pingFrom(h.lab.ns.lan, LAB.site)).toBe(true);
  });

  it('sends one source out the second WAN with a policy route', async () => {
    const c = await push('policy_routing', [
      {
        id: crypto.randomUUID(),
        name: 'Client by WAN 2',
        enabled: true,
        protocol: 'tcp',
        source: `${LAB.lanClient}/32`,
        dest_port: '7000',
        out_interface: 'wan1',
        priority: 10,
      },
    ]);
    expect(c.sync.state).toBe('synced');
    // The remote site sees the connection come from the second WAN's address.
    expect(await h.lab.connectFromLan(LAB.remote, 7000)).toBe(LAB.wan1Gw);
  });

  it("shows the LAN client's real connections in the device's top talkers", async () => {
    for (let i = 0; i < 3; i++) expect(await h.lab.connectFromLan(LAB.remote, 7000)).toMatch(/^\d/);
    const talkers = await waitFor('the client among the top talkers', async () => {
      const res = await call('POST', `sdwan/netflow/device/${h.deviceId}/top-talkers/`, { timeduration: 60 });
      const results = (res.json() as { results: { address?: string; value: number }[] }).results;
      return results.find((r) => r.address === LAB.lanClient);
    });
    expect(talkers.value).toBeGreaterThan(0);
  });

  it('gives a DHCP client an address from the configured pool', async () => {
    const c = await push('services', {
      dhcp: [{ id: crypto.randomUUID(), interface: 'lan0', start: '192.168.50.100', end: '192.168.50.150', lease_minutes: 60, dns: [], gateway: LAB.lanGw }],
      static_leases: [],
      notifications: [],
    });
    expect(c.sync).toMatchObject({ state: 'synced', error: null });
    const leases = path.join(h.stateDir, 'client.leases');
    const ran = await h.lab.execAsync(h.lab.ns.lan, [
      'dhclient',
      '-1',
      '-sf',
      '/bin/true',
      '-lf',
      leases,
      '-pf',
      path.join(h.stateDir, 'dhclient.pid'),
      'eth0',
    ]);
    expect(ran.status, ran.stderr).toBe(0);
    expect(readFileSync(leases, 'utf8')).toMatch(/fixed-address 192\.168\.50\.(1[0-4]\d|150);/);
  });

  it('blocks a host for the LAN through its DNS, and leaves other names alone', async () => {
    const lookup = (name: string) =>
      h.lab
        .exec(h.lab.ns.lan, [
          process.execPath,
          '-e',
          `const r = new (require('node:dns').promises.Resolver)(); r.setServers(['${LAB.lanGw}']); r.resolve4('${name}').then((a) => console.log(a.join()), (e) => console.log(e.code));`,
        ])
        .stdout.trim();
    expect(lookup('localhost')).toBe('127.0.0.1');
    const c = await push('content_filter', { blocked_urls: ['*.games.example'], allowed_urls: [] });
    expect(c.sync).toMatchObject({ state: 'synced', error: null });
    expect(lookup('play.games.example')).toBe('ENOTFOUND');
    expect(lookup('games.example')).toBe('ENOTFOUND');
    expect(lookup('localhost')).toBe('127.0.0.1');
  });

  it("reports its LAN: the client's DNS questions from dnsmasq's log on its NDR timeline, the client in the IoT inventory, a sensor's reading through the MQTT bridge", async () => {
    // The lookups of the test before went through the gateway's dnsmasq, which logs every query.
    const timeline = await waitFor("the client's DNS queries", async () => {
      const res = await call('GET', `ndr/hosts/timeline/?host_ip=${LAB.lanClient}&device_id=${h.deviceId}`);
      const dns = (res.json() as { dns?: { name: string; rcode: string }[] }).dns ?? [];
      return dns.some((q) => q.name === 'play.games.example') && dns;
    });
    expect(timeline.find((q) => q.name === 'localhost')).toMatchObject({ rcode: 'NOERROR' });

    const inventory = await waitFor('the LAN client in the inventory', async () => {
      const res = await call('GET', `iot/devices/?gateway_id=${h.deviceId}`);
      return (res.json() as { results?: { ip: string | null; mac: string | null }[] }).results?.find((d) => d.ip === LAB.lanClient);
    });
    expect(inventory.mac).toMatch(/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/);

    const rule = await call('POST', 'iot/forward-rules/', { filter: 'lab/+/temperature', series: 'temperature', unit: '°C', device_wildcard: 1 });
    expect(rule.statusCode, rule.body).toBe(201);
    const sensor = await waitFor("the sensor's reading", async () => {
      const published = h.lab.exec(h.lab.ns.gw, ['mosquitto_pub', '-p', String(MQTT_PORT), '-q', '1', '-t', 'lab/sensor-1/temperature', '-m', '21.5']);
      expect(published.status, published.stderr).toBe(0);
      const res = await call('GET', 'iot/devices/?search=sensor-1');
      return (res.json() as { results?: { last_values: { series: string; value: number }[] }[] }).results?.find((d) => d.last_values.length > 0);
    });
    expect(sensor.last_values).toEqual([expect.objectContaining({ series: 'temperature', value: 21.5 })]);
  });

  it('reports a route deleted by hand as drift, and auto-sync puts it back', async () => {
    gw('ip', 'route', 'del', '10.9.9.0/24');
    expect(pingFrom(h.lab.ns.lan, LAB.site)).toBe(false);
    const drifted = await waitFor('the drift reported', async () => (await config()).drift);
    expect(drifted.box_document?.static_routes).toEqual([]);
    await waitFor('the route back', () => /10\.9\.9\.0\/24 via/.test(gw('ip', 'route').stdout));
    expect(pingFrom(h.lab.ns.lan, LAB.site)).toBe(true);
    await waitFor('synced again', async () => (await config()).sync.state === 'synced');
  });

  // One hand change at a time: a reading taken between two changes would report the first alone, and the repair it starts could put the second back before any reading saw it.
  it('reports its firewall table and its DHCP server removed by hand, and puts both back', async () => {
    type Box = { firewall?: { outbound: unknown[] }; services?: { dhcp: unknown[] } };
    /** The box as its last drift report described it, once it matches. */
    const driftWhere = async (matches: (b: Box) => boolean) => {
      const b = (await config()).drift?.box_document as Box | undefined;
      return b && matches(b) && b;
    };
    const pid = () => readFileSync(path.join(h.stateDir, 'run', 'dnsmasq.pid'), 'utf8').trim();

    gw('nft', 'delete', 'table', 'inet', 'netloom');
    const withoutFirewall = await waitFor('the firewall drift reported', () => driftWhere((b) => b.firewall?.outbound.length === 0));
    expect(withoutFirewall.services?.dhcp.length).toBeGreaterThan(0);
    await waitFor('the firewall back', () => /table inet netloom/.test(gw('nft', 'list', 'tables').stdout));
    expect(await h.lab.connectFromLan(LAB.remote, 7001)).toMatch(/^error/);
    await waitFor('synced again', async () => (await config()).sync.state === 'synced');

    const before = pid();
    gw('kill', before);
    const withoutDhcp = await waitFor('the DHCP drift reported', () => driftWhere((b) => b.services?.dhcp.length === 0));
    expect(withoutDhcp.firewall?.outbound.length).toBeGreaterThan(0);
    await waitFor('the DHCP server back', () => pid() !== before && gw('kill', '-0', pid()).status === 0);
    await waitFor('synced again', async () => (await config()).sync.state === 'synced');
  });

  it('undoes a push the kernel refuses half-way, and says what failed', async () => {
    const site = { id: crypto.randomUUID(), name: 'Site', destination: '10.9.9.0/24', gateway: LAB.wan1Remote, metric: 0, enabled: true };
    const other = { id: crypto.randomUUID(), name: 'Other', destination: '10.7.7.0/24', gateway: LAB.wan1Remote, metric: 0, enabled: true };
    // The schema takes any address of the WAN's subnet; the kernel takes no route through its broadcast address: the third route fails after the second went in.
    const broadcast = { id: crypto.randomUUID(), name: 'Broadcast', destination: '10.6.6.0/24', gateway: '100.64.0.255', metric: 0, enabled: true };
    const c = await push('static_routes', [site, other, broadcast]);
    expect(c.sync.state).toBe('failed');
    expect(c.sync.error).toMatch(/Nexthop has invalid gateway.*the previous configuration was restored/);
    expect(gw('ip', 'route').stdout).not.toMatch(/10\.7\.7\.0\/24/);
    expect(pingFrom(h.lab.ns.lan, LAB.site)).toBe(true);
    expect((await push('static_routes', [site])).sync.state).toBe('synced');
  });

  // The same test on either kind of kernel: this one has no 8021q, so the VLAN step itself is proved by its unit tests (render/links.test.ts).
  const vlans = [{ id: crypto.randomUUID(), parent: 'lan0', vlan_id: 20, ip: '192.168.60.1', prefix: 24 }];
  /** Where the kernel has no 802.1Q (this machine's): the capability detection refuses the push by name, and nothing changes. */
  const refusesVlans = async () => {
    const c = await push('interfaces', { ...LAB_INTERFACES, vlans });
    expect(c.sync.state).toBe('failed');
    expect(c.sync.error).toBe('interfaces: this kernel has no VLAN (802.1Q) support (lan0.20)');
    expect(gw('ip', 'link', 'show', 'lan0.20').status).not.toBe(0);
    expect(pingFrom(h.lab.ns.lan, LAB.lanGw)).toBe(true);
    expect((await push('interfaces', LAB_INTERFACES)).sync.state).toBe('synced');
  };

  /** Where it has 802.1Q: the VLAN is made on the LAN, healed when deleted by hand, and removed when it goes. */
  const runsVlans = async () => {
    expect((await push('interfaces', { ...LAB_INTERFACES, vlans })).sync).toMatchObject({ state: 'synced', error: null });
    const client = (...args: string[]) => h.lab.exec(h.lab.ns.lan, ['ip', ...args]);
    client('link', 'add', 'link', 'eth0', 'name', 'eth0.20', 'type', 'vlan', 'id', '20');
    client('addr', 'add', '192.168.60.10/24', 'dev', 'eth0.20');
    client('link', 'set', 'eth0.20', 'up');
    await waitFor('the gateway on the tagged VLAN', () => pingFrom(h.lab.ns.lan, '192.168.60.1'), 10_000);
    gw('ip', 'link', 'del', 'lan0.20');
    const drifted = await waitFor('the drift reported', async () => (await config()).drift);
    expect((drifted.box_document?.interfaces as { vlans?: unknown[] } | undefined)?.vlans).toEqual([]);
    await waitFor('the VLAN back', () => pingFrom(h.lab.ns.lan, '192.168.60.1'), 30_000);
    await waitFor('synced again', async () => (await config()).sync.state === 'synced');
    expect((await push('interfaces', LAB_INTERFACES)).sync.state).toBe('synced');
    expect(gw('ip', 'link', 'show', 'lan0.20').status).not.toBe(0);
    client('link', 'del', 'eth0.20');
  };

  it(`${KERNEL_HAS_VLAN ? 'runs' : 'refuses'} VLANs as this kernel ${KERNEL_HAS_VLAN ? 'has' : 'lacks'} 802.1Q`, () =>
    KERNEL_HAS_VLAN ? runsVlans() : refusesVlans());

  it('refuses a family this host cannot run, with the reason, and keeps running what it ran', async () => {
    const c = await push('bgp', { asn: 65001, router_id: LAB.wan0Gw, neighbours: [], networks: [] });
    expect(c.sync.state).toBe('failed');
    // Without FRR, or with FRR but no bgpd for this gateway (the BGP lab runs its own): said either way.
    expect(c.sync.error).toMatch(/^bgp: (this host has no FRR \(vtysh\)|FRR's bgpd does not run on this host)/);
    expect(pingFrom(h.lab.ns.lan, LAB.site)).toBe(true);
  });

  it('reverts a push that cuts its management path, and says so when it is back', async () => {
    // Deleting the refused BGP section is the way on; it leaves the device synced.
    expect((await call('DELETE', `device/config/${h.deviceId}/sections/bgp/`)).statusCode).toBe(200);
    await waitFor('synced without BGP', async () => (await config()).sync.state === 'synced');
    const cut = [
      { id: crypto.randomUUID(), name: 'Site', destination: '10.9.9.0/24', gateway: LAB.wan1Remote, metric: 0, enabled: true },
      // The console's own address sent to a LAN host that is not there: the management path is gone.
      { id: crypto.randomUUID(), name: 'Mistake', destination: `${h.lab.mgmtRoot}/32`, gateway: '192.168.50.99', metric: 0, enabled: true },
    ];
    const saved = await call('PUT', `device/config/${h.deviceId}/sections/static_routes/`, { section: cut });
    expect(saved.statusCode, saved.body).toBe(200);
    const failed = await waitFor('the push reverted', async () => ((await config()).sync.state === 'failed' ? config() : null), CONFIRM_WINDOW_MS + 30_000);
    expect(failed.sync.error).toMatch(/management connection lost/);
    expect(gw('ip', 'route').stdout).not.toMatch(new RegExp(`${h.lab.mgmtRoot.replace(/\./g, '\\.')} via`));
    expect(pingFrom(h.lab.ns.gw, h.lab.mgmtRoot)).toBe(true);
  }, 90_000);
});
