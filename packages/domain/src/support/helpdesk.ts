import { z } from 'zod';
import { filledText, storableText } from '../validators/storable-text';
import { isEmail } from '../validators/email';

/**
 * External helpdesks a tenant (or the provider, for every tenant) may raise its tickets in instead
 * of Netloom's own (spec 001 "Ticket": `tenant/support/ticket-integration/…?type`). Each speaks its
 * own REST API; what Netloom keeps of a ticket there is its id, status and public thread.
 */
export const HELPDESK_TYPES = ['zendesk', 'freshdesk', 'jira'] as const;
export type HelpdeskType = (typeof HELPDESK_TYPES)[number];
export const HELPDESK_LABELS: Record<HelpdeskType, string> = {
  zendesk: 'Zendesk',
  freshdesk: 'Freshdesk',
  jira: 'Jira Service Management',
};

/** The statuses Netloom shows, whatever the helpdesk calls them. */
export const EXTERNAL_TICKET_STATUSES = ['open', 'pending', 'on_hold', 'solved', 'closed'] as const;
export type ExternalTicketStatus = (typeof EXTERNAL_TICKET_STATUSES)[number];
export const HELPDESK_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type HelpdeskPriority = (typeof HELPDESK_PRIORITIES)[number];

/** A helpdesk's address: https only, no credentials or query in it (they go in their own fields). */
const helpdeskUrl = z
  .string()
  .trim()
  .max(200)
  .url('Enter the helpdesk’s address, like https://acme.zendesk.com')
  .refine((u) => {
    // Zod runs this check after the ones above failed too: an address they refused is theirs to report (and would throw here).
    if (u.length > 200 || !URL.canParse(u)) return true;
    const url = new URL(u);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !url.search && !url.hash;
  }, 'Enter only the helpdesk’s address, like https://acme.zendesk.com')
  .transform((u) => u.replace(/\/+$/, ''));
const email = z.string().trim().max(254).refine(isEmail, 'Enter valid Email');
const secret = filledText().min(1, 'Field is required').max(500);

export const zendeskCredentialsSchema = z.strictObject({ url: helpdeskUrl, email, api_token: secret });
export const freshdeskCredentialsSchema = z.strictObject({ url: helpdeskUrl, api_key: secret });
export const jiraCredentialsSchema = z.strictObject({
  url: helpdeskUrl,
  email,
  api_token: secret,
  service_desk_id: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, 'The service desk’s number'),
  request_type_id: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, 'The request type’s number'),
});
export type ZendeskCredentials = z.infer<typeof zendeskCredentialsSchema>;
export type FreshdeskCredentials = z.infer<typeof freshdeskCredentialsSchema>;
export type JiraCredentials = z.infer<typeof jiraCredentialsSchema>;
export type HelpdeskCredentials =
  ({ type: 'zendesk' } & ZendeskCredentials) | ({ type: 'freshdesk' } & FreshdeskCredentials) | ({ type: 'jira' } & JiraCredentials);

export const HELPDESK_CREDENTIAL_SCHEMAS = {
  zendesk: zendeskCredentialsSchema,
  freshdesk: freshdeskCredentialsSchema,
  jira: jiraCredentialsSchema,
} as const;

/** Zendesk's statuses (new, open, pending, hold, solved, closed) as Netloom shows them. */
export function zendeskStatus(status: string): ExternalTicketStatus {
  switch (status) {
    case 'pending':
      return 'pending';
    case 'hold':
      return 'on_hold';
    case 'solved':
      return 'solved';
    case 'closed':
      return 'closed';
    default:
      return 'open';
  }
}

/** Freshdesk's numeric statuses: 2 open, 3 pending, 4 resolved, 5 closed (6 and up are a desk's own, waiting on someone). */
export function freshdeskStatus(status: number): ExternalTicketStatus {
  if (status === 3) return 'pending';
  if (status === 4) return 'solved';
  if (status === 5) return 'closed';
  if (status >= 6) return 'on_hold';
  return 'open';
}

/** Freshdesk's numeric priorities: 1 low, 2 medium, 3 high, 4 urgent. */
export const FRESHDESK_PRIORITY: Record<HelpdeskPriority, number> = { low: 1, normal: 2, high: 3, urgent: 4 };

