import { Center, Loader, Stack } from '@mantine/core';
import { Logo } from '@/components/logo';

/** Shown while the session is restored on page load (spec 000 §2.2: logo and spinner, about 1 s). */
export function Splash() {
  return (
    <Center h="100vh" data-testid="splash">
      <Stack align="center" gap="lg">
        <Logo size={40} />
        <Loader size="sm" />
      </Stack>
    </Center>
  );
}
