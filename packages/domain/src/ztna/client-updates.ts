import { z } from 'zod';
import { compareVersions, ENDPOINT_OSES, type EndpointOs } from './posture';
import { versionField, ztnaId } from './fields';

/** Where installers are kept (spec 000 §2.9: a content host with the Windows msi, Mac Intel and Apple-chip pkg, Linux deb). */
export const CLIENT_DOWNLOAD_HOST = 'https://downloads.netloom.example/mza';

export interface ClientRelease {
  os: EndpointOs;
  version: string;
  released: string;
  url: string;
  notes: string;
}

/** The MicroZAccess client releases, newest first per OS (the Mac installer at 2.1.10, spec 000 §2.9). */
export const CLIENT_RELEASES: readonly ClientRelease[] = [
  {
    os: 'windows',
    version: '2.1.12',
    released: '2026-10-28',
    url: `${CLIENT_DOWNLOAD_HOST}/windows/MicroZAccess-2.1.12.msi`,
    notes: 'Faster reconnect after sleep',
  },
  { os: 'windows', version: '2.1.11', released: '2026-08-19', url: `${CLIENT_DOWNLOAD_HOST}/windows/MicroZAccess-2.1.11.msi`, notes: 'Split DNS fixes' },
  {
    os: 'windows',
    version: '2.1.9',
    released: '2026-05-04',
    url: `${CLIENT_DOWNLOAD_HOST}/windows/MicroZAccess-2.1.9.msi`,
    notes: 'Posture: disk encryption check',
  },
  {
    os: 'macos',
    version: '2.1.10',
    released: '2026-09-15',
    url: `${CLIENT_DOWNLOAD_HOST}/macos/MicroZAccess-2.1.10-universal.pkg`,
    notes: 'Apple chip and Intel in one installer',
  },
  { os: 'macos', version: '2.1.8', released: '2026-04-22', url: `${CLIENT_DOWNLOAD_HOST}/macos/MicroZAccess-2.1.8.pkg`, notes: 'Firewall posture on macOS 14' },
  { os: 'linux', version: '2.1.9', released: '2026-09-02', url: `${CLIENT_DOWNLOAD_HOST}/linux/microzaccess_2.1.9_amd64.deb`, notes: 'Ubuntu 24.04 packages' },
  {
    os: 'linux',
    version: '2.1.7',
    released: '2026-03-30',
    url: `${CLIENT_DOWNLOAD_HOST}/linux/microzaccess_2.1.7_amd64.deb`,
    notes: 'systemd-resolved split DNS',
  },
  { os: 'android', version: '2.0.8', released: '2026-10-06', url: 'https://play.google.com/store/apps/details?id=example.netloom.mza', notes: 'Always-on VPN' },
  { os: 'ios', version: '2.0.7', released: '2026-10-10', url: 'https://apps.apple.com/app/microzaccess/id0000000000', notes: 'On-demand rules' },
];

export const latestRelease = (os: EndpointOs): ClientRelease | undefined =>
  CLIENT_RELEASES.filter((r) => r.os === os).sort((a, b) => compareVersions(b.version, a.version))[0];
export const releaseOf = (os: EndpointOs, version: string): ClientRelease | undefined => CLIENT_RELEASES.find((r) => r.os === os && r.version === version);

/** A staged rollout (systemtools › mza-update): one OS's clients, of one security group or all, to a version, a percentage at first. */
export const rolloutInputSchema = z
  .object({
    os: z.enum(ENDPOINT_OSES),
    version: versionField(),
    security_group: ztnaId().nullable().default(null),
    percentage: z.number().int().min(1, 'At least 1 %').max(100, 'At most 100 %'),
  })
  .superRefine((r, ctx) => {
    if (!releaseOf(r.os, r.version)) ctx.addIssue({ code: 'custom', path: ['version'], message: 'No such release for this system' });
  });
export type RolloutInput = z.input<typeof rolloutInputSchema>;
export const rolloutPercentageBodySchema = z.object({ percentage: z.number().int().min(1).max(100) });

/**
 * Whether an endpoint is in a rollout's first `percentage` per cent: a stable bucket 0–99 from the
 * endpoint and rollout ids (FNV-1a), so raising the percentage only adds endpoints.
 */
export function inRollout(endpointId: string, rolloutId: string, percentage: number): boolean {
  let h = 0x811c9dc5;
  const s = `${rolloutId}:${endpointId}`;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % 100 < percentage;
}

/** Where an endpoint stands in a rollout, from the version it reports. */
export const ROLLOUT_STATES = ['not_in_stage', 'pending', 'updated'] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];

/** Whether a reported client version is the rollout's version or newer (unknown is not). */
export const onVersion = (reported: string | null, version: string): boolean => reported !== null && compareVersions(reported, version) >= 0;

/**
 * Where an endpoint stands in a rollout: outside the stage, in it and still to update, or in it and
 * on the version. One outside the stage that runs the version got it some other way: the stage did
 * not move it, so it is not counted as the stage's progress.
 */
export function rolloutStateOf(endpointId: string, reported: string | null, r: { id: string; version: string; percentage: number }): RolloutState {
  if (!inRollout(endpointId, r.id, r.percentage)) return 'not_in_stage';
  return onVersion(reported, r.version) ? 'updated' : 'pending';
}

/**
 * The endpoints a rollout is to move, of those of its system (and group): not those that already
 * ran its version (or newer) when it began, which it moves nowhere (`alreadyCurrent`, kept from
 * that moment). They count nowhere in its progress.
 */
export const rolloutTargets = <E extends { id: string }>(endpoints: readonly E[], alreadyCurrent: readonly string[]): E[] => {
  const before = new Set(alreadyCurrent);
  return endpoints.filter((e) => !before.has(e.id));
};

/** A rollout's progress over the endpoints it targets: how many, how many its stage takes, and how many of those are updated. */
export function rolloutProgress(
  r: { id: string; version: string; percentage: number },
  targeted: readonly { id: string; version: string | null }[],
): { targeted: number; in_stage: number; updated: number } {
  let inStage = 0;
  let updated = 0;
  for (const e of targeted) {
    const state = rolloutStateOf(e.id, e.version, r);
    if (state === 'not_in_stage') continue;
    inStage++;
    if (state === 'updated') updated++;
  }
  return { targeted: targeted.length, in_stage: inStage, updated };
}

/**
 * The open rollout a new one of the same system and version would duplicate (two would stage the
 * same clients twice, each with its own buckets): widen that one instead. A rollout is open until
 * it is deleted.
 */
export const openRolloutOf = <R extends { os: EndpointOs; version: string }>(rollouts: readonly R[], os: EndpointOs, version: string): R | undefined =>
  rollouts.find((r) => r.os === os && compareVersions(r.version, version) === 0);
