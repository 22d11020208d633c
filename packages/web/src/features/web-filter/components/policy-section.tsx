import type { WebFilterPolicy } from '@netloom/domain';
import { OrderedPolicySection, policyWrites } from '@/components/policies/ordered-policy-section';
import { useDeleteWebFilterPolicy } from '@/features/web-filter/api/delete-web-filter-policy';
import { useFilterEndpoints } from '@/features/web-filter/api/get-filter-endpoints';
import { useWebFilterPolicies } from '@/features/web-filter/api/get-web-filter-policies';
import { useReorderWebFilterPolicies } from '@/features/web-filter/api/reorder-web-filter-policies';
import { useSaveWebFilterPolicy } from '@/features/web-filter/api/save-web-filter-policy';
import { scheduleNote, webFilterColumns } from './policy-columns';
import { PolicyEditor } from './policy-editor';
import { usePolicyNames } from './use-policy-names';

/** The ordered web-filter policies with their editor: create, edit, enable, reorder and delete. */
export function PolicySection({ writer }: { writer: boolean }) {
  const policies = useWebFilterPolicies();
  const endpoints = useFilterEndpoints();
  const names = usePolicyNames();
  const writes = policyWrites<WebFilterPolicy>(useReorderWebFilterPolicies(), useSaveWebFilterPolicy(), useDeleteWebFilterPolicy());

  return (
    <OrderedPolicySection
      title="Policies"
      description="Evaluated from the top; the first policy that decides wins."
      writer={writer}
      policies={policies}
      writes={writes}
      list={{ label: 'Web filter policies', columns: webFilterColumns(names, endpoints.data ?? []), details: scheduleNote }}
      empty={{
        writer: {
          title: 'Create your First Web Filter Policy',
          description: 'Block or allow categories, applications, URLs and addresses for users, groups and endpoints.',
        },
        reader: { title: 'No Web Filter Policies yet', description: 'Owners, admins and editors create policies.' },
      }}
      deleteMessage="Endpoints stop applying it once they get the change."
      editor={(policy, done) => <PolicyEditor policy={policy} onDone={done} />}
    />
  );
}
