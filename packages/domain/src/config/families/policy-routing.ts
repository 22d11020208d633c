import { z } from 'zod';
import { hasPorts, ifnameField, nameField, networkField, portOrRangeField, PORTS_NEED_TCP_OR_UDP } from './fields';
import { addFieldIssue, flagRepeats } from './issues';

/** Policy-based routing: traffic that matches leaves by a chosen interface. */
export const policyRouteSchema = z
  .strictObject({
    id: z.string().uuid(),
    name: nameField(),
    enabled: z.boolean().default(true),
    protocol: z.enum(['any', 'tcp', 'udp', 'tcpudp', 'icmp']),
    source: networkField().optional(),
    destination: networkField().optional(),
    dest_port: portOrRangeField().optional(),
    out_interface: ifnameField(),
    /** The order rules are tried in, lowest first. */
    priority: z.number().int().min(1).max(1000),
  })
  .superRefine((route, ctx) => {
    if (route.dest_port !== undefined && !hasPorts(route.protocol)) addFieldIssue(ctx, ['dest_port'], PORTS_NEED_TCP_OR_UDP);
  });
export type PolicyRoute = z.infer<typeof policyRouteSchema>;

export const policyRoutingSectionSchema = z
  .array(policyRouteSchema)
  .max(256)
  // Two rules at one priority would be tried in an order nobody chose.
  .superRefine((routes, ctx) =>
    flagRepeats(
      ctx,
      routes,
      (r) => r.priority,
      (i) => [i, 'priority'],
      'Priority already used',
    ),
  );
export type PolicyRoutingSection = z.infer<typeof policyRoutingSectionSchema>;
