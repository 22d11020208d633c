import { Paper } from '@mantine/core';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';

/** Settings screens that arrive with later issues. */
export function SettingsPlaceholderPage({ title, empty }: { title: string; empty: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder>
        <EmptyState title={empty} />
      </Paper>
    </>
  );
}
