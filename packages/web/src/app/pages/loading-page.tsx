import { useEffect } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { paths } from '@/paths';

// Whoever sent the user here navigates on when done; a reload on /loading has nobody to do that.
const GIVE_UP_MS = 20_000;

/** Interstitial between a tenant or device change and the next page (spec 001 §2). */
export function LoadingPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const t = setTimeout(() => navigate(paths.root, { replace: true }), GIVE_UP_MS);
    return () => clearTimeout(t);
  }, [navigate]);
  return (
    <Center h="calc(100vh - 120px)">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed" size="sm">
          Loading…
        </Text>
      </Stack>
    </Center>
  );
}
