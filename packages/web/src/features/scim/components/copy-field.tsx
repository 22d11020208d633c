import { Button, Code, CopyButton, Group } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { TIMING } from '@netloom/domain';

/** A value to paste into the identity provider, with its copy button. */
export function CopyField({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Code block aria-label={label} style={{ flex: 1, wordBreak: 'break-all' }}>
        {value}
      </Code>
      <CopyButton value={value} timeout={TIMING.copyConfirmationMs}>
        {({ copied, copy }) => (
          <Button
            variant={copied ? 'light' : 'default'}
            color={copied ? 'green' : undefined}
            leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            onClick={copy}
          >
            {copied ? 'Copied' : copyLabel}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
