import { Anchor, Skeleton, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { canWriteConfig } from '@netloom/domain';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/paths';
import { useCurrentUser } from '@/lib/session/session-store';
import { useWebFilterPolicies } from '@/features/web-filter/api/get-web-filter-policies';
import { IpPolicyCard } from '@/features/web-filter/components/ip-policy-card';
import { appliesToText } from '@/features/web-filter/components/policy-summary-text';
import { usePolicyNames } from '@/features/web-filter/components/use-policy-names';

/** Web filter › IP-based filtering: each policy's allowed and blocked addresses, subnets and ranges, in policy order. */
export function IpFilteringPage() {
  const user = useCurrentUser();
  const policies = useWebFilterPolicies();
  const names = usePolicyNames();
  if (!user) return null;
  const writer = canWriteConfig(user);
  const list = policies.data ?? [];

  return (
    <>
      <PageHeader title="IP Filtering" subtitle="Addresses, subnets and ranges each policy allows or blocks (checked before its URLs' categories)" />
      {policies.isError ? (
        <ErrorPanel onRetry={() => void policies.refetch()} />
      ) : policies.isLoading ? (
        <Skeleton h={160} />
      ) : list.length === 0 ? (
        <EmptyState
          title="No Web Filter Policies yet"
          description={
            <>
              IP rules belong to policies:{' '}
              <Anchor component={Link} to={paths.ztnaWebFilter.urlBased}>
                create a policy
              </Anchor>{' '}
              first.
            </>
          }
        />
      ) : (
        <Stack gap="md">
          {list.map((p) => (
            <IpPolicyCard key={p.id} policy={p} appliesTo={appliesToText(p.applies_to, names)} writer={writer} />
          ))}
        </Stack>
      )}
    </>
  );
}
