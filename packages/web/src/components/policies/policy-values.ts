/** What a policy's editor edits: the policy without its id and its place in the list. */
export type PolicyValues<P> = Omit<P, 'id' | 'order'>;

export function policyValues<P extends { id: string; order: number }>(policy: P): PolicyValues<P> {
  const { id: _id, order: _order, ...values } = policy;
  return values;
}
