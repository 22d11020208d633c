import { Badge, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page title with the unsaved-draft marker next to it while the device has a draft. */
export function TitleWithDraft({ title, draft }: { title: ReactNode; draft: boolean }) {
  if (!draft) return <>{title}</>;
  return (
    <Group gap="xs" component="span" display="inline-flex">
      {title}
      <Badge color="yellow" variant="light" data-testid="draft-marker">
        Unsaved draft
      </Badge>
    </Group>
  );
}