/**
 * Jira Service Management tells a request's status by its category: NEW and INDETERMINATE are
 * being worked on, DONE is resolved. A status named like waiting on the customer is pending.
 */
export function jiraStatus(status: string, category: string): ExternalTicketStatus {
  if (category === 'DONE') return /closed|cancel/i.test(status) ? 'closed' : 'solved';
  if (/waiting for customer|pending/i.test(status)) return 'pending';
  if (/hold/i.test(status)) return 'on_hold';
  return 'open';
}

export const HELPDESK_PATHS = {
  /** The tenant's: GET where its tickets go; POST (`?type`) connect a helpdesk; DELETE (`?type`) disconnect it. */
  tenant: 'tenant/support/ticket-integration/',
  /** The tenant's: PUT (`?type`) new credentials for the helpdesk. */
  tenantById: (tenantId: string) => `tenant/support/ticket-integration/${tenantId}/`,
  /** Whether the credentials of a helpdesk are set, and since when (never the credentials). */
  credentials: (type: string) => `tenant/support/ticket-integration/credentials/${type}/`,
  /** Super admins: the helpdesk of every tenant without its own (GET, PUT `?type`, DELETE `?type`). */
  provider: 'support/ticket-integration/',
  /**
   * POST from the helpdesk's own webhook (its token names the integration): `{ "ticket_id": … }`
   * makes Netloom read that ticket again now. The body is a nudge, never trusted for content.
   */
  webhook: (token: string) => `support/ticket-integration/webhook/${token}/`,
} as const;

/** Tickets go to Netloom's own helpdesk unless a helpdesk is connected. */
export const BUILT_IN_HELPDESK = 'helpdesk';

export const helpdeskTypeQuerySchema = z.object({
  type: z.enum(HELPDESK_TYPES).describe('The helpdesk: zendesk, freshdesk or jira (Jira Service Management)'),
  tenant_id: z.string().uuid().optional(),
});
export const helpdeskWebhookParamSchema = z.object({
  token: z
    .string()
    .regex(/^[\w-]{1,100}$/, 'Not a webhook token')
    .describe("The integration's webhook token, from its webhook_url"),
});
/** What a helpdesk's webhook sends: the helpdesk's ticket number or key, as its placeholder renders it. */
export const helpdeskWebhookBodySchema = z.looseObject({ ticket_id: z.union([storableText().trim().min(1).max(100), z.number().int()]) });

export const helpdeskTypeParamSchema = z.object({ type: z.enum(HELPDESK_TYPES).describe('The helpdesk: zendesk, freshdesk or jira') });
export const tenantIdParamSchema = z.object({ tenantId: z.string().uuid().describe('The tenant whose helpdesk it is') });

/** The credentials of any helpdesk: the one `?type` names must fit (the service checks which). */
export const helpdeskCredentialsBodySchema = z.union([jiraCredentialsSchema, zendeskCredentialsSchema, freshdeskCredentialsSchema]);

/** A connected helpdesk as answered: which, and when; never its credentials. */
export const helpdeskIntegrationSchema = z.object({
  type: z.enum(HELPDESK_TYPES),
  label: z.string(),
  set: z.literal(true),
  updated_at: z.string(),
  checked_at: z.string().describe('When the credentials last proved to work'),
  webhook_url: z
    .string()
    .nullable()
    .describe('Where the helpdesk\'s webhook should POST `{"ticket_id": …}` so replies arrive at once (only its owner sees it; without it Netloom polls)'),
});
export type HelpdeskIntegration = z.infer<typeof helpdeskIntegrationSchema>;

export const helpdeskStatusSchema = z.object({
  method: z.enum([BUILT_IN_HELPDESK, ...HELPDESK_TYPES]).describe("Where the tenant's tickets go: helpdesk (Netloom's own) or the connected helpdesk"),
  own: helpdeskIntegrationSchema.nullable().describe("The tenant's own helpdesk"),
  provider: helpdeskIntegrationSchema.nullable().describe("The provider's helpdesk for every tenant without its own"),
});
export type HelpdeskStatus = z.infer<typeof helpdeskStatusSchema>;

export const helpdeskCredentialsInfoSchema = z.object({
  type: z.enum(HELPDESK_TYPES),
  set: z.boolean(),
  updated_at: z.string().nullable(),
});
