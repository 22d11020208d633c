import type { ZtnaPolicy } from '@netloom/domain';
import { OrderedPolicySection, policyWrites } from '@/components/policies/ordered-policy-section';
import { useDeleteZtnaPolicy } from '@/features/ztna-policies/api/delete-ztna-policy';
import { useZtnaPolicies } from '@/features/ztna-policies/api/get-ztna-policies';
import { useReorderZtnaPolicies } from '@/features/ztna-policies/api/reorder-ztna-policies';
import { useSaveZtnaPolicy } from '@/features/ztna-policies/api/save-ztna-policy';
import { accessColumns, DEFAULT_DENY } from './policy-columns';
import { PolicyEditor } from './policy-editor';
import { usePolicyNames } from './use-policy-names';

/** The ordered access policies above the default deny, with their editor: create, edit, enable, reorder and delete. */
export function PolicySection({ writer }: { writer: boolean }) {
  const policies = useZtnaPolicies();
  const names = usePolicyNames();
  const writes = policyWrites<ZtnaPolicy>(useReorderZtnaPolicies(), useSaveZtnaPolicy(), useDeleteZtnaPolicy());

  return (
    <OrderedPolicySection
      title="Access policies"
      description="Evaluated from the top; the first policy that matches decides, and what none allows is denied."
      writer={writer}
      policies={policies}
      writes={writes}
      list={{
        label: 'Access policies',
        columns: accessColumns(names),
        defaultPolicy: DEFAULT_DENY,
        minWidth: 1000,
        emptyText: writer ? 'No policies yet: every connection is denied until a policy allows it.' : 'No policies yet: every connection is denied.',
      }}
      deleteMessage="Endpoints and connectors stop applying it once they get the change."
      editor={(policy, done) => <PolicyEditor policy={policy} onDone={done} />}
    />
  );
}
