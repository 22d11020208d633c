import { z } from 'zod';
import { ifnameField, ipField, nameField, networkField } from './fields';
import { flagRepeats } from './issues';

/** Static routes (`sdwan/device/configure/staticroutes`). */
export const staticRouteSchema = z.strictObject({
  id: z.string().uuid(),
  name: nameField(),
  destination: networkField(),
  gateway: ipField(),
  /** The interface the route leaves by; empty means the one the gateway is reached through. */
  interface: ifnameField().optional(),
  metric: z.number().int().min(0).max(255).default(0),
  enabled: z.boolean().default(true),
});
export type StaticRoute = z.infer<typeof staticRouteSchema>;

export const staticRoutesSectionSchema = z
  .array(staticRouteSchema)
  .max(256)
  // The box keeps one route per destination and metric (a second one is refused or, worse, run twice);
  // a disabled route waits aside and may repeat one.
  .superRefine((routes, ctx) =>
    flagRepeats(
      ctx,
      routes,
      (r) => (r.enabled ? `${r.destination} ${r.metric}` : undefined),
      (i) => [i, 'destination'],
      'A route to this destination with this metric already exists',
    ),
  );
