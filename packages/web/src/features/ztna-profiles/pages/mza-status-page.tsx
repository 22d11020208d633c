import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDate, statusLabel } from '@netloom/domain';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { ConfigPageHeader } from '@/components/feedback/config-page-header';
import { useStatusDevice } from '@/components/gateway-picker';
import { useCurrentUser } from '@/lib/session/session-store';
import { paths } from '@/paths';
import { useEnrolledEndpoints } from '@/features/ztna-profiles/api/get-enrolled-endpoints';
import { useSecurityGroups } from '@/features/ztna-profiles/api/get-security-groups';
import { ClientVersion } from '@/features/ztna-profiles/components/client-version';
import { PostureTable } from '@/features/ztna-profiles/components/posture-table';
import { ConfigSyncBadge } from '@/components/config-sync-badge';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
    </Stack>
  );
}

/**
 * MicroZAccess › Endpoint Status: the endpoint chosen in the header — its posture as the policies
 * see it, its profile and whether it runs it, and its client against the latest release.
 */
export function MzaStatusPage() {
  const user = useCurrentUser();
  const deviceId = useStatusDevice();
  const endpoints = useEnrolledEndpoints();
  const groups = useSecurityGroups();
  if (!user) return null;
  const groupName = (id: string) => groups.data?.find((g) => g.id === id)?.name ?? id;
  const endpoint = endpoints.data?.find((e) => e.id === deviceId);

  const body = () => {
    if (!deviceId) return <EmptyState title="Please Select Device" description="Choose an endpoint in the header to see its status." />;
    if (endpoints.isError) return <ErrorPanel onRetry={() => void endpoints.refetch()} />;
    if (endpoints.isLoading) return <Skeleton h={240} />;
    if (!endpoint)
      return (
        <EmptyState
          title="Not an enrolled endpoint"
          description="The chosen device is a gateway or a client still waiting for approval (Organization › Inventory › Approve)."
        />
      );
    const na = 'Not Available';
    return (
      <Stack gap="md">
        <Paper withBorder p="md">
          <Group justify="space-between" mb="sm">
            <Title order={3} fz="md">
              {endpoint.name}
            </Title>
            <Anchor component={Link} to={`${paths.ztna.policies}?device=${endpoint.id}`} size="sm">
              Who can reach what
            </Anchor>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
            <Fact label="User">{endpoint.user ?? na}</Fact>
            <Fact label="Operating system">{endpoint.os_label ?? na}</Fact>
            <Fact label="Status">{statusLabel(endpoint.device_status)}</Fact>
            <Fact label="Last seen">{formatDate(endpoint.last_seen, { timezone: user.timezone })}</Fact>
            <Fact label="Profile">
              <Anchor component={Link} to={paths.ztna.profiles} size="sm">
                {endpoint.profile}
              </Anchor>
            </Fact>
            <Fact label="Configuration">
              <ConfigSyncBadge state={endpoint.config_sync} live />
            </Fact>
            <Fact label="Client version">
              <ClientVersion os={endpoint.os} version={endpoint.client_version} />
            </Fact>
            <Fact label="Security groups">{endpoint.security_groups.map(groupName).join(', ') || 'None'}</Fact>
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md">
          <Title order={3} fz="md" mb="xs">
            Posture
          </Title>
          <Text size="xs" c="dimmed" mb="sm">
            What the access policies check; a value the endpoint has not reported never passes a condition.
          </Text>
          <PostureTable posture={endpoint.posture} />
        </Paper>
      </Stack>
    );
  };

  return (
    <>
      <ConfigPageHeader
        title="Endpoint Status"
        subtitle="An endpoint's posture, profile and client"
        onRefresh={() => void endpoints.refetch()}
        refreshing={endpoints.isFetching}
      />
      {body()}
    </>
  );
}
