/** Query keys of the NAC page, per tenant: a decision re-reads every page of hosts. */
export const nacKeys = {
  hostsAll: (tid: string | null) => ['nac', tid, 'hosts'] as const,
  hosts: (tid: string | null, query: unknown) => ['nac', tid, 'hosts', query] as const,
};
