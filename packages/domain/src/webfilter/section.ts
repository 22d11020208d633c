import { z } from 'zod';
import { storableText } from '../validators/storable-text';
import { isUrlPattern } from './url-patterns';
import { webFilterPolicySchema, type WebFilterPolicy } from './policy';
import { documented, PATTERNS } from '../validators/documented';

const urlList = z.array(documented(storableText().max(2_048).refine(isUrlPattern, 'Enter correct URL'), { pattern: PATTERNS.urlPattern })).max(10_000);

/**
 * The web filter as a device runs it: the `web_filter` section of its configuration document,
 * made by the server from the tenant's settings and policies (never edited per device). It holds
 * only the policies that can apply on this device (those for everyone, users or groups, and those
 * naming this endpoint or its device group), in their order, so a policy for one group of
 * endpoints changes only their revisions.
 */
export const webFilterSectionSchema = z.strictObject({
  enabled: z.boolean(),
  /** What happens when no policy decides. */
  default_action: z.enum(['allow', 'block']),
  /** The tenant's own lists, before any policy: allowed first. */
  allowed_urls: urlList.default([]),
  blocked_urls: urlList.default([]),
  /** The tenant's own categorisation of domains (url-discovery "add to category"), over the shipped database. */
  site_categories: z.record(z.string().max(253), z.string().max(40)).default({}),
  policies: z.array(webFilterPolicySchema).max(500),
  /** Each user's groups among those the policies name (lower-case e-mail → group ids): the device knows users, not groups. */
  user_groups: z.record(z.string().max(254), z.array(z.string().uuid())).default({}),
});
export type WebFilterSection = z.infer<typeof webFilterSectionSchema>;

/** The tenant's web filter as the server stores it: what every device's section is made from. */
export interface TenantWebFilter {
  status: boolean;
  defaultActionBlocked: boolean;
  allowedUrls: string[];
  blockedUrls: string[];
  siteCategories: Record<string, string>;
  /** In order, first first. */
  policies: WebFilterPolicy[];
  /** Members (lower-case e-mails) of the groups the policies name. */
  groupMembers: Record<string, string[]>;
}

/** Whether a policy can ever apply on a device: those for everyone, users or groups apply anywhere a user signs in. */
export function policyReachesDevice(policy: WebFilterPolicy, device: { id: string; networkId: string | null }): boolean {
  const a = policy.applies_to;
  if (a.everyone || a.users.length > 0 || a.groups.length > 0) return true;
  return a.endpoints.includes(device.id) || (device.networkId !== null && a.device_groups.includes(device.networkId));
}

/** The ids of the policies a device gets, in order: devices with the same list get the same section. */
export const policyIdsForDevice = (tenant: TenantWebFilter, device: { id: string; networkId: string | null }): string[] =>
  tenant.policies.filter((p) => policyReachesDevice(p, device)).map((p) => p.id);

/** A device's web_filter section: the tenant's settings and lists, and the policies that can apply on it with the groups they name. */
export function webFilterSectionFor(tenant: TenantWebFilter, device: { id: string; networkId: string | null }): WebFilterSection {
  const policies = tenant.policies.filter((p) => policyReachesDevice(p, device));
  const userGroups: Record<string, string[]> = {};
  const named = [...new Set(policies.flatMap((p) => p.applies_to.groups))].sort();
  for (const group of named) {
    for (const email of tenant.groupMembers[group] ?? []) (userGroups[email] ??= []).push(group);
  }
  return {
    enabled: tenant.status,
    default_action: tenant.defaultActionBlocked ? 'block' : 'allow',
    allowed_urls: tenant.allowedUrls,
    blocked_urls: tenant.blockedUrls,
    site_categories: tenant.siteCategories,
    policies,
    user_groups: userGroups,
  };
}
