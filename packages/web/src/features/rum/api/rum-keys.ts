/** Query keys of RUM's calls, per tenant: a write invalidates only what it changes. */
export const rumKeys = {
  all: (tid: string | null) => ['rum', tid] as const,
  sites: (tid: string | null) => ['rum', tid, 'sites'] as const,
  snippet: (tid: string | null, siteId: string) => ['rum', tid, 'sites', siteId, 'snippet'] as const,
  sourceMaps: (tid: string | null, siteId: string) => ['rum', tid, 'sites', siteId, 'sourcemaps'] as const,
  alerts: (tid: string | null) => ['rum', tid, 'alerts'] as const,
  query: (tid: string | null, what: string, query: object) => ['rum', tid, 'query', what, query] as const,
};
