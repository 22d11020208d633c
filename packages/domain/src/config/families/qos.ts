import { z } from 'zod';
import { hasPorts, ifnameField, nameField, networkField, portOrRangeField, PORTS_NEED_TCP_OR_UDP } from './fields';
import { addFieldIssue, flagRepeats } from './issues';

/** QoS (`sdwan/device/configure/qos`: qos_interface, qos_class, qos_rules): shaping per interface, classes and the rules that fill them. */

/** Kbit/s, from 64 kbit/s (an ISDN line) to 100 Gbit/s. */
const bandwidthField = () => z.number().int().min(64).max(100_000_000);

export const qosInterfaceSchema = z.strictObject({
  /** Any interface of the document (checked in document-rules.ts): traffic leaving it is shaped. */
  interface: ifnameField(),
  enabled: z.boolean().default(true),
  upload_kbps: bandwidthField(),
  download_kbps: bandwidthField(),
});
export type QosInterface = z.infer<typeof qosInterfaceSchema>;

const shareField = () => z.number().int().min(0).max(100);

export const qosClassSchema = z
  .strictObject({
    id: z.string().uuid(),
    /** Rules name a class by its name, as the box's shaper does. */
    name: nameField(),
    /** The share of the shaped bandwidth the class always gets, and the most it may take when others are idle. */
    guaranteed_pct: shareField(),
    maximum_pct: shareField().min(1),
    /** 1 is served first (voice), 7 last (bulk). */
    priority: z.number().int().min(1).max(7),
  })
  .superRefine((c, ctx) => {
    if (c.guaranteed_pct > c.maximum_pct) addFieldIssue(ctx, ['guaranteed_pct'], 'Guaranteed share above the maximum share');
  });
export type QosClass = z.infer<typeof qosClassSchema>;

export const qosRuleSchema = z
  .strictObject({
    id: z.string().uuid(),
    name: nameField(),
    enabled: z.boolean().default(true),
    class: nameField(),
    application: nameField().optional(),
    dscp: z.number().int().min(0).max(63).optional(),
    source: networkField().optional(),
    destination: networkField().optional(),
    protocol: z.enum(['any', 'tcp', 'udp', 'tcpudp', 'icmp']).default('any'),
    src_port: portOrRangeField().optional(),
    dest_port: portOrRangeField().optional(),
  })
  .superRefine((rule, ctx) => {
    for (const field of ['src_port', 'dest_port'] as const) {
      if (rule[field] !== undefined && !hasPorts(rule.protocol)) addFieldIssue(ctx, [field], PORTS_NEED_TCP_OR_UDP);
    }
  });
export type QosRule = z.infer<typeof qosRuleSchema>;

/** What a rule matches, as one text: two enabled rules with the same one would put traffic in a class nobody chose. */
export const qosMatchKey = (r: QosRule) =>
  JSON.stringify([r.application ?? null, r.dscp ?? null, r.source ?? null, r.destination ?? null, r.protocol, r.src_port ?? null, r.dest_port ?? null]);

/** The first class whose guaranteed share brings the total past 100 %, and that total; null when the shares fit. */
export function guaranteedOverflow(classes: readonly Pick<QosClass, 'guaranteed_pct'>[]): { index: number; total: number } | null {
  const total = classes.reduce((sum, c) => sum + c.guaranteed_pct, 0);
  if (total <= 100) return null;
  let running = 0;
  const index = classes.findIndex((c) => (running += c.guaranteed_pct) > 100);
  return { index, total };
}

export const qosSectionSchema = z
  .strictObject({
    interfaces: z.array(qosInterfaceSchema).max(16).default([]),
    classes: z.array(qosClassSchema).max(64).default([]),
    rules: z.array(qosRuleSchema).max(256).default([]),
  })
  .superRefine((section, ctx) => {
    flagRepeats(
      ctx,
      section.interfaces,
      (i) => i.interface,
      (i) => ['interfaces', i, 'interface'],
      'Interface already listed',
    );
    flagRepeats(
      ctx,
      section.classes,
      (c) => c.name,
      (i) => ['classes', i, 'name'],
      'Class name already used',
    );
    // The class that tips the total over is the one to lower (or the one just added).
    const overflow = guaranteedOverflow(section.classes);
    if (overflow) addFieldIssue(ctx, ['classes', overflow.index, 'guaranteed_pct'], `Guaranteed shares add up to ${overflow.total} %, above 100 %`);
    const classes = new Set(section.classes.map((c) => c.name));
    section.rules.forEach((rule, i) => {
      if (!classes.has(rule.class)) addFieldIssue(ctx, ['rules', i, 'class'], 'No such class');
    });
    flagRepeats(
      ctx,
      section.rules,
      (r) => (r.enabled ? qosMatchKey(r) : undefined),
      (i) => ['rules', i, 'name'],
      'Matches the same traffic as an earlier rule, which decides first',
    );
  });
export type QosSection = z.infer<typeof qosSectionSchema>;
