/**
 * Query keys of the zero-trust calls this feature makes, per tenant. The keys name the server's
 * lists, so another page reading the same list shares its cache entry.
 */
export const ztnaKeys = {
  profiles: (tid: string | null) => ['ztna', tid, 'profiles'] as const,
  relays: (tid: string | null) => ['ztna', tid, 'relays'] as const,
  servers: (tid: string | null) => ['ztna', tid, 'servers'] as const,
  /** Every page and search of the inventory starts with this. */
  inventory: (tid: string | null) => ['ztna', tid, 'inventory'] as const,
  enrolled: (tid: string | null) => ['ztna', tid, 'inventory', 'enrolled-all'] as const,
  groups: (tid: string | null) => ['ztna', tid, 'teams-groups'] as const,
  securityGroups: (tid: string | null) => ['ztna', tid, 'security-groups'] as const,
};
