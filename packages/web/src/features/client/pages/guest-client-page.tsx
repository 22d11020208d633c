import { useState } from 'react';
import { Box, Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDownload, IconLock } from '@tabler/icons-react';
import { Logo } from '@/components/logo';
import { ProfileMenu } from '@/components/profile-menu';
import { useCurrentUser } from '@/lib/session/session-store';
import { ClientDownload } from '@/features/client/components/client-download';

/** The guest-user's only page (spec 000 §2.8): no console, just the client download. */
export function GuestClientPage() {
  const user = useCurrentUser();
  const [showDownload, setShowDownload] = useState(false);
  if (!user) return null;
  return (
    <Box mih="100vh" bg="var(--mantine-color-default-hover)">
      <Group h={56} px="md" justify="space-between" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Logo />
        <ProfileMenu user={user} />
      </Group>
      <Center py={64}>
        <Stack align="center" gap="md" maw={560} ta="center">
          <ThemeIcon size={72} radius="xl" variant="light" color="orange">
            <IconLock size={36} stroke={1.5} />
          </ThemeIcon>
          <Title order={1} fz={28}>
            Access Restricted
          </Title>
          <Text c="dimmed">You don&apos;t have access to the website. Please use the client application instead.</Text>
          {!showDownload && (
            <Button mt="sm" leftSection={<IconDownload size={16} />} onClick={() => setShowDownload(true)}>
              Download the client
            </Button>
          )}
          {showDownload && <ClientDownload />}
        </Stack>
      </Center>
    </Box>
  );
}
