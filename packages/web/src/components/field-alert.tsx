import { Text } from '@mantine/core';

/** A message under a group of fields, read out as it appears; nothing when there is none. */
export function FieldAlert({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <Text size="sm" c="red" role="alert">
      {message}
    </Text>
  );
}
