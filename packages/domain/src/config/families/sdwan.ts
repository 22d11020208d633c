import { z } from 'zod';
import { ifnameField, nameField, networkField } from './fields';
import { addFieldIssue, flagRepeats } from './issues';

/** SD-WAN: the WAN links it steers over and the rules that pick one. */
export const sdwanInterfaceSchema = z.strictObject({
  /** A WAN interface, named rather than given an id: a link is in the SD-WAN set at most once. */
  interface: ifnameField(),
  enabled: z.boolean().default(true),
  /** 1 is tried first. */
  priority: z.number().int().min(1).max(10).default(1),
});
export type SdwanInterface = z.infer<typeof sdwanInterfaceSchema>;

/** The link quality a rule's traffic needs; a link worse than this is left for the next. */
export const slaSchema = z.strictObject({
  latency_ms: z.number().int().min(1).max(10000),
  jitter_ms: z.number().int().min(1).max(10000),
  loss_pct: z.number().min(0).max(100),
});

export const sdwanRuleSchema = z
  .strictObject({
    id: z.string().uuid(),
    name: nameField(),
    enabled: z.boolean().default(true),
    application: nameField().optional(),
    destination: networkField().optional(),
    dscp: z.number().int().min(0).max(63).optional(),
    preferred_wan: ifnameField(),
    sla: slaSchema,
    failover: z.boolean().default(true),
  })
  .superRefine((rule, ctx) => {
    // A rule that matches nothing would quietly steer all traffic.
    if (rule.application === undefined && rule.destination === undefined && rule.dscp === undefined) {
      addFieldIssue(ctx, ['application'], 'Match at least an application, a destination or a DSCP value');
    }
  });
export type SdwanRule = z.infer<typeof sdwanRuleSchema>;

export const sdwanSectionSchema = z
  .strictObject({
    interfaces: z.array(sdwanInterfaceSchema).max(8).default([]),
    rules: z.array(sdwanRuleSchema).max(256).default([]),
  })
  .superRefine((section, ctx) => {
    flagRepeats(
      ctx,
      section.interfaces,
      (i) => i.interface,
      (i) => ['interfaces', i, 'interface'],
      'Interface already listed',
    );
    const links = new Set(section.interfaces.map((i) => i.interface));
    section.rules.forEach((rule, i) => {
      if (!links.has(rule.preferred_wan)) addFieldIssue(ctx, ['rules', i, 'preferred_wan'], 'Not an SD-WAN interface');
    });
  });
export type SdwanSection = z.infer<typeof sdwanSectionSchema>;
