/** Every query of this feature starts with this, so a change can re-read just its own reads. */
const WEBFILTER_ANALYTICS_ROOT = 'webfilter-analytics';

export const webFilterKeys = {
  graph: (tid: string | null, body: unknown) => [WEBFILTER_ANALYTICS_ROOT, 'graph', tid, body] as const,
  user: (tid: string | null, body: unknown) => [WEBFILTER_ANALYTICS_ROOT, 'user', tid, body] as const,
  logs: (tid: string | null, kind: string, body: unknown) => [WEBFILTER_ANALYTICS_ROOT, 'logs', tid, kind, body] as const,
  categories: (tid: string | null) => [WEBFILTER_ANALYTICS_ROOT, 'categories', tid] as const,
  logsManagement: (tid: string | null) => [WEBFILTER_ANALYTICS_ROOT, 'logs-management', tid] as const,
  urlRules: (tid: string | null) => [WEBFILTER_ANALYTICS_ROOT, 'reports', tid, 'url-rules'] as const,
  customUrls: (tid: string | null) => [WEBFILTER_ANALYTICS_ROOT, 'reports', tid, 'custom-urls'] as const,
  /** Every page and window of the discovery report: a categorised or blocked domain leaves them all. */
  urlDiscoveryAll: (tid: string | null) => [WEBFILTER_ANALYTICS_ROOT, 'reports', tid, 'url-discovery'] as const,
  urlDiscovery: (tid: string | null, body: unknown) => [WEBFILTER_ANALYTICS_ROOT, 'reports', tid, 'url-discovery', body] as const,
};
