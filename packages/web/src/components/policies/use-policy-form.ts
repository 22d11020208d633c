import { useCallback, useState } from 'react';
import { toast } from '@/components/feedback/toast';
import type { SafeParser } from '@/lib/forms';
import { useFormSubmit } from '@/lib/use-form-submit';
import { policyValues, type PolicyValues } from './policy-values';

export interface PolicyFormOptions<P extends { id: string; order: number }, I> {
  /** The policy to edit; none: a new policy, placed last. */
  policy?: P;
  empty: () => PolicyValues<P>;
  /** The server's own schema and messages. */
  schema: SafeParser<I>;
  save: (change: { id?: string; policy: I }) => Promise<unknown>;
  onDone: () => void;
}

/**
 * A policy editor's state and submit: the values (the policy's, or a new one's), a patch, a reset
 * to where the editor started, and the checked save that keeps an edited policy in its place.
 */
export function usePolicyForm<P extends { id: string; order: number }, I>({ policy, empty, schema, save, onDone }: PolicyFormOptions<P, I>) {
  const [start] = useState(() => (policy ? policyValues(policy) : empty()));
  const [values, setValues] = useState(start);
  const form = useFormSubmit(schema, async (checked) => {
    // An edit keeps the policy's place; a new one goes to the end.
    await save({ id: policy?.id, policy: policy ? { ...checked, order: policy.order } : checked });
    toast.success('Policy', policy ? 'edited' : 'added');
    onDone();
  });
  const patch = useCallback((change: Partial<PolicyValues<P>>) => setValues((v) => ({ ...v, ...change })), []);
  return { ...form, values, setValues, patch, reset: () => setValues(start) };
}
