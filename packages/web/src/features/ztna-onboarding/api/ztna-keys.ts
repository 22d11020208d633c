/**
 * Query keys of the onboarding and inventory calls, per tenant. The keys name the server's lists,
 * so another page reading the same list shares its cache entry.
 */
export const ztnaKeys = {
  invites: (tid: string | null) => ['ztna', tid, 'invites'] as const,
  enrolmentKeys: (tid: string | null) => ['ztna', tid, 'enrolment-keys'] as const,
  securityGroups: (tid: string | null) => ['ztna', tid, 'security-groups'] as const,
  servers: (tid: string | null) => ['ztna', tid, 'servers'] as const,
  connectors: (tid: string | null) => ['ztna', tid, 'connectors'] as const,
  /** Every page and search of the inventory starts with this. */
  inventory: (tid: string | null) => ['ztna', tid, 'inventory'] as const,
  inventoryPage: (tid: string | null, q: { state: 'enrolled' | 'pending' | 'rejected'; search: string; page: number; pageSize: number }) =>
    ['ztna', tid, 'inventory', q.state, q.search, q.page, q.pageSize] as const,
};
