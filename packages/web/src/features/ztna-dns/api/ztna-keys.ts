/** Query keys of the DNS page's calls, per tenant; they name the server's lists so pages share them. */
export const ztnaKeys = {
  dnsGroups: (tid: string | null) => ['ztna', tid, 'dns'] as const,
  groups: (tid: string | null) => ['ztna', tid, 'teams-groups'] as const,
  securityGroups: (tid: string | null) => ['ztna', tid, 'security-groups'] as const,
};
