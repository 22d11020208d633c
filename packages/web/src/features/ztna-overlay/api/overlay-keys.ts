/** Query keys of the overlay pages, per tenant: a write invalidates only what it changes. */
export const overlayKeys = {
  securityGroups: (tid: string | null) => ['ztna-overlay', tid, 'security-groups'] as const,
  members: (tid: string | null, id: string) => ['ztna-overlay', tid, 'security-groups', id, 'members'] as const,
  settings: (tid: string | null) => ['ztna-overlay', tid, 'settings'] as const,
  relays: (tid: string | null) => ['ztna-overlay', tid, 'relays'] as const,
  servers: (tid: string | null) => ['ztna-overlay', tid, 'servers'] as const,
  endpoints: (tid: string | null) => ['ztna-overlay', tid, 'endpoints'] as const,
};
