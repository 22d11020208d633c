import { wafApiOperationSchema, type WafApiOperation, type WafEdgeApiSchema, type WafPolicy } from '@netloom/domain';

/**
 * A stored operation as the edge enforces it. Documents read before the contract was kept hold
 * only method and path: such an operation is enforced as an endpoint, its parameters and body
 * left open (as its document is read again at its next upload).
 */
function enforceable(stored: unknown): WafApiOperation | null {
  const full = wafApiOperationSchema.safeParse(stored);
  if (full.success && stored && typeof stored === 'object' && 'query_open' in stored) return full.data;
  const bare = wafApiOperationSchema.safeParse({ ...(stored as object), path_params: [], query: [], query_open: true, body: null });
  return bare.success ? bare.data : null;
}

/** What an application's edges enforce of its OpenAPI document: nothing unless its policy says so and it has a document. */
export function edgeApiSchema(policy: WafPolicy, operations: readonly unknown[] | undefined): WafEdgeApiSchema | null {
  const mode = policy.zero_trust_api?.mode ?? 'off';
  if (mode === 'off' || !operations) return null;
  return { mode, operations: operations.flatMap((o) => enforceable(o) ?? []).slice(0, 1_000) };
}
