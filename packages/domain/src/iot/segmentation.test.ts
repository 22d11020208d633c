import { describe, expect, it } from 'vitest';
import { configDocumentSchema } from '../config/document';
import { interfaces, issues, uuid } from '../config/families/test-fixtures';
import type { FirewallSection } from '../config/families/firewall';
import { communicationProfileSchema, type ProfileEntry } from './profile';
import { applySegment, removeSegment, segmentFor, stableUuid, type Segment } from './segmentation';

const seen = { first_seen: '2026-11-01T00:00:00.000Z', last_seen: '2026-11-07T00:00:00.000Z', flows: 10 };
const entry = (direction: 'out' | 'in', peer_kind: ProfileEntry['peer_kind'], peer: string, protocol: number, port: number): ProfileEntry => ({
  direction,
  peer_kind,
  peer,
  protocol,
  port,
  ...seen,
});
const profile = communicationProfileSchema.parse({
  class: 'camera',
  learning_from: '2026-11-01T00:00:00.000Z',
  learning_until: '2026-11-08T00:00:00.000Z',
  entries: [
    entry('in', 'host', '192.168.10.5', 6, 554),
    entry('out', 'country', 'NL', 6, 443),
    entry('out', 'domain', 'hik-connect.com', 6, 443),
    entry('out', 'host', '192.168.1.1', 17, 123),
    entry('out', 'host', '192.168.1.1', 6, 123),
    entry('in', 'subnet', '192.168.2.0/24', 6, 80),
  ],
  forgotten: 0,
});
const cameras = ['192.168.10.22', '192.168.10.21'];

// The document's own firewall: a LAN and a WAN zone, a rule of the admin's that stays put.
const firewall: FirewallSection = {
  zones: [
    { id: uuid(1), name: 'lan', interfaces: ['lan1', 'lan2', 'lan1.10'], input: 'accept', output: 'accept', forward: 'accept', masquerade: false },
    { id: uuid(2), name: 'wan', interfaces: ['wan1', 'wan2'], input: 'drop', output: 'accept', forward: 'drop', masquerade: true },
  ],
  inbound: [],
  outbound: [{ id: uuid(3), name: 'Office to the internet', enabled: true, protocol: 'any', src_zone: 'lan', dest_zone: 'wan', action: 'accept' }],
  ipsets: [],
};

function planned(over: Partial<Parameters<typeof segmentFor>[0]> = {}): Segment {
  const result = segmentFor({ key: 'cameras', members: cameras, profile, externalZone: 'wan', ...over });
  if (!result.ok) throw new Error(result.reason);
  return result.segment;
}

describe('segmentation from a profile', () => {
  it("allows the profile's peers and services and drops the rest to and from the class's devices, in rules a device can run", () => {
    const segment = planned();
    expect(segment.ipset).toMatchObject({ name: 'iot-segment-cameras', entries: ['192.168.10.21', '192.168.10.22'] });
    expect(segment.rules.map((r) => [r.name, r.protocol, r.src, r.dest, r.dest_zone, r.dest_port, r.action])).toEqual([
      ['IoT segment cameras: allow from 192.168.10.5 TCP/554', 'tcp', '192.168.10.5', '@iot-segment-cameras', undefined, '554', 'accept'],
      ['IoT segment cameras: allow to external TCP/443', 'tcp', '@iot-segment-cameras', undefined, 'wan', '443', 'accept'],
      ['IoT segment cameras: allow to 192.168.1.1 TCP+UDP/123', 'tcpudp', '@iot-segment-cameras', '192.168.1.1', undefined, '123', 'accept'],
      ['IoT segment cameras: allow from 192.168.2.0/24 TCP/80', 'tcp', '192.168.2.0/24', '@iot-segment-cameras', undefined, '80', 'accept'],
      ['IoT segment cameras: drop the rest from its devices', 'any', '@iot-segment-cameras', undefined, undefined, undefined, 'drop'],
      ['IoT segment cameras: drop the rest to its devices', 'any', undefined, '@iot-segment-cameras', undefined, undefined, 'drop'],
    ]);
    expect(segment.broadened).toEqual(['To any external address on TCP/443: the firewall matches addresses, not countries, domains or applications']);
    // The whole document, the segment in its firewall, is valid as the families have it.
    expect(issues({ interfaces, firewall: applySegment(firewall, segment) })).toEqual([]);
  });

  it("puts its rules before the admin's, and removes exactly what it put in", () => {
    const applied = applySegment(firewall, planned());
    expect(applied.outbound.at(-1)?.name).toBe('Office to the internet');
    expect(applied.outbound).toHaveLength(7);
    expect(removeSegment(applied, 'cameras')).toEqual(firewall);
    // Another segment's rules are not its own.
    expect(removeSegment(applied, 'camera')).toEqual(applied);
  });

  it('gives the same document when applied again, with one device more or less replacing the earlier', () => {
    const once = applySegment(firewall, planned());
    expect(applySegment(once, planned())).toEqual(once);
    const grown = applySegment(once, planned({ members: [...cameras, '192.168.10.23'] }));
    expect(grown.ipsets).toHaveLength(1);
    expect(grown.ipsets[0]!.entries).toHaveLength(3);
    expect(grown.outbound).toHaveLength(7);
    expect(configDocumentSchema.safeParse({ interfaces, firewall: grown }).success).toBe(true);
  });

  it('refuses a segment it cannot write, and rejects rather than drops when asked', () => {
    expect(segmentFor({ key: 'Cameras HQ', members: cameras, profile })).toEqual({ ok: false, reason: expect.stringMatching(/segment name/) });
    expect(segmentFor({ key: 'cameras', members: [], profile })).toEqual({ ok: false, reason: 'No device to fence' });
    expect(planned({ deny: 'reject' }).rules.at(-1)).toMatchObject({ name: 'IoT segment cameras: reject the rest to its devices', action: 'reject' });
    // With no WAN zone named, external peers are any address: said so, and still valid.
    const anywhere = planned({ externalZone: undefined }).rules[1]!;
    expect(anywhere).toMatchObject({ src: '@iot-segment-cameras', dest_port: '443' });
    expect(anywhere).not.toHaveProperty('dest');
    expect(anywhere).not.toHaveProperty('dest_zone');
  });

  it('makes version 8 UUIDs from names, the same for the same name', () => {
    expect(stableUuid('x')).toBe(stableUuid('x'));
    expect(stableUuid('x')).not.toBe(stableUuid('y'));
    expect(stableUuid('x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
