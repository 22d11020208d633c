import type { JobKind } from '../../db/schema/device-jobs';

/**
 * How a new job meets the device's open jobs of its purpose: queued beside them ('add'), answered
 * by an open one of the same kind and payload ('reuse': one request on its way is enough), or
 * cancelling them ('replace': only the newest counts, an older one must never land after it).
 */
export type OpenRule = 'add' | 'reuse' | 'replace';

/**
 * What a job is for, and so who hears of it when it closes: the device protocol's job kinds,
 * grouped by the owner they belong to (a configuration travels as an apply_config push, or as the
 * full_sync that repairs drift), with each purpose's rule for open jobs.
 */
export const JOB_PURPOSES = {
  configuration: { kinds: ['apply_config', 'full_sync'], open: 'replace', undoable: true },
  reboot: { kinds: ['reboot'], open: 'add', undoable: false },
  status: { kinds: ['status'], open: 'reuse', undoable: false },
  diagnostics: { kinds: ['diagnostics'], open: 'add', undoable: false },
  /** A QShield edge's vulnerability test (its run allows one open per application, not per edge). */
  vulnTesting: { kinds: ['waf_vuln_test'], open: 'add', undoable: false },
} as const satisfies Record<string, { kinds: readonly JobKind[]; open: OpenRule; undoable: boolean }>;
export type JobPurpose = keyof typeof JOB_PURPOSES;

const BY_KIND = new Map<JobKind, JobPurpose>(
  (Object.entries(JOB_PURPOSES) as [JobPurpose, { kinds: readonly JobKind[] }][]).flatMap(([purpose, p]) => p.kinds.map((k) => [k, purpose] as const)),
);

export const purposeOf = (kind: JobKind): JobPurpose => BY_KIND.get(kind)!;
