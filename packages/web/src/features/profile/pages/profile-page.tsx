import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { PasswordForm } from '@/features/profile/components/password-form';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { TwoFactorCard } from '@/features/profile/components/two-factor-card';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="lg">
      <Title order={4} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** settings/profile: names, company, time zone, password and two-factor authentication. */
export function ProfilePage() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <>
      <PageHeader
        title="Profile"
        subtitle={
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              {user.email}
            </Text>
            {user.isSuperAdmin && <Badge color="grape">Super Admin</Badge>}
            {user.role && <Badge variant="light">{user.role}</Badge>}
          </Group>
        }
      />
      <Stack gap="lg">
        <Section title="Personal details">
          <ProfileForm key={user.id} user={user} />
        </Section>
        <Section title="Password">
          <PasswordForm />
        </Section>
        <Section title="Two-factor authentication">
          <TwoFactorCard user={user} />
        </Section>
      </Stack>
    </>
  );
}
