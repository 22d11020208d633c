import type { HelpdeskCredentials } from '@netloom/domain';
import type { HelpdeskClient } from './client';
import { FreshdeskClient } from './freshdesk';
import type { Fetch } from './http';
import { JiraServiceManagementClient } from './jira';
import { ZendeskClient } from './zendesk';

export { HelpdeskError } from './http';

/** The client of the helpdesk the credentials are for; `fetcher` is the transport (the guarded one in the server). */
export function helpdeskClient(creds: HelpdeskCredentials, fetcher: Fetch): HelpdeskClient {
  switch (creds.type) {
    case 'zendesk':
      return new ZendeskClient(creds, fetcher);
    case 'freshdesk':
      return new FreshdeskClient(creds, fetcher);
    case 'jira':
      return new JiraServiceManagementClient(creds, fetcher);
  }
}
