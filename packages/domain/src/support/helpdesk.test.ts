import { describe, expect, it } from 'vitest';
import { freshdeskStatus, jiraStatus, zendeskCredentialsSchema, zendeskStatus } from './helpdesk';

describe("helpdesks' statuses as Netloom shows them", () => {
  it('maps Zendesk, Freshdesk and Jira Service Management', () => {
    expect(['new', 'open', 'pending', 'hold', 'solved', 'closed'].map(zendeskStatus)).toEqual(['open', 'open', 'pending', 'on_hold', 'solved', 'closed']);
    expect([2, 3, 4, 5, 6, 7].map(freshdeskStatus)).toEqual(['open', 'pending', 'solved', 'closed', 'on_hold', 'on_hold']);
    expect(jiraStatus('Waiting for support', 'NEW')).toBe('open');
    expect(jiraStatus('Waiting for customer', 'INDETERMINATE')).toBe('pending');
    expect(jiraStatus('Resolved', 'DONE')).toBe('solved');
    expect(jiraStatus('Closed', 'DONE')).toBe('closed');
  });
});

describe("a helpdesk's address", () => {
  it('is the bare address, its trailing slash dropped; credentials or a query in it are refused', () => {
    expect(zendeskCredentialsSchema.parse({ url: 'https://acme.zendesk.com/', email: 'a@acme.test', api_token: 't' }).url).toBe('https://acme.zendesk.com');
    expect(zendeskCredentialsSchema.safeParse({ url: 'https://u:p@acme.zendesk.com', email: 'a@acme.test', api_token: 't' }).success).toBe(false);
    expect(zendeskCredentialsSchema.safeParse({ url: 'https://acme.zendesk.com/?x=1', email: 'a@acme.test', api_token: 't' }).success).toBe(false);
    expect(zendeskCredentialsSchema.safeParse({ url: 'ftp://acme.zendesk.com', email: 'a@acme.test', api_token: 't' }).success).toBe(false);
    // Too long or no URL at all: refused with the address's message, never a crash in the check after it.
    expect(zendeskCredentialsSchema.safeParse({ url: `https://${'a'.repeat(1_000_000)}.com`, email: 'a@acme.test', api_token: 't' }).success).toBe(false);
    expect(zendeskCredentialsSchema.safeParse({ url: 'not a url', email: 'a@acme.test', api_token: 't' }).success).toBe(false);
  });
});
