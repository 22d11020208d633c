import { useState } from 'react';
import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCopy, IconMail, IconRefresh } from '@tabler/icons-react';
import { useRouteError } from 'react-router';
import { TIMING } from '@netloom/domain';
import { snack } from '@/lib/notify';
import { BUILD_HASH } from '@/features/connectivity/app-update/version-check';
import { ContactSupportDialog } from '@/features/support/components/contact-support-dialog';

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}\n${error.stack ?? ''}`;
  if (error === undefined || error === null) return 'No error details';
  try {
    return JSON.stringify(error, null, 2);
  } catch {
    return String(error);
  }
}

/** Crash page of spec 000 §2.13; also the router's error element, so one failure never blanks the app. */
export function SomethingWentWrongPage() {
  const error = useRouteError();
  const details = `${describe(error)}\n\nURL: ${window.location.href}\nTime: ${new Date().toISOString()}`;
  const [contacting, setContacting] = useState(false);
  // What support would ask for, sent with the question (within the limits the server keeps).
  const context = {
    path: window.location.pathname.slice(0, 500),
    error: details.slice(0, 4000),
    console_version: BUILD_HASH.slice(0, 64),
    browser: navigator.userAgent.slice(0, 300),
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(details);
      snack('Successfully Copied', { color: 'green', autoClose: TIMING.copyConfirmationMs });
    } catch {
      snack('Could not copy: your browser blocked clipboard access', { color: 'red' });
    }
  };

  return (
    <Center mih="100vh">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color="orange">
          <IconAlertTriangle size={40} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz={28}>
          Something Went Wrong!
        </Title>
        <Text c="dimmed">An unexpected error stopped this page. Trying again usually helps.</Text>
        <Group mt="md">
          <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
            Try Again
          </Button>
          <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => void copy()}>
            Copy Error to Clipboard
          </Button>
          <Button variant="subtle" leftSection={<IconMail size={16} />} onClick={() => setContacting(true)}>
            Contact Support
          </Button>
        </Group>
        <ContactSupportDialog opened={contacting} onClose={() => setContacting(false)} source="crash" context={context} />
      </Stack>
    </Center>
  );
}
