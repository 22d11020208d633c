import { z } from 'zod';
import { ifnameField, ipField, portField } from './fields';
import { addFieldIssue, flagRepeats } from './issues';

/**
 * NetFlow (`sdwan/device/configure/netflowconfig`): which interfaces' flows the gateway exports,
 * how, and to whom. Netloom's own collector (the flow analytics of the console) is a switch;
 * up to two external collectors get the same records.
 */
export const NETFLOW_VERSIONS = ['v9', 'ipfix'] as const;

export const netflowCollectorSchema = z.strictObject({ address: ipField(), port: portField() });
export type NetflowCollector = z.infer<typeof netflowCollectorSchema>;

export const netflowSectionSchema = z
  .strictObject({
    enabled: z.boolean().default(true),
    /** Interfaces of the document (document-rules.ts) whose traffic is counted. */
    interfaces: z.array(ifnameField()).max(24).default([]),
    /** 1:N packet sampling; 1 counts every packet. */
    sampling: z.number().int().min(1).max(65535).default(1),
    /** A long flow is reported at least this often. */
    active_timeout_s: z.number().int().min(1).max(3600).default(60),
    /** A flow silent this long is over and reported. */
    inactive_timeout_s: z.number().int().min(1).max(600).default(15),
    version: z.enum(NETFLOW_VERSIONS).default('ipfix'),
    netloom_collector: z.boolean().default(true),
    collectors: z.array(netflowCollectorSchema).max(2).default([]),
  })
  .superRefine((section, ctx) => {
    flagRepeats(
      ctx,
      section.interfaces,
      (i) => i,
      (i) => ['interfaces', i],
      'Interface already listed',
    );
    flagRepeats(
      ctx,
      section.collectors,
      (c) => `${c.address}:${c.port}`,
      (i) => ['collectors', i, 'port'],
      'Collector already listed',
    );
    // A flow cannot be silent for longer than it may run unreported: the active timeout would report it first.
    if (section.inactive_timeout_s > section.active_timeout_s) addFieldIssue(ctx, ['inactive_timeout_s'], 'At most the active timeout');
    if (!section.enabled) return;
    if (section.interfaces.length === 0) addFieldIssue(ctx, ['interfaces'], 'Pick at least one interface to export');
    if (!section.netloom_collector && section.collectors.length === 0) addFieldIssue(ctx, ['netloom_collector'], "No collector: keep Netloom's or add one");
  });
export type NetflowSection = z.infer<typeof netflowSectionSchema>;
