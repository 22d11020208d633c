/** Every query of this feature starts with this, so a change can re-read just its own reads. */
export const sessionLogKeys = {
  logs: (tid: string | null, body: unknown) => ['ztna-sessions', 'logs', tid, body] as const,
};
