import { Stack } from '@mantine/core';
import { canWriteConfig } from '@netloom/domain';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { PolicySection } from '@/features/ztna-policies/components/policy-section';
import { ReachTool } from '@/features/ztna-policies/components/reach-tool';

/** ZTNA › Organization › Policies: the ordered access policies, the default deny, and "who can reach what". */
export function AccessPoliciesPage() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <>
      <PageHeader title="Policies" subtitle="Who may reach which private applications, from which endpoints, and when" />
      <Stack gap="md">
        <PolicySection writer={canWriteConfig(user)} />
        <ReachTool />
      </Stack>
    </>
  );
}
