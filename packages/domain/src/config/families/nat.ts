import { z } from 'zod';
import { ifnameField, ipField, nameField, networkField, portOrRangeField, spansOverlap } from './fields';
import { addFieldIssue, flagRepeats } from './issues';

/** NAT (`sdwan/device/configure/nat`): port forwards, source NAT and 1:1 NAT. */
export const portForwardSchema = z.strictObject({
  id: z.string().uuid(),
  name: nameField(),
  enabled: z.boolean().default(true),
  protocol: z.enum(['tcp', 'udp', 'tcpudp']),
  wan_interface: ifnameField(),
  external_port: portOrRangeField(),
  internal_ip: ipField(),
  /** Empty keeps the external port. */
  internal_port: portOrRangeField().optional(),
});
export type PortForward = z.infer<typeof portForwardSchema>;

export const sourceNatSchema = z.strictObject({
  id: z.string().uuid(),
  name: nameField(),
  enabled: z.boolean().default(true),
  source: networkField(),
  out_interface: ifnameField(),
  /** Empty masquerades behind the interface's own address. */
  translate_to: ipField().optional(),
});
export type SourceNat = z.infer<typeof sourceNatSchema>;

export const oneToOneSchema = z.strictObject({
  id: z.string().uuid(),
  name: nameField(),
  enabled: z.boolean().default(true),
  external_ip: ipField(),
  internal_ip: ipField(),
  wan_interface: ifnameField(),
});
export type OneToOne = z.infer<typeof oneToOneSchema>;

const protocolsOverlap = (a: PortForward['protocol'], b: PortForward['protocol']) => a === b || a === 'tcpudp' || b === 'tcpudp';

export const natSectionSchema = z
  .strictObject({
    port_forwards: z.array(portForwardSchema).max(256).default([]),
    source_nat: z.array(sourceNatSchema).max(64).default([]),
    one_to_one: z.array(oneToOneSchema).max(64).default([]),
  })
  .superRefine((section, ctx) => {
    // One packet can go to one inside host only; a disabled forward waits aside and may overlap.
    section.port_forwards.forEach((fwd, i) => {
      if (!fwd.enabled) return;
      const clash = section.port_forwards
        .slice(0, i)
        .some(
          (o) =>
            o.enabled &&
            o.wan_interface === fwd.wan_interface &&
            protocolsOverlap(o.protocol, fwd.protocol) &&
            spansOverlap(o.external_port, fwd.external_port),
        );
      if (clash) addFieldIssue(ctx, ['port_forwards', i, 'external_port'], 'External port already forwarded');
    });
    // The same traffic translated twice: the second rule would never be reached.
    flagRepeats(
      ctx,
      section.source_nat,
      (s) => (s.enabled ? `${s.source} ${s.out_interface}` : undefined),
      (i) => ['source_nat', i, 'source'],
      'This source is already translated on this interface',
    );
    // One outside address answers for one inside host.
    flagRepeats(
      ctx,
      section.one_to_one,
      (o) => (o.enabled ? o.external_ip : undefined),
      (i) => ['one_to_one', i, 'external_ip'],
      'External address already mapped',
    );
  });
export type NatSection = z.infer<typeof natSectionSchema>;
