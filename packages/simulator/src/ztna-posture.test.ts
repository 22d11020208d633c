import { describe, expect, it } from 'vitest';
import { CLIENT_RELEASES, endpointOsOf, heartbeatSchema, helloSchema, latestRelease, postureReportSchema } from '@netloom/domain';
import { EndpointBehaviour } from './endpoint-behaviour';
import { mulberry32, seedFrom } from './prng';
import { endpointProfile, withEndpointSpec } from './profiles';
import { parsePostureChoice } from './ztna-posture';

const fleet = Array.from({ length: 400 }, (_, i) => endpointProfile(mulberry32(seedFrom(9, 'acme.test', 'endpoint', i)), i, 'acme.test'));

describe("simulated endpoints' posture", () => {
  it('is the same for the same seed, and reported with every heartbeat as the protocol has it', () => {
    const again = endpointProfile(mulberry32(seedFrom(9, 'acme.test', 'endpoint', 3)), 3, 'acme.test');
    expect(again.posture).toEqual(fleet[3]!.posture);
    const b = new EndpointBehaviour(fleet[3]!, mulberry32(1), null);
    const hello = helloSchema.parse({ type: 'hello', seq: 1, protocol: 1, auth: { kind: 'enrol', enrolment_key: 'k'.repeat(16) }, ...b.hello() });
    const beat = heartbeatSchema.parse({ type: 'heartbeat', seq: 2, ...b.heartbeat(new Date(), null) });
    expect(beat.posture).toEqual(fleet[3]!.posture);
    // The client version the hello names is the one the posture reports.
    expect(hello.version).toBe(beat.posture!.client_version);
  });

  it('names systems the domain recognises, with a real client release of that system', () => {
    for (const p of fleet) {
      expect(endpointOsOf(p.os)).toBe(p.osFamily);
      expect(CLIENT_RELEASES.some((r) => r.os === p.osFamily && r.version === p.version)).toBe(true);
      expect(postureReportSchema.parse(p.posture)).toEqual(p.posture);
    }
  });

  it('passes every check on most endpoints and fails each kind of check on some', () => {
    const laptops = fleet.filter((p) => p.osFamily !== 'android' && p.osFamily !== 'ios');
    const failed = {
      firewall: laptops.filter((p) => p.posture.firewall_on === false).length,
      disk: laptops.filter((p) => p.posture.disk_encrypted === false).length,
      client: fleet.filter((p) => p.version !== latestRelease(p.osFamily)!.version).length,
      os: fleet.filter((p) => ['10.0.17763', '6.3.9600', '12.7.6', '11.7.10', '5.4.0', '4.15.0', '11', '10', '15.8', '14.8'].includes(p.posture.os_version!))
        .length,
    };
    for (const [check, n] of Object.entries(failed)) {
      expect(n, check).toBeGreaterThan(0);
      expect(n / fleet.length, check).toBeLessThan(0.4);
    }
    const clean = laptops.filter((p) => p.posture.firewall_on && p.posture.disk_encrypted).length;
    expect(clean / laptops.length).toBeGreaterThan(0.75);
    // A phone's agent cannot tell its firewall state: a policy asking for the firewall refuses it.
    expect(fleet.filter((p) => p.osFamily === 'ios').every((p) => p.posture.firewall_on === null)).toBe(true);
  });

  it('takes what a journey chooses: the user, the system, a posture that passes or fails exactly the checks named', () => {
    const base = fleet[0]!;
    const chosen = withEndpointSpec(base, { user: 'dana@acme.test', os: 'windows', posture: ['firewall-off'] });
    expect(chosen).toMatchObject({ serial: base.serial, user: 'dana@acme.test', os: 'windows', osFamily: 'windows' });
    expect(chosen.name).toMatch(/^dana-laptop-1$/);
    expect(chosen.posture).toEqual({ os_version: '10.0.26100', client_version: '2.1.12', disk_encrypted: true, firewall_on: false });
    expect(withEndpointSpec(base, { os: 'macos', posture: 'pass' }).posture).toEqual({
      os_version: '15.1',
      client_version: '2.1.10',
      disk_encrypted: true,
      firewall_on: true,
    });
    expect(parsePostureChoice('firewall-off,old-client')).toEqual(['firewall-off', 'old-client']);
    expect(parsePostureChoice('pass')).toBe('pass');
    expect(parsePostureChoice('firewall')).toBeNull();
  });
});
