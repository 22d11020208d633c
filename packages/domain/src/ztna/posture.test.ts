import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkPosture,
  compareVersions,
  endpointOsOf,
  ENDPOINT_OSES,
  NO_POSTURE_CONDITIONS,
  postureConditionsSchema,
  postureReportSchema,
  UNKNOWN_POSTURE,
  type Posture,
  type PostureCondition,
  type PostureConditions,
} from './posture';
import { GOOD_POSTURE, issuesOf } from './test-fixtures';

const conditions = (fields: Partial<PostureConditions>): PostureConditions => ({ ...NO_POSTURE_CONDITIONS, ...fields });
const failed = (cond: Partial<PostureConditions>, posture: Partial<Posture>) => checkPosture(conditions(cond), { ...GOOD_POSTURE, ...posture });

describe('versions', () => {
  it('compare part by part as numbers: 2.1.10 is newer than 2.1.9', () => {
    expect(compareVersions('2.1.10', '2.1.9')).toBe(1);
    expect(compareVersions('2.1.9', '2.1.10')).toBe(-1);
    expect(compareVersions('10.0', '9.9.9')).toBe(1);
    expect(compareVersions('2.1', '2.1.0')).toBe(0);
    expect(compareVersions('2.1.0.1', '2.1')).toBe(1);
  });

  it('are an order: antisymmetric and equal to themselves', () => {
    const version = fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 1, maxLength: 4 }).map((p) => p.join('.'));
    fc.assert(
      fc.property(version, version, (a, b) => {
        expect(compareVersions(a, a)).toBe(0);
        expect(compareVersions(a, b)).toBe(-compareVersions(b, a) || 0);
      }),
    );
  });
});

describe('the reported operating system', () => {
  it('is read from what the agent says', () => {
    expect(endpointOsOf('Windows 11 Pro')).toBe('windows');
    expect(endpointOsOf('macOS 14.2')).toBe('macos');
    expect(endpointOsOf('Darwin')).toBe('macos');
    expect(endpointOsOf('gnu/linux')).toBe('linux');
    expect(endpointOsOf('Android 14')).toBe('android');
    expect(endpointOsOf('iPadOS 17')).toBe('ios');
    expect(endpointOsOf('Plan 9')).toBeNull();
    expect(endpointOsOf(null)).toBeNull();
  });
});

