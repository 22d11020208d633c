/** Query keys of the DNS page's calls, per tenant; they name the server's lists so pages share them. */
export const ztnaKeys = {
  dnsGroups: (tid: string | null) => ['ztna', tid, 'dns'] as const,
  groups: (tid: string | null) => ['ztna', tid, 'teams-groups'] as const,
  securityGroups: (tid: string | null) => ['ztna', tid, 'security-groups'] as const,
};

/** The tenant a zero-trust call is about, as its `tenant_id` query. */
export const tenantQuery = (tid: string | null) => (tid ? { tenant_id: tid } : undefined);
