/** Every query of this feature starts with this, so a change can re-read just its own reads. */
export const sessionLogKeys = {
  logs: (tid: string | null, body: unknown) => ['ztna-sessions', 'logs', tid, body] as const,
};

/** `?tenant_id=` of a zero-trust call; nothing when there is no tenant to name. */
export const tenantIdQuery = (tid: string | null) => (tid ? { tenant_id: tid } : undefined);
