import { z } from 'zod';
import { isIPv4 } from '../validators/ipv4';
import { storableText } from '../validators/storable-text';
import { ndrRuleIdSchema, type NdrDetection } from './detection';

const IPV4_RULE = 'Should be in the format x.x.x.x';

/**
 * What marking a detection a false positive leaves behind: that rule stays silent for that host
 * (and that peer, where the rule names one). Every rule's step honours the suppressions it is
 * given: it still learns from the host's traffic, it only does not emit.
 */
export const ndrSuppressionSchema = z.object({
  rule_id: ndrRuleIdSchema,
  host_ip: z
    .string()
    .refine(isIPv4, IPV4_RULE)
    .meta({ 'x-rules': [IPV4_RULE] }),
  /** null: every peer of the host. */
  peer: storableText().max(255).nullable(),
  created_at: z.iso.datetime(),
  created_by: storableText().max(254).nullable(),
  reason: storableText().max(500).default(''),
  /** null: until lifted by hand. */
  expires_at: z.iso.datetime().nullable().default(null),
});
export type NdrSuppression = z.infer<typeof ndrSuppressionSchema>;

/** Whether a suppression silences a detection, at the detection's last sighting. */
export function ndrSuppresses(s: NdrSuppression, d: Pick<NdrDetection, 'rule_id' | 'host' | 'peer' | 'last_seen'>): boolean {
  if (s.rule_id !== d.rule_id || s.host_ip !== d.host.ip) return false;
  if (s.peer !== null && s.peer !== d.peer) return false;
  return s.expires_at === null || Date.parse(d.last_seen) < Date.parse(s.expires_at);
}

/** The detections no suppression silences. */
export function withoutSuppressed<D extends Pick<NdrDetection, 'rule_id' | 'host' | 'peer' | 'last_seen'>>(
  detections: readonly D[],
  suppressions: readonly NdrSuppression[],
): D[] {
  if (suppressions.length === 0) return [...detections];
  return detections.filter((d) => !suppressions.some((s) => ndrSuppresses(s, d)));
}
