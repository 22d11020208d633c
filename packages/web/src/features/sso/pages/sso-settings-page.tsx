import { Alert, Stack } from '@mantine/core';
import { canManageSso } from '@netloom/domain';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { DomainsSection } from '@/features/sso/components/domains-section';
import { MappingsSection } from '@/features/sso/components/mappings-section';
import { PolicySection } from '@/features/sso/components/policy-section';
import { ProvidersSection } from '@/features/sso/components/providers-section';

/** Organisation single sign-on (profile menu): owners set up providers, domains, mappings and the policy. */
export function SsoSettingsPage() {
  const user = useCurrentUser();
  const owner = user !== null && canManageSso(user);
  return (
    <>
      <PageHeader title="Single sign-on" subtitle="Sign your organisation in with its identity provider" />
      {!owner ? (
        <Alert color="gray">Only the organisation's owners manage single sign-on.</Alert>
      ) : (
        <Stack>
          <ProvidersSection />
          <DomainsSection />
          <MappingsSection />
          <PolicySection />
        </Stack>
      )}
    </>
  );
}
