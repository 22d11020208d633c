import { describe, expect, it } from 'vitest';
import { configDocumentSchema } from '../document';
import { interfaces, issues, uuid } from './test-fixtures';

const pool = (n: number, over: Record<string, unknown> = {}) => ({ id: uuid(n), interface: 'lan1', start: '192.168.1.100', end: '192.168.1.200', ...over });
const lease = (n: number, over: Record<string, unknown> = {}) => ({
  id: uuid(100 + n),
  name: `printer ${n}`,
  mac: `aa:bb:cc:dd:ee:0${n}`,
  ip: `192.168.1.${n + 10}`,
  ...over,
});
const services = (over: Record<string, unknown> = {}) => ({
  dhcp: [pool(1), pool(2, { interface: 'lan1.10', start: '192.168.10.10', end: '192.168.10.10', dns: ['1.1.1.1'], gateway: '192.168.10.1' })],
  static_leases: [lease(1), lease(2, { ip: '192.168.10.50' })],
  ...over,
});

describe('services family', () => {
  it('accepts pools, leases and every setting, and fills defaults', () => {
    const all = services({
      snmp: { enabled: true, community: 'public', location: 'Paris, 3rd floor' },
      ntp: { enabled: true, servers: ['pool.ntp.org', '192.0.2.123'], timezone: 'Europe/Paris' },
      logging: { remote: 'logs.example.com', protocol: 'tcp', level: 'warning' },
      ssh: { enabled: true, port: 2222, password_auth: false },
      http: {},
      alarms: { loss_pct: 2.5 },
      notifications: [
        { id: uuid(200), kind: 'email', target: 'noc@example.com' },
        { id: uuid(201), kind: 'webhook', target: 'https://hooks.example.com/netloom?team=noc' },
      ],
    });
    expect(issues({ interfaces, services: all })).toEqual([]);
    const doc = configDocumentSchema.parse({ interfaces, services: all });
    expect(doc.services?.dhcp[0]).toMatchObject({ lease_minutes: 720, dns: [] });
    expect(doc.services).toMatchObject({
      snmp: { port: 161 },
      logging: { port: 514 },
      ssh: { wan_access: false },
      http: { https_port: 443, redirect_http: true, wan_access: false },
      alarms: { latency_ms: 150, jitter_ms: 30, loss_pct: 2.5, hold_seconds: 60 },
    });
    expect(configDocumentSchema.parse({ services: {} }).services).toEqual({ dhcp: [], static_leases: [], notifications: [] });
  });

  it('keeps a MAC address in lower case and refuses one twice', () => {
    const doc = configDocumentSchema.parse({ interfaces, services: services({ static_leases: [lease(1, { mac: 'AA:BB:CC:DD:EE:0F' })] }) });
    expect(doc.services?.static_leases[0]?.mac).toBe('aa:bb:cc:dd:ee:0f');
    const twice = services({
      static_leases: [lease(1, { mac: 'aa:bb:cc:dd:ee:0f' }), lease(2, { mac: 'AA:BB:CC:DD:EE:0F' }), lease(3, { mac: 'aa-bb-cc-dd-ee-03' })],
    });
    expect(issues({ interfaces, services: twice })).toEqual([
      "services.static_leases.2.mac: Format 'aa:bb:cc:dd:ee:ff'",
      'services.static_leases.1.mac: This MAC address already has a lease',
    ]);
  });

  it('refuses a pool that ends before it starts, two pools on one interface and SSH on a web port', () => {
    const doc = services({
      dhcp: [pool(1, { start: '192.168.1.200', end: '192.168.1.100' }), pool(2, { start: '192.168.1.50', end: '192.168.1.60' })],
      static_leases: [],
      ssh: { enabled: true, port: 443, password_auth: true },
    });
    expect(issues({ interfaces, services: doc })).toEqual([
      'services.dhcp.0.end: Pool ends before it starts',
      'services.dhcp.1.interface: This interface already has a pool',
      'services.ssh.port: Port already used by HTTPS',
    ]);
    expect(issues({ services: { ssh: { enabled: true, port: 80, password_auth: true }, http: { https_port: 8443 } } })).toEqual([
      'services.ssh.port: Port already used by the HTTP redirect',
    ]);
    expect(issues({ services: { ssh: { enabled: false, port: 443, password_auth: true }, http: { https_port: 80 } } })).toEqual([
      'services.http.https_port: Port already used by the HTTP redirect',
    ]);
    expect(issues({ services: { ssh: { enabled: true, port: 80, password_auth: true }, http: { redirect_http: false } } })).toEqual([]);
  });

  it("refuses a pool off its LAN interface's subnet or on its address, and a lease outside every pool", () => {
    const doc = services({
      dhcp: [
        pool(1, { start: '192.168.1.1', end: '192.168.2.10' }),
        pool(2, { interface: 'lan2', start: '192.168.2.0', end: '192.168.2.255' }),
        pool(3, { interface: 'wan1' }),
      ],
      static_leases: [lease(1, { ip: '192.168.10.9' })],
    });
    expect(issues({ interfaces, services: doc })).toEqual([
      'services.dhcp.0.start: Address of lan1 itself',
      'services.dhcp.0.end: Outside the subnet of lan1',
      'services.dhcp.1.start: Network or broadcast address of lan2',
      'services.dhcp.1.end: Network or broadcast address of lan2',
      'services.dhcp.2.interface: No such LAN interface in this configuration',
      "services.static_leases.0.ip: Not in a DHCP pool's subnet",
    ]);
    expect(issues({ services: { dhcp: [pool(1)] } })).toEqual(['services.dhcp.0.interface: No such LAN interface in this configuration']);
  });

  it('checks time zones, notification targets and an enabled NTP without servers', () => {
    const ntp = (timezone: string, servers = ['pool.ntp.org']) => ({ services: { ntp: { enabled: true, servers, timezone } } });
    expect(issues(ntp('UTC'))).toEqual([]);
    expect(issues(ntp('America/Argentina/Buenos_Aires'))).toEqual([]);
    expect(issues(ntp('europe/paris'))).toEqual(['services.ntp.timezone: Choose a valid time zone.']);
    expect(issues(ntp('Mars/Olympus_Mons', []))).toEqual(['services.ntp.timezone: Choose a valid time zone.', 'services.ntp.servers: Add at least one server']);
    const notify = (kind: string, target: string) => ({ services: { notifications: [{ id: uuid(1), kind, target }] } });
    expect(issues(notify('email', 'https://hooks.example.com'))).toEqual(['services.notifications.0.target: Enter valid Email']);
    expect(issues(notify('webhook', 'http://hooks.example.com/x'))).toEqual(['services.notifications.0.target: Enter an https:// URL']);
    expect(issues(notify('webhook', 'noc@example.com'))).toEqual(['services.notifications.0.target: Enter an https:// URL']);
  });

  it('keeps settings within their ranges', () => {
    expect(issues({ services: { snmp: { enabled: true, community: '', port: 0 }, alarms: { loss_pct: 101, hold_seconds: 3601 } } })).toEqual([
      'services.snmp.community: Field is required',
      'services.snmp.port: Port should be within 1-65535',
      'services.alarms.loss_pct: Too big: expected number to be <=100',
      'services.alarms.hold_seconds: Too big: expected number to be <=3600',
    ]);
  });
});
