/** Query keys of the web filter's calls, per tenant: a write invalidates only what it changes. */
export const webFilterKeys = {
  all: (tid: string | null) => ['web-filter', tid] as const,
  policies: (tid: string | null) => ['web-filter', tid, 'policies'] as const,
  global: (tid: string | null) => ['web-filter', tid, 'global'] as const,
  action: (tid: string | null) => ['web-filter', tid, 'action'] as const,
  customList: (tid: string | null) => ['web-filter', tid, 'custom-list'] as const,
  categories: (tid: string | null) => ['web-filter', tid, 'categories'] as const,
  applications: (tid: string | null) => ['web-filter', tid, 'applications'] as const,
  endpoints: (tid: string | null) => ['web-filter', tid, 'endpoints'] as const,
  users: (tid: string | null) => ['web-filter', tid, 'users'] as const,
  groups: (tid: string | null) => ['web-filter', tid, 'groups'] as const,
};
