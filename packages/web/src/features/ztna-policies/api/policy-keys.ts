/** Query keys of the access policies page, per tenant: a write invalidates only what it changes. */
export const policyKeys = {
  policies: (tid: string | null) => ['ztna-policies', tid, 'policies'] as const,
  servers: (tid: string | null) => ['ztna-policies', tid, 'servers'] as const,
  securityGroups: (tid: string | null) => ['ztna-policies', tid, 'security-groups'] as const,
  endpoints: (tid: string | null) => ['ztna-policies', tid, 'endpoints'] as const,
  users: (tid: string | null) => ['ztna-policies', tid, 'users'] as const,
  groups: (tid: string | null) => ['ztna-policies', tid, 'groups'] as const,
};
