import { useState } from 'react';
import { Alert, Button, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconBrandAndroid, IconBrandApple, IconBrandWindows, IconDownload } from '@tabler/icons-react';
import { externalLinks } from '@/paths';
import { usePackagePaths } from '@/features/client/api/get-package-paths';
import { useTypewriter } from './use-typewriter';

type Os = 'Windows' | 'macOS' | 'Android';

const OS_ICON = { Windows: IconBrandWindows, macOS: IconBrandApple, Android: IconBrandAndroid } as const;

/** Download section of the guest client page (spec 000 §2.8). */
export function ClientDownload() {
  const [os, setOs] = useState<Os>('Windows');
  const typed = useTypewriter(os, 100);
  const packages = usePackagePaths();
  const Icon = OS_ICON[os];

  const url = os === 'Android' ? externalLinks.androidClient : os === 'macOS' ? packages.data?.macOS : packages.data?.Windows;

  return (
    <Paper withBorder p="xl" w={460} shadow="xs">
      <Stack align="center" gap="md">
        <Icon size={40} stroke={1.4} />
        <Title order={3} fz={20} aria-live="polite">
          Download for{' '}
          <Text span inherit c="blue" data-testid="typed-os">
            {typed}
          </Text>
          {/* The typing caret is decoration. */}
          <Text span inherit c="blue" style={{ opacity: 0.6 }} aria-hidden>
            |
          </Text>
        </Title>
        <SegmentedControl value={os} onChange={(v) => setOs(v as Os)} data={['Windows', 'macOS', 'Android']} fullWidth />
        {packages.isError && os !== 'Android' ? (
          <Alert color="red" variant="light" w="100%">
            The installer links could not be loaded. Please refresh the page or try again later.
          </Alert>
        ) : (
          <Button
            leftSection={<IconDownload size={16} />}
            fullWidth
            disabled={!url}
            loading={os !== 'Android' && packages.isLoading}
            onClick={() => url && window.open(url, '_blank', 'noopener')}
          >
            Download
          </Button>
        )}
        {os === 'macOS' && packages.data && (
          <Text size="xs" c="dimmed">
            On a Mac with Apple chip?{' '}
            <a href={packages.data['macOS-arm']} target="_blank" rel="noopener noreferrer">
              Get the Apple chip installer
            </a>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
