/** Query keys of DEM's calls, per tenant: a write invalidates only what it changes. */
export const demKeys = {
  all: (tid: string | null) => ['dem', tid] as const,
  applications: (tid: string | null) => ['dem', tid, 'applications'] as const,
  /** Everything measured: scores, series, users affected, results (a changed application changes them all). */
  measured: (tid: string | null) => ['dem', tid, 'measured'] as const,
  overview: (tid: string | null, query: object) => ['dem', tid, 'measured', 'overview', query] as const,
  scores: (tid: string | null, query: object) => ['dem', tid, 'measured', 'scores', query] as const,
  timeseries: (tid: string | null, query: object) => ['dem', tid, 'measured', 'timeseries', query] as const,
  affectedUsers: (tid: string | null, query: object) => ['dem', tid, 'measured', 'affected-users', query] as const,
  results: (tid: string | null, query: object) => ['dem', tid, 'measured', 'results', query] as const,
  alarms: (tid: string | null) => ['dem', tid, 'measured', 'alarms'] as const,
  ztnaServers: (tid: string | null) => ['dem', tid, 'ztna-servers'] as const,
};
