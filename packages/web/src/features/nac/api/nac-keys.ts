/** Query keys of the NAC page, per tenant: a decision re-reads every page of hosts. */
export const nacKeys = {
  hostsAll: (tid: string | null) => ['nac', tid, 'hosts'] as const,
  hosts: (tid: string | null, query: unknown) => ['nac', tid, 'hosts', query] as const,
};

/** The tenant a NAC call is about, as its `tenant_id` query. */
export const tenantQuery = (tid: string | null) => (tid ? { tenant_id: tid } : {});
