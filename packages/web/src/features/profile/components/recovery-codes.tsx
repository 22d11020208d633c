import { Alert, Button, Code, CopyButton, Group, SimpleGrid, Stack } from '@mantine/core';
import { downloadText } from './download-text';

/** Recovery codes, shown once after enrolment: copy or download them now. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  return (
    <Stack gap="sm">
      <Alert color="yellow" title="Save your recovery codes">
        Each code signs you in once if you lose your phone. They are shown only now.
      </Alert>
      <SimpleGrid cols={2} spacing={6} aria-label="Recovery codes">
        {codes.map((c) => (
          <Code key={c} fz="sm">
            {c}
          </Code>
        ))}
      </SimpleGrid>
      <Group>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={() => downloadText('netloom-recovery-codes.txt', text)}>
          Download
        </Button>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
