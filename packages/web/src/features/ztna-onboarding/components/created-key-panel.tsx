import { Alert, Button, Code, CopyButton, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { TIMING } from '@netloom/domain';
import { InstallGuide } from './install-guide';
import type { CreatedKey } from './enrolment-key-form';

/** The new key, this once, with a copy button and how a client enrols with it. */
export function CreatedKeyPanel({ created, onDone }: { created: CreatedKey; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="Copy the key now">
        It is shown only this once; the list keeps just its first characters ({created.prefix}…).
      </Alert>
      <Group gap="xs" wrap="nowrap">
        <Code block aria-label="Enrolment key" style={{ flex: 1, wordBreak: 'break-all' }}>
          {created.key}
        </Code>
        <CopyButton value={created.key} timeout={TIMING.copyConfirmationMs}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'default'}
              color={copied ? 'green' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy key'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm" c="dimmed">
        {created.reusable ? `Reusable${created.usage_limit ? ` up to ${created.usage_limit} times` : ''}` : 'Single-use'}
        {created.auto_approve ? '; clients are approved at once.' : '; clients wait for approval in Inventory › Approve.'}
      </Text>
      <Divider />
      <Title order={4} fz="md">
        Install and enrol
      </Title>
      <InstallGuide withKey />
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
