import { z } from 'zod';
import { isHttpUrl } from '../validators/http-url';
import { storableText } from '../validators/storable-text';
import { timeZoneSchema } from './common-queries';
import { text } from './request-fields';

// Organisation settings: GET and PUT tenant/organisation/?tid=

export const organisationSchema = z.object({
  tenant_id: z.string(),
  /** The tenant's unique name (changed only by the super admin). */
  tenantname: z.string(),
  /** The name the console shows; the tenant name when empty. */
  display_name: z.string(),
  legal_name: z.string(),
  address: z.string(),
  country: z.string(),
  phone: z.string(),
  website: z.string(),
  /** Default zone for members who chose none; null means the browser's zone. */
  timezone: z.string().nullable(),
});
export type Organisation = z.infer<typeof organisationSchema>;

export const websiteMessage = 'Enter a web address starting with http:// or https://';

export const organisationBodySchema = z
  .object({
    display_name: text(80),
    legal_name: text(120),
    address: text(300),
    country: storableText()
      .trim()
      .max(2)
      .regex(/^([A-Za-z]{2})?$/, 'Use the two-letter country code')
      .transform((s) => s.toUpperCase()),
    phone: text(32).regex(/^[0-9+()\-. ]*$/, 'Enter a valid phone number'),
    // Empty, or an http(s) address: a javascript: or data: URL would run in the browser of whoever opens it.
    website: text(200).refine((v) => v === '' || isHttpUrl(v), websiteMessage),
    timezone: timeZoneSchema.nullable(),
  })
  .partial()
  .strict();
export type OrganisationBody = z.input<typeof organisationBodySchema>;
