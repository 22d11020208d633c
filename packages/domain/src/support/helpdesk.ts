import { z } from 'zod';
import { filledText } from '../validators/storable-text';
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
