import { z } from 'zod';
import { storableText } from '../validators/storable-text';
import { paginated, pageQuerySchema } from './pagination';
import { tenantInfoSchema } from './devices';
import { tenantSchema } from './tenants';
import { teamUserSchema } from './teams';
import { email, name, search, subscriptionsSchema } from './request-fields';

// Super admin: tenants, monitor, customers.

export const tenantCreateBodySchema = z.object({
  name: name(80),
  subscriptions: subscriptionsSchema.default([]),
  all_product_access: z.boolean().default(false),
  /** Invited as the first owner: an inactive account and an activation e-mail. */
  owner_email: email.optional(),
});
export type TenantCreateBody = z.infer<typeof tenantCreateBodySchema>;

export const tenantUpdateBodySchema = z
  .object({
    name: name(80).optional(),
    subscriptions: subscriptionsSchema.optional(),
    all_product_access: z.boolean().optional(),
    suspended: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change')
  .meta({ minProperties: 1 });
export type TenantUpdateBody = z.infer<typeof tenantUpdateBodySchema>;

/** Deleting a tenant removes it with everything in it; the name typed again confirms it. */
export const tenantDeleteBodySchema = z.object({ confirm: storableText().min(1, 'Field is required').max(80) });

export const tenantDetailSchema = tenantSchema.extend({
  owner_emails: z.array(z.string()),
  users: z.number().int(),
  devices: z.number().int(),
});
export type TenantDetail = z.infer<typeof tenantDetailSchema>;

export const tenantMonitorBodySchema = z.object({ tenant_id: z.string().uuid() });

export const activityEntrySchema = z.object({ time: z.string(), action: z.string(), user: z.string().nullable() });

export const tenantMonitorSchema = z.object({
  tenant: tenantDetailSchema,
  info: tenantInfoSchema,
  users: z.array(teamUserSchema),
  last_activity: activityEntrySchema.nullable(),
  last_login: activityEntrySchema.nullable(),
});
export type TenantMonitor = z.infer<typeof tenantMonitorSchema>;

export const customerSchema = z.object({
  id: z.string(),
  tenantname: z.string(),
  /** The first owner's e-mail; null when the tenant has no owner yet. */
  owner_email: z.string().nullable(),
  subscriptions: z.array(z.string()),
  all_product_access: z.boolean(),
  suspended: z.boolean(),
  devices: z.number().int(),
  users: z.number().int(),
  created_at: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;
export const customerListSchema = paginated(customerSchema);
export const customerQuerySchema = pageQuerySchema.extend({ search });
