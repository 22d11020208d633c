/** Query keys of the client-update calls, per tenant; they name the server's lists so pages share them. */
export const ztnaKeys = {
  releases: (tid: string | null) => ['ztna', tid, 'client-releases'] as const,
  rollouts: (tid: string | null) => ['ztna', tid, 'client-rollouts'] as const,
  progress: (tid: string | null, id: string) => ['ztna', tid, 'client-rollouts', id, 'progress'] as const,
  securityGroups: (tid: string | null) => ['ztna', tid, 'security-groups'] as const,
};
