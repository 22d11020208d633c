import { Center, Loader, Overlay, Stack, Text } from '@mantine/core';
import { CONNECTIVITY_TEXTS } from '../texts';

/** Full-screen 'Updating application' while a new version takes over (spec 000 §4 App update). */
export function UpdateOverlay() {
  return (
    <Overlay fixed zIndex={3000} backgroundOpacity={0.85} color="#fff">
      <Center h="100%">
        <Stack align="center" gap="sm" role="status" aria-live="assertive">
          <Loader />
          <Text size="lg" fw={600}>
            {CONNECTIVITY_TEXTS.updating}
          </Text>
        </Stack>
      </Center>
    </Overlay>
  );
}
