import { Button, Code, CopyButton, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { ErrorPanel } from '@/components/error-panel';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { useRumSnippet } from '@/features/rum/api/get-rum-sites';

/** The script tag to put in the site's pages, with a copy button, and how a single-page app names its routes. */
export function SnippetPanel({ siteId, app }: { siteId: string; app: boolean }) {
  const snippet = useRumSnippet(siteId);
  if (snippet.isError) return <ErrorPanel onRetry={() => void snippet.refetch()} />;
  if (!snippet.data) return <CardSkeleton height={120} />;
  return (
    <Stack gap="xs">
      <Text size="sm">Add this tag to the head of every page:</Text>
      <Code block aria-label="Snippet" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {snippet.data.snippet}
      </Code>
      <CopyButton value={snippet.data.snippet}>
        {({ copied, copy }) => (
          <Button onClick={copy} variant={copied ? 'light' : 'filled'} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} w="fit-content">
            {copied ? 'Copied' : 'Copy snippet'}
          </Button>
        )}
      </CopyButton>
      {app && (
        <Text size="xs" c="dimmed">
          Route changes are seen through the History API. To group pages by route, call <Code>NetloomRUM.setRoute(&apos;/users/:id&apos;)</Code> after each
          navigation; <Code>NetloomRUM.setRelease(&apos;1.4.2&apos;)</Code> names the release whose source maps resolve its errors.
        </Text>
      )}
    </Stack>
  );
}
