import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CLIENT_RELEASES,
  inRollout,
  latestRelease,
  openRolloutOf,
  releaseOf,
  rolloutInputSchema,
  rolloutProgress,
  rolloutStateOf,
  rolloutTargets,
} from './client-updates';
import { ENDPOINT_OSES } from './posture';
import { issuesOf, uuid } from './test-fixtures';

const ROLLOUT = uuid(0x7001);
const ids = (n: number) => Array.from({ length: n }, (_, i) => uuid(0xe0000 + i));

describe('inRollout', () => {
  it('answers the same for the same endpoint and rollout, every time', () => {
    for (const id of ids(50)) expect(inRollout(id, ROLLOUT, 37)).toBe(inRollout(id, ROLLOUT, 37));
  });

  it('raising the percentage only adds endpoints', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (endpoint, rollout, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        if (inRollout(endpoint, rollout, low)) expect(inRollout(endpoint, rollout, high)).toBe(true);
      }),
    );
  });

  it('takes roughly the percentage of many endpoints; 100 % is everyone', () => {
    const many = ids(10_000);
    for (const percentage of [10, 50, 90]) {
      const share = many.filter((id) => inRollout(id, ROLLOUT, percentage)).length / many.length;
      expect(Math.abs(share - percentage / 100)).toBeLessThan(0.03);
    }
    expect(many.every((id) => inRollout(id, ROLLOUT, 100))).toBe(true);
  });

  it('two rollouts take different endpoints first', () => {
    const many = ids(1_000);
    const first = many.filter((id) => inRollout(id, ROLLOUT, 20));
    const second = many.filter((id) => inRollout(id, uuid(0x7002), 20));
    expect(first).not.toEqual(second);
  });
});

describe('client releases', () => {
  it('the latest per system compares versions as numbers: the Mac installer 2.1.10 is newer than 2.1.8', () => {
    expect(latestRelease('macos')).toMatchObject({ version: '2.1.10' });
    expect(latestRelease('windows')).toMatchObject({ version: '2.1.12' });
    for (const os of ENDPOINT_OSES) expect(latestRelease(os)?.os).toBe(os);
    expect(releaseOf('linux', '2.1.10')).toBeUndefined();
    expect(new Set(CLIENT_RELEASES.map((r) => r.url)).size).toBe(CLIENT_RELEASES.length);
  });

  it('a rollout names a release of its system and a percentage of 1 to 100', () => {
    expect(rolloutInputSchema.parse({ os: 'macos', version: '2.1.10', percentage: 50 })).toEqual({
      os: 'macos',
      version: '2.1.10',
      security_group: null,
      percentage: 50,
    });
    expect(issuesOf(rolloutInputSchema, { os: 'linux', version: '2.1.10', percentage: 50 })).toEqual(['version: No such release for this system']);
    expect(issuesOf(rolloutInputSchema, { os: 'macos', version: '2.1.10', percentage: 0 })).toEqual(['percentage: At least 1 %']);
    expect(issuesOf(rolloutInputSchema, { os: 'macos', version: '2.1.10', percentage: 101 })).toEqual(['percentage: At most 100 %']);
  });
});

describe('rollout progress', () => {
  const rollout = { id: ROLLOUT, version: '2.1.12', percentage: 50 };
  const many = ids(40);
  const inStage = many.filter((id) => inRollout(id, ROLLOUT, 50));
  const outside = many.filter((id) => !inRollout(id, ROLLOUT, 50));

  it("counts as updated only endpoints of the stage: one outside it on the version is not the stage's doing", () => {
    expect(rolloutStateOf(outside[0]!, '2.1.12', rollout)).toBe('not_in_stage');
    expect(rolloutStateOf(inStage[0]!, '2.1.12', rollout)).toBe('updated');
    expect(rolloutStateOf(inStage[0]!, '2.1.13', rollout)).toBe('updated');
    expect(rolloutStateOf(inStage[0]!, '2.1.11', rollout)).toBe('pending');
    expect(rolloutStateOf(inStage[0]!, null, rollout)).toBe('pending');
  });

  it('never counts more updated than in the stage, nor more in the stage than targeted', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.uuid(), version: fc.constantFrom(null, '2.1.9', '2.1.11', '2.1.12', '2.1.13') })),
        fc.integer({ min: 1, max: 100 }),
        (endpoints, percentage) => {
          const p = rolloutProgress({ ...rollout, percentage }, endpoints);
          expect(p.updated).toBeLessThanOrEqual(p.in_stage);
          expect(p.in_stage).toBeLessThanOrEqual(p.targeted);
          expect(p.targeted).toBe(endpoints.length);
        },
      ),
    );
  });

  it('leaves out the endpoints that already ran the version when the rollout began: the stage moves none of them', () => {
    const endpoints = many.map((id) => ({ id, version: '2.1.12' }));
    const targeted = rolloutTargets(endpoints, many);
    expect(targeted).toEqual([]);
    expect(rolloutProgress(rollout, targeted)).toEqual({ targeted: 0, in_stage: 0, updated: 0 });
    const moved = rolloutTargets(endpoints, many.slice(10));
    expect(moved.map((e) => e.id)).toEqual(many.slice(0, 10));
  });

  it('a rollout of a system and version already open is found, whatever the group or stage', () => {
    const open = [
      { id: 'a', os: 'windows' as const, version: '2.1.12' },
      { id: 'b', os: 'macos' as const, version: '2.1.10' },
    ];
    expect(openRolloutOf(open, 'windows', '2.1.12')?.id).toBe('a');
    expect(openRolloutOf(open, 'windows', '2.1.11')).toBeUndefined();
    expect(openRolloutOf(open, 'linux', '2.1.12')).toBeUndefined();
  });
});
