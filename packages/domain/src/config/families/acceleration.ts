import { z } from 'zod';
import { ifnameField, nameField, networkField } from './fields';
import { addFieldIssue, flagRepeats } from './issues';

/**
 * Network Acceleration (`sdwan/device/configure/network-acceleration`): TCP optimisation and loss
 * repair for chosen traffic, on chosen WAN links.
 */
export const accelerationRuleSchema = z
  .strictObject({
    id: z.string().uuid(),
    name: nameField(),
    /** What it accelerates: an application the gateway's DPI names, or traffic to a subnet. */
    application: nameField().optional(),
    destination: networkField().optional(),
    window_scaling: z.boolean().default(true),
    selective_ack: z.boolean().default(true),
    /** Forward error correction: repair packets sent alongside, `fec_overhead_pct` more traffic. */
    fec: z.boolean().default(false),
    fec_overhead_pct: z.number().int().min(5).max(50).default(20),
    /** Every packet sent twice, over different links when there are several. */
    duplication: z.boolean().default(false),
    enabled: z.boolean().default(true),
  })
  .superRefine((rule, ctx) => {
    const given = [rule.application, rule.destination].filter((v) => v !== undefined && v !== '').length;
    if (given !== 1) addFieldIssue(ctx, ['application'], 'Match an application or a destination subnet, one of them');
  });
export type AccelerationRule = z.infer<typeof accelerationRuleSchema>;

export const accelerationSectionSchema = z
  .strictObject({
    /** WAN interfaces of the document (document-rules.ts) the rules apply on. */
    wan_links: z.array(ifnameField()).max(8).default([]),
    rules: z.array(accelerationRuleSchema).max(32).default([]),
  })
  .superRefine((section, ctx) => {
    flagRepeats(
      ctx,
      section.wan_links,
      (l) => l,
      (i) => ['wan_links', i],
      'Interface already listed',
    );
    flagRepeats(
      ctx,
      section.rules,
      (r) => r.name,
      (i) => ['rules', i, 'name'],
      'Rule name already used',
    );
    if (section.rules.some((r) => r.enabled) && section.wan_links.length === 0) addFieldIssue(ctx, ['wan_links'], 'Pick the WAN links it accelerates on');
  });
export type AccelerationSection = z.infer<typeof accelerationSectionSchema>;
