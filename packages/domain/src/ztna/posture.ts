import { z } from 'zod';
import { countryField, uniqueList, versionField } from './fields';

export const ENDPOINT_OSES = ['windows', 'macos', 'linux', 'android', 'ios'] as const;
export type EndpointOs = (typeof ENDPOINT_OSES)[number];
export const ENDPOINT_OS_LABELS: Record<EndpointOs, string> = { windows: 'Windows', macos: 'macOS', linux: 'Linux', android: 'Android', ios: 'iOS' };

/** The OS family of what a device reports ('Windows 11', 'gnu/linux', 'macOS 14.2'); null when unknown. */
export function endpointOsOf(reported: string | null | undefined): EndpointOs | null {
  const v = (reported ?? '').toLowerCase();
  if (v.includes('windows')) return 'windows';
  if (v.includes('mac') || v.includes('darwin')) return 'macos';
  if (v.includes('android')) return 'android';
  if (v.includes('ios') || v.includes('iphone') || v.includes('ipad')) return 'ios';
  if (v.includes('linux')) return 'linux';
  return null;
}

/** What an endpoint's agent reports of itself with its heartbeat (the rest of its posture the server knows). */
export const postureReportSchema = z.object({
  os_version: versionField().nullable().default(null),
  client_version: versionField().nullable().default(null),
  disk_encrypted: z.boolean().nullable().default(null),
  firewall_on: z.boolean().nullable().default(null),
});
export type PostureReport = z.infer<typeof postureReportSchema>;

/** An endpoint's posture as the policies check it; null: not known, and a condition on it never passes. */
export const postureSchema = z.object({
  os: z.enum(ENDPOINT_OSES).nullable(),
  os_version: z.string().nullable(),
  client_version: z.string().nullable(),
  /** From the endpoint's public address (GeoIP). */
  country: z.string().nullable(),
  disk_encrypted: z.boolean().nullable(),
  firewall_on: z.boolean().nullable(),
  /** Approved in the inventory. */
  approved: z.boolean().nullable(),
});
export type Posture = z.infer<typeof postureSchema>;
export const UNKNOWN_POSTURE: Posture = {
  os: null,
  os_version: null,
  client_version: null,
  country: null,
  disk_encrypted: null,
  firewall_on: null,
  approved: null,
};

/** A policy's posture conditions; every one left at its default asks nothing. */
export const postureConditionsSchema = z.object({
  /** Allowed systems, each with an optional minimum version; empty: any system. */
  os: z
    .array(z.object({ os: z.enum(ENDPOINT_OSES), min_version: versionField().nullable().default(null) }))
    .max(ENDPOINT_OSES.length)
    .refine((a) => new Set(a.map((o) => o.os)).size === a.length, 'Duplicate Value Found')
    .meta({ description: "Each system once (otherwise: 'Duplicate Value Found')", 'x-rules': ['Duplicate Value Found'] })
    .default([]),
  min_client_version: versionField().nullable().default(null),
  /** Countries the endpoint's public address must be in; empty: anywhere. */
  countries: uniqueList(countryField(), 250).default([]),
  disk_encryption: z.boolean().default(false),
  firewall: z.boolean().default(false),
  approved: z.boolean().default(false),
});
export type PostureConditions = z.infer<typeof postureConditionsSchema>;
export const NO_POSTURE_CONDITIONS: PostureConditions = {
  os: [],
  min_client_version: null,
  countries: [],
  disk_encryption: false,
  firewall: false,
  approved: false,
};

export const POSTURE_CONDITIONS = ['os', 'os_version', 'client_version', 'country', 'disk_encryption', 'firewall', 'approved'] as const;
export type PostureCondition = (typeof POSTURE_CONDITIONS)[number];
export const POSTURE_CONDITION_LABELS: Record<PostureCondition, string> = {
  os: 'Operating system',
  os_version: 'OS version',
  client_version: 'Client version',
  country: 'Country',
  disk_encryption: 'Disk encryption',
  firewall: 'Firewall',
  approved: 'Device approved',
};

/** Compares dotted versions part by part (2.1.10 is newer than 2.1.9); missing parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

export type PostureCheck = { ok: true } | { ok: false; condition: PostureCondition; message: string };

const fail = (condition: PostureCondition, message: string): PostureCheck => ({ ok: false, condition, message });

/** Checks a posture against conditions, in a fixed order; the first failed condition is the answer. A missing value never passes. */
export function checkPosture(cond: PostureConditions, posture: Posture): PostureCheck {
  if (cond.os.length > 0) {
    const rule = posture.os ? cond.os.find((o) => o.os === posture.os) : undefined;
    if (!rule) return fail('os', posture.os ? `${posture.os} is not an allowed system` : 'The operating system is not known');
    if (rule.min_version) {
      if (!posture.os_version) return fail('os_version', 'The OS version is not known');
      if (compareVersions(posture.os_version, rule.min_version) < 0)
        return fail('os_version', `OS version ${posture.os_version} is older than ${rule.min_version}`);
    }
  }
  if (cond.min_client_version) {
    if (!posture.client_version) return fail('client_version', 'The client version is not known');
    if (compareVersions(posture.client_version, cond.min_client_version) < 0)
      return fail('client_version', `Client version ${posture.client_version} is older than ${cond.min_client_version}`);
  }
  if (cond.countries.length > 0) {
    if (!posture.country) return fail('country', 'The country is not known');
    if (!cond.countries.includes(posture.country)) return fail('country', `Connecting from ${posture.country} is not allowed`);
  }
  if (cond.disk_encryption && posture.disk_encrypted !== true)
    return fail('disk_encryption', posture.disk_encrypted === null ? 'Disk encryption is not known' : 'The disk is not encrypted');
  if (cond.firewall && posture.firewall_on !== true)
    return fail('firewall', posture.firewall_on === null ? 'The firewall state is not known' : 'The firewall is off');
  if (cond.approved && posture.approved !== true) return fail('approved', 'The device is not approved');
  return { ok: true };
}
