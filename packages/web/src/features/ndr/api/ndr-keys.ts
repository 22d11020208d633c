/** Query keys of NDR's calls, per tenant: a write invalidates only what it changes. */
export const ndrKeys = {
  /** What the detections make: the overview, the lists, a detection, the hosts and their timelines. */
  detections: (tid: string | null) => ['ndr', tid, 'detections'] as const,
  overview: (tid: string | null, query: object) => ['ndr', tid, 'detections', 'overview', query] as const,
  list: (tid: string | null, query: object) => ['ndr', tid, 'detections', 'list', query] as const,
  detection: (tid: string | null, id: string) => ['ndr', tid, 'detections', 'one', id] as const,
  hosts: (tid: string | null, limit: number) => ['ndr', tid, 'detections', 'hosts', limit] as const,
  timeline: (tid: string | null, query: object) => ['ndr', tid, 'detections', 'timeline', query] as const,
  rules: (tid: string | null) => ['ndr', tid, 'rules'] as const,
  actions: (tid: string | null) => ['ndr', tid, 'actions'] as const,
  actionList: (tid: string | null, query: object) => ['ndr', tid, 'actions', query] as const,
};