describe('checkPosture', () => {
  it('no conditions pass even a posture of which nothing is known', () => {
    expect(checkPosture(NO_POSTURE_CONDITIONS, UNKNOWN_POSTURE)).toEqual({ ok: true });
  });

  it('os: the system must be one allowed, and known', () => {
    const os = [{ os: 'windows' as const, min_version: null }];
    expect(failed({ os }, { os: 'windows' })).toEqual({ ok: true });
    expect(failed({ os }, { os: 'linux' })).toEqual({ ok: false, condition: 'os', message: 'linux is not an allowed system' });
    expect(failed({ os }, { os: null })).toEqual({ ok: false, condition: 'os', message: 'The operating system is not known' });
  });

  it("os_version: at least the allowed system's minimum, and known", () => {
    const os = [
      { os: 'macos' as const, min_version: '14.0' },
      { os: 'linux' as const, min_version: null },
    ];
    expect(failed({ os }, { os_version: '14.0' })).toEqual({ ok: true });
    expect(failed({ os }, { os_version: '14.10' })).toEqual({ ok: true });
    expect(failed({ os }, { os_version: '13.6.1' })).toEqual({ ok: false, condition: 'os_version', message: 'OS version 13.6.1 is older than 14.0' });
    expect(failed({ os }, { os_version: null })).toEqual({ ok: false, condition: 'os_version', message: 'The OS version is not known' });
    // A system without a minimum asks no version.
    expect(failed({ os }, { os: 'linux', os_version: null })).toEqual({ ok: true });
  });

  it('client_version: at least the minimum (2.1.10 passes 2.1.9), and known', () => {
    expect(failed({ min_client_version: '2.1.9' }, { client_version: '2.1.10' })).toEqual({ ok: true });
    expect(failed({ min_client_version: '2.1.10' }, { client_version: '2.1.9' })).toEqual({
      ok: false,
      condition: 'client_version',
      message: 'Client version 2.1.9 is older than 2.1.10',
    });
    expect(failed({ min_client_version: '2.1.10' }, { client_version: null })).toMatchObject({ ok: false, condition: 'client_version' });
  });

  it('country: one of those listed, and known', () => {
    expect(failed({ countries: ['DE', 'FR'] }, { country: 'FR' })).toEqual({ ok: true });
    expect(failed({ countries: ['DE', 'FR'] }, { country: 'US' })).toEqual({ ok: false, condition: 'country', message: 'Connecting from US is not allowed' });
    expect(failed({ countries: ['DE'] }, { country: null })).toEqual({ ok: false, condition: 'country', message: 'The country is not known' });
  });

  it('disk encryption, firewall and approval: on, and known', () => {
    expect(failed({ disk_encryption: true }, { disk_encrypted: false })).toEqual({
      ok: false,
      condition: 'disk_encryption',
      message: 'The disk is not encrypted',
    });
    expect(failed({ disk_encryption: true }, { disk_encrypted: null })).toEqual({
      ok: false,
      condition: 'disk_encryption',
      message: 'Disk encryption is not known',
    });
    expect(failed({ firewall: true }, { firewall_on: false })).toEqual({ ok: false, condition: 'firewall', message: 'The firewall is off' });
    expect(failed({ firewall: true }, { firewall_on: null })).toEqual({ ok: false, condition: 'firewall', message: 'The firewall state is not known' });
    expect(failed({ approved: true }, { approved: false })).toEqual({ ok: false, condition: 'approved', message: 'The device is not approved' });
    expect(failed({ approved: true }, { approved: null })).toEqual({ ok: false, condition: 'approved', message: 'The device is not approved' });
    expect(failed({ disk_encryption: true, firewall: true, approved: true }, {})).toEqual({ ok: true });
  });

  it('names the first failed condition in a fixed order', () => {
    const all = conditions({
      os: [{ os: 'windows', min_version: '10.0' }],
      min_client_version: '3.0',
      countries: ['US'],
      disk_encryption: true,
      firewall: true,
      approved: true,
    });
    expect(checkPosture(all, UNKNOWN_POSTURE)).toMatchObject({ condition: 'os' });
    expect(checkPosture(all, { ...UNKNOWN_POSTURE, os: 'windows' })).toMatchObject({ condition: 'os_version' });
    expect(checkPosture(all, { ...UNKNOWN_POSTURE, os: 'windows', os_version: '11' })).toMatchObject({ condition: 'client_version' });
    expect(checkPosture(all, { ...GOOD_POSTURE, os: 'windows', os_version: '11', client_version: '3.1' })).toMatchObject({ condition: 'country' });
    expect(checkPosture(all, { ...GOOD_POSTURE, os: 'windows', os_version: '11', client_version: '3.1', country: 'US', disk_encrypted: false })).toMatchObject({
      condition: 'disk_encryption',
    });
  });

  it('a missing value never passes: of a posture that passes, forgetting a value a condition asks about fails on that condition', () => {
    const cond = fc.record({
      os: fc
        .subarray([...ENDPOINT_OSES])
        .chain((oses) => fc.tuple(...oses.map((os) => fc.record({ os: fc.constant(os), min_version: fc.constantFrom(null, '1.0', '14.0') })))),
      min_client_version: fc.constantFrom(null, '2.1.9', '2.1.10'),
      countries: fc.subarray(['DE', 'FR', 'US']),
      disk_encryption: fc.boolean(),
      firewall: fc.boolean(),
      approved: fc.boolean(),
    });
    // The field each condition reads.
    const fields: [PostureCondition, keyof Posture, (c: PostureConditions, p: Posture) => boolean][] = [
      ['os', 'os', (c) => c.os.length > 0],
      ['os_version', 'os_version', (c, p) => c.os.some((o) => o.os === p.os && o.min_version !== null)],
      ['client_version', 'client_version', (c) => c.min_client_version !== null],
      ['country', 'country', (c) => c.countries.length > 0],
      ['disk_encryption', 'disk_encrypted', (c) => c.disk_encryption],
      ['firewall', 'firewall_on', (c) => c.firewall],
      ['approved', 'approved', (c) => c.approved],
    ];
    fc.assert(
      fc.property(cond, fc.nat(), (c, seed) => {
        const os = c.os.length > 0 ? c.os[seed % c.os.length]!.os : 'linux';
        const country = c.countries.length > 0 ? c.countries[seed % c.countries.length]! : 'JP';
        const passing: Posture = { os, os_version: '14.2', client_version: '2.1.10', country, disk_encrypted: true, firewall_on: true, approved: true };
        expect(checkPosture(c, passing)).toEqual({ ok: true });
        for (const [condition, field, asked] of fields) {
          if (!asked(c, passing)) continue;
          expect(checkPosture(c, { ...passing, [field]: null })).toMatchObject({ ok: false, condition });
        }
      }),
    );
  });
});

describe('the posture forms', () => {
  it('conditions default to asking nothing, and say what is wrong', () => {
    expect(postureConditionsSchema.parse({})).toEqual(NO_POSTURE_CONDITIONS);
    expect(
      issuesOf(postureConditionsSchema, {
        os: [
          { os: 'macos', min_version: '14' },
          { os: 'macos', min_version: null },
        ],
      }),
    ).toEqual(['os: Duplicate Value Found']);
    expect(issuesOf(postureConditionsSchema, { min_client_version: '2.x' })).toEqual(['min_client_version: Use a version such as 2.1.10']);
    expect(issuesOf(postureConditionsSchema, { countries: ['XX'] })).toEqual(['countries.0: Unknown country']);
    expect(postureConditionsSchema.parse({ countries: ['de'] }).countries).toEqual(['DE']);
  });

  it("an agent's report leaves out what it does not know", () => {
    expect(postureReportSchema.parse({ os_version: '14.2' })).toEqual({ os_version: '14.2', client_version: null, disk_encrypted: null, firewall_on: null });
    expect(issuesOf(postureReportSchema, { client_version: '2.1.10.1.1' })).toEqual(['client_version: Use a version such as 2.1.10']);
  });
});
