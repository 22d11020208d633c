import { NO_POSTURE_CONDITIONS, type ZtnaPolicy } from '@netloom/domain';
import { fakeApi, orderedPolicyRoutes, pageOf, type ApiCall } from '@/test/fake-api';
import { teamGroup, teamUser } from '@/test/team-fixtures';
import { ztnaEndpoint, ztnaServer } from '@/test/ztna-fixtures';

/** Test data and a fake server for the access policies page (tests only). */
export const TENANT = '00000000-0000-4000-8000-00000000000a';
export const SALES = '5a1e5000-0000-4000-8000-000000000001';
export const MANAGED = '5ec00000-0000-4000-8000-000000000001';
export const CRM = 'c0000000-0000-4000-8000-000000000001';
const WIKI = 'c0000000-0000-4000-8000-000000000002';
export const ANA_LAPTOP = '1a970900-0000-4000-8000-000000000001';
export const BOB_LAPTOP = '1a970900-0000-4000-8000-000000000002';

export function policy(id: string, name: string, order: number, over: Partial<ZtnaPolicy> = {}): ZtnaPolicy {
  return {
    id,
    order,
    name,
    description: '',
    enabled: true,
    action: 'allow',
    sources: { everyone: false, users: [], groups: [SALES], security_groups: [] },
    destinations: { servers: [CRM], sites: [], ports: [] },
    schedule: null,
    posture: NO_POSTURE_CONDITIONS,
    ...over,
  };
}

/**
 * A fetch that answers the page's reads from `state`, keeps a reorder, and records every call;
 * `answer` overrides one call (method and path without /api/v1/).
 */
export function fakeZtnaPoliciesApi(state: { policies?: ZtnaPolicy[]; answer?: (c: ApiCall) => Response | undefined } = {}) {
  return fakeApi(
    {
      ...orderedPolicyRoutes('tenant/ztna/policies/', state, 'nothing'),
      'GET tenant/ztna/servers/': () => [ztnaServer(CRM, 'CRM'), ztnaServer(WIKI, 'Wiki', { site: 'Paris' })],
      'GET tenant/ztna/security-groups/': () => [
        { id: MANAGED, name: 'Managed laptops', description: '', kind: 'endpoints', users: [], endpoints: [], rule: { os: ['windows'], countries: [] } },
      ],
      'GET tenant/ztna/inventory/': () =>
        pageOf([ztnaEndpoint(ANA_LAPTOP, 'ana-laptop', 'ana@acme.test'), ztnaEndpoint(BOB_LAPTOP, 'bob-laptop', 'bob@acme.test')]),
      'GET teams/users/': () => pageOf([teamUser('ana@acme.test'), teamUser('bob@acme.test')]),
      'GET teams/groups/': () => pageOf([teamGroup(SALES, 'Sales')]),
    },
    (call) => state.answer?.(call),
  );
}
