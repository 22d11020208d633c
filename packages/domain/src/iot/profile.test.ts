import { describe, expect, it } from 'vitest';
import type { NdrFlow } from '../ndr/evidence';
import { ndrDetectionSchema } from '../ndr/detection';
import { deviations } from './deviations';
import { allowInProfile, communicationProfileSchema, learn, newProfile, PROFILE_ENTRIES_MAX, profileFlows, type CommunicationProfile } from './profile';

const GATEWAY = '6f1c1a52-3c47-4a54-9d55-0e6f1b7a2c01';
const T0 = Date.parse('2026-11-01T00:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CAMERA = { ip: '192.168.10.21', mac: '44:47:cc:0a:0b:0c' };
const NVR = '192.168.10.5';
const members = new Map([
  [CAMERA.ip, CAMERA.mac],
  ['192.168.10.22', '44:47:cc:0a:0b:0d'],
]);

const flow = (t: number, over: Partial<NdrFlow>): NdrFlow => ({
  kind: 'flow',
  device_id: GATEWAY,
  time: new Date(t).toISOString(),
  src_ip: CAMERA.ip,
  src_port: 40000,
  dst_ip: '52.28.10.4',
  dst_port: 443,
  protocol: 6,
  bytes_out: 2000,
  bytes_in: 500,
  packets_out: 10,
  packets_in: 8,
  ...over,
});

/** A day of what a camera does: its recorder pulls the stream, it reports to its maker's cloud in NL, asks the gateway for the time. */
const usualDay = (day: number): NdrFlow[] =>
  [0, 6, 12, 18].flatMap((h) => {
    const t = T0 + day * DAY + h * HOUR;
    return [
      flow(t, { src_ip: NVR, src_port: 51000, dst_ip: CAMERA.ip, dst_port: 554 }),
      flow(t + 60_000, { dst_ip: '52.28.10.4', dst_country: 'NL', application: 'api.hik-connect.com' }),
      flow(t + 120_000, { dst_ip: '192.168.10.1', dst_port: 123, protocol: 17 }),
    ];
  });

function learned(): CommunicationProfile {
  let profile = newProfile('camera', T0, 7);
  for (let day = 0; day < 7; day++) profile = learn(profile, profileFlows(usualDay(day), members), T0 + (day + 1) * DAY);
  return profile;
}

describe("a class's communication profile", () => {
  it('learns who the devices talk to, on which service, during its learning period', () => {
    const profile = learned();
    const shown = profile.entries.map((e) => `${e.direction} ${e.peer_kind} ${e.peer} ${e.protocol}/${e.port}`).sort();
    expect(shown).toEqual(['in host 192.168.10.5 6/554', 'out country NL 6/443', 'out domain hik-connect.com 6/443', 'out host 192.168.10.1 17/123']);
    expect(profile.entries.find((e) => e.peer === 'NL')?.flows).toBe(28);
    // Kept as JSON and read back with its schema.
    expect(communicationProfileSchema.parse(JSON.parse(JSON.stringify(profile)))).toEqual(profile);
  });

  it('learns nothing new after the learning period, only refreshes what it knows', () => {
    const after = T0 + 8 * DAY;
    const profile = learn(learned(), profileFlows([flow(after, { dst_ip: '203.0.113.9', dst_country: 'RU' }), ...usualDay(8)], members), after + DAY);
    expect(profile.entries.some((e) => e.peer === 'RU')).toBe(false);
    expect(profile.entries.find((e) => e.peer === 'NL')?.last_seen).toBe(new Date(T0 + 8 * DAY + 18 * HOUR + 60_000).toISOString());
  });

  it('keeps a subnet rather than its hosts past eight of them, and stays within its cap', () => {
    const recorders = Array.from({ length: 12 }, (_, i) => flow(T0 + i, { src_ip: `192.168.20.${i + 10}`, dst_ip: CAMERA.ip, dst_port: 554 }));
    const profile = learn(newProfile('camera', T0), profileFlows(recorders, members), T0 + DAY);
    expect(profile.entries.map((e) => `${e.peer_kind} ${e.peer}`)).toEqual(['subnet 192.168.20.0/24']);
    expect(profile.entries[0]!.flows).toBe(12);

    const many = Array.from({ length: PROFILE_ENTRIES_MAX + 50 }, (_, i) => flow(T0 + i, { dst_ip: '52.28.10.4', dst_country: 'NL', dst_port: 1 + i }));
    const full = learn(newProfile('camera', T0), profileFlows(many, members), T0 + DAY);
    expect(full.entries).toHaveLength(PROFILE_ENTRIES_MAX);
    expect(full.forgotten).toBe(50);
    // The oldest went first.
    expect(full.entries.some((e) => e.port === 1)).toBe(false);
  });
});

describe('deviations from the profile', () => {
  const after = T0 + 10 * DAY;

  it("finds none in the devices' usual traffic", () => {
    expect(deviations(learned(), profileFlows(usualDay(10), members))).toEqual([]);
  });

  it('flags a camera that starts talking to a new country exactly once, as an NDR detection', () => {
    const flows = [
      ...usualDay(10),
      ...[1, 2, 3].map((m) => flow(after + m * 60_000, { dst_ip: '203.0.113.9', dst_country: 'RU', application: 'cdn.example.ru' })),
    ];
    const found = deviations(learned(), profileFlows(flows, members));
    expect(found).toHaveLength(1);
    const [d] = found;
    expect(ndrDetectionSchema.parse(d)).toEqual(d);
    expect(d).toMatchObject({
      rule_id: 'iot.profile_deviation',
      severity: 'medium',
      host: { ip: CAMERA.ip, device_id: GATEWAY },
      peer: '203.0.113.9',
      title: 'IP camera talks to a new country: Russia',
      tactics: ['TA0011'],
      techniques: ['T1071'],
      first_seen: new Date(after + 60_000).toISOString(),
      last_seen: new Date(after + 180_000).toISOString(),
      facts: { deviation: 'new_country', class: 'camera', mac: CAMERA.mac, country: 'RU' },
    });
    expect(d!.summary).toBe(
      '192.168.10.21 (IP camera, 44:47:cc:0a:0b:0c) talks to 203.0.113.9 in Russia (TCP/443), a country new for its class. Outside the profile learned for its class (countries: NL).',
    );
    expect(d!.evidence).toHaveLength(3);
  });

  it('judges nothing during the learning period', () => {
    const profile = newProfile('camera', T0, 7);
    expect(deviations(profile, profileFlows([flow(T0 + DAY, { dst_country: 'RU' })], members))).toEqual([]);
  });

  it('tells a new internal peer, a new service of a known peer and a reach from outside apart', () => {
    const flows = [
      flow(after, { dst_ip: '192.168.10.50', dst_port: 445 }),
      flow(after + 1, { dst_ip: '52.28.10.4', dst_country: 'NL', dst_port: 23 }),
      flow(after + 2, { dst_ip: '52.28.10.9', dst_country: 'NL', application: 'evil.example.com' }),
      flow(after + 3, { src_ip: '198.51.100.4', dst_ip: CAMERA.ip, dst_port: 80 }),
    ];
    const found = deviations(learned(), profileFlows(flows, members));
    expect(found.map((d) => [d.facts.deviation, d.severity, d.tactics, d.techniques])).toEqual([
      ['new_internal_peer', 'medium', ['TA0008'], ['T1021']],
      ['new_external_service', 'low', ['TA0011'], ['T1071']],
      ['new_destination', 'low', ['TA0011'], ['T1071']],
      ['new_inbound_external', 'high', ['TA0001'], ['T1190']],
    ]);
    expect(found.map((d) => d.title)).toEqual([
      'IP camera talks to a new internal host: 192.168.10.50',
      'IP camera uses a new service in Netherlands: TCP/23',
      'IP camera talks to a new destination: example.com',
      'IP camera is reached from the internet on TCP/80',
    ]);
  });

  it('says nothing more of a deviation an admin accepted into the profile', () => {
    const ru = [flow(after, { dst_ip: '203.0.113.9', dst_country: 'RU' })];
    const profile = allowInProfile(learned(), { direction: 'out', peer_kind: 'country', peer: 'RU', protocol: 6, port: 443 }, after);
    expect(deviations(profile, profileFlows(ru, members))).toEqual([]);
  });
});
