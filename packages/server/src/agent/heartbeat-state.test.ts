import { describe, expect, it } from 'vitest';
import { heartbeatSchema, type Heartbeat, type PostureReport } from '@netloom/domain';
import { applyHeartbeat } from './heartbeat-state';

const record = () => ({
  deviceStatus: 'running',
  lastSeenAt: new Date('2026-01-01T00:00:00Z'),
  wanStatus: [{ name: 'WAN1', status: 'up' as const, ifname: 'eth0', weight: 1 }],
  lbStatus: null,
  publicIp: '203.0.113.10',
  vpnIp: null,
  locationName: 'Chennai',
  latitude: 13.08,
  longitude: 80.27,
  os: 'OpenWrt',
  username: 'ann@acme.test',
  traffic: ['1', '2'],
  appliedConfigHash: 'abc',
  appliedConfigSeq: -1,
  posture: null as PostureReport | null,
  version: '2.1.8' as string | null,
});

/** As the gateway gets it: parsed from the device's text, so no object is shared with the record. */
const heartbeat = (fields: object): Heartbeat => heartbeatSchema.parse(JSON.parse(JSON.stringify({ type: 'heartbeat', seq: 1, status: 'running', ...fields })));

describe('a heartbeat written onto the live record', () => {
  it('keeps the values the record holds when the heartbeat repeats them, and takes the new ones', () => {
    const d = record();
    const before = { ...d };
    const now = new Date();
    applyHeartbeat(
      d,
      heartbeat({ status: 'error', wan: before.wanStatus, public_ip: '203.0.113.10', location: { name: 'Chennai', lat: 13.1, lng: 80.3 }, traffic: ['3'] }),
      now,
    );
    expect(d.wanStatus).toBe(before.wanStatus);
    expect(d.publicIp).toBe(before.publicIp);
    expect(d.locationName).toBe(before.locationName);
    expect(d).toEqual({ ...before, deviceStatus: 'error', lastSeenAt: now, latitude: 13.1, longitude: 80.3, traffic: ['3'] });
  });

  it('takes a changed link list, bonding and address', () => {
    const d = record();
    const wan = [
      { name: 'WAN1', status: 'down', ifname: 'eth0', weight: 1 },
      { name: 'LTE', status: 'up', ifname: 'wwan0', weight: 2 },
    ];
    const lb = { status: 'up', tunnel: { status: 'up', interfaces: ['eth0'] }, mpls: { status: 'down', interfaces: [] } };
    applyHeartbeat(d, heartbeat({ wan, lb_status: lb, vpn_ip: '100.64.0.7', public_ip: '198.51.100.1' }), new Date());
    expect(d).toMatchObject({ wanStatus: wan, lbStatus: lb, vpnIp: '100.64.0.7', publicIp: '198.51.100.1' });
  });

  it('leaves what the heartbeat does not say, clears the user on null and the links when none are sent', () => {
    const d = record();
    applyHeartbeat(d, heartbeat({ user: null, public_ip: null, location: null }), new Date());
    expect(d).toMatchObject({
      username: null,
      publicIp: '203.0.113.10',
      locationName: 'Chennai',
      os: 'OpenWrt',
      traffic: ['1', '2'],
      appliedConfigHash: 'abc',
      appliedConfigSeq: -1,
      wanStatus: [],
    });
  });

  it("takes an endpoint's posture when it changes, keeps its own object while the report repeats, and its client version as the device's", () => {
    const d = record();
    const posture = { os_version: '14.2', client_version: '2.1.10', disk_encrypted: true, firewall_on: false };
    applyHeartbeat(d, heartbeat({ posture }), new Date());
    expect(d).toMatchObject({ posture, version: '2.1.10' });
    const kept = d.posture;
    applyHeartbeat(d, heartbeat({ posture }), new Date());
    expect(d.posture).toBe(kept);
    applyHeartbeat(d, heartbeat({}), new Date());
    expect(d.posture).toBe(kept);
    applyHeartbeat(d, heartbeat({ posture: { ...posture, firewall_on: true } }), new Date());
    expect(d).toMatchObject({ posture: { ...posture, firewall_on: true }, version: '2.1.10' });
  });
});
