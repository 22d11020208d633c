/** Query keys of QShield's calls, per tenant: a write invalidates only what it changes. */
export const wafKeys = {
  all: (tid: string | null) => ['waf', tid] as const,
  edges: (tid: string | null) => ['waf', tid, 'edges'] as const,
  applications: (tid: string | null) => ['waf', tid, 'applications'] as const,
  policy: (tid: string | null, appId: string | null) => ['waf', tid, 'policy', appId] as const,
  revisions: (tid: string | null, appId: string | null) => ['waf', tid, 'revisions', appId] as const,
  policyAsCode: (tid: string | null, appId: string | null) => ['waf', tid, 'policy-as-code', appId] as const,
  threatLists: (tid: string | null) => ['waf', tid, 'threat-lists'] as const,
  attacks: (tid: string | null, query: object) => ['waf', tid, 'attacks', query] as const,
  summary: (tid: string | null, query: object) => ['waf', tid, 'summary', query] as const,
  bots: (tid: string | null, query: object) => ['waf', tid, 'bots', query] as const,
  apiDiscovery: (tid: string | null, query: object) => ['waf', tid, 'api-discovery', query] as const,
  apiDocument: (tid: string | null, appId: string | null) => ['waf', tid, 'api-document', appId] as const,
  apiInventory: (tid: string | null, query: object) => ['waf', tid, 'api-inventory', query] as const,
  compliance: (tid: string | null) => ['waf', tid, 'compliance'] as const,
  log: (tid: string | null, query: object) => ['waf', tid, 'log', query] as const,
  vulnerabilities: (tid: string | null, query: object) => ['waf', tid, 'vulnerabilities', query] as const,
};
