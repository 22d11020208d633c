import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { fullName } from '../../../components/profile-menu';
import { useCurrentUser } from '../../../lib/session/session-store';

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value || 'Not Available'}</Text>
    </Stack>
  );
}

export function ProfilePage() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <>
      <PageHeader title="Profile" subtitle={fullName(user)} />
      <Paper withBorder p="lg">
        <SimpleGrid cols={3} spacing="lg">
          <Field label="First name" value={user.firstName} />
          <Field label="Last name" value={user.lastName} />
          <Field label="E-mail" value={user.email} />
          <Field label="Company" value={user.companyName} />
          <Field label="Time zone" value={user.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone} />
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Role
            </Text>
            <Group gap={6}>
              {user.isSuperAdmin && <Badge color="grape">Super Admin</Badge>}
              {user.role && <Badge variant="light">{user.role}</Badge>}
            </Group>
          </Stack>
          <Field label="Two-factor authentication" value={user.twoFactorEnabled ? 'On' : 'Off'} />
        </SimpleGrid>
      </Paper>
    </>
  );
}
