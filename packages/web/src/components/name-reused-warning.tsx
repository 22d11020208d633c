import { Text } from '@mantine/core';

/**
 * Under a device's name field: the name is already another device's. Saving stays allowed (two
 * sites may well both be 'branch'), but the user learns before saving that the console will tell
 * them apart by serial.
 */
export function NameReusedWarning({ serials }: { serials: readonly string[] }) {
  const which = serials.length === 1 ? `device ${serials[0]}` : `devices ${serials.join(', ')}`;
  return (
    <Text component="span" size="xs" c="orange.8" data-testid="name-reused-warning">
      Also the name of {which}: lists and charts will add the serial to tell them apart.
    </Text>
  );
}
