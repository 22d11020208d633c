import { Table, VisuallyHidden } from '@mantine/core';

/**
 * The header of a column of row buttons: nothing to see, but a screen reader announces each
 * cell's column, and an empty header would leave those buttons unnamed in their column.
 */
export function ActionsHeader({ label = 'Actions' }: { label?: string }) {
  return (
    <Table.Th>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Table.Th>
  );
}
