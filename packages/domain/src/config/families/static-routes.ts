import { z } from 'zod';
import { ifnameField, ipField, nameField, networkField } from './fields';

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

export const staticRoutesSectionSchema = z.array(staticRouteSchema).max(256);
