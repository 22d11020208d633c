import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import type { ConfigDocument } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { EmptyState } from '@/components/empty-state';
import { toast } from '@/components/feedback/toast';
import { ItemForm } from './item-form';
import type { ListTab, SaveOutcome } from './types';
import { forItem, toastSaved } from './values';

export interface ListTabViewProps {
  tab: ListTab;
  items: Record<string, unknown>[];
  document: ConfigDocument;
  writer: boolean;
  allowVariables: boolean;
  /** A list nobody edits (the server writes it): why it is empty, shown in place of the invitation to add. */
  readOnlyEmpty?: string | null;
  /** Why no item can be added yet (what the section must hold first); null: nothing stands in the way. */
  blocked?: string | null;
  loading: boolean;
  timezone: string | null;
  /** Saves the tab's whole list; the server's answer names fields as `section.<path>.<index>.<field>`. */
  save: (items: Record<string, unknown>[]) => Promise<SaveOutcome>;
}

/** A family's list (routes, rules, pools…): the shared table, add and edit in the spec's modal, delete after a Yes. */
export function ListTabView({ tab, items, document, writer, allowVariables, readOnlyEmpty = null, blocked = null, loading, timezone, save }: ListTabViewProps) {
  const [editing, setEditing] = useState<{ index: number; item?: Record<string, unknown> } | null>(null);
  const prefix = (index: number) => ['section', ...tab.path, index, ''].join('.');
  const submit = async (item: Record<string, unknown>) => {
    const at = editing!;
    const next = at.item ? items.map((x, i) => (i === at.index ? item : x)) : [...items, item];
    let outcome: SaveOutcome;
    try {
      outcome = await save(next);
    } catch (e) {
      throw forItem(e, prefix(at.index));
    }
    toastSaved(outcome, tab.item, at.item ? 'edited' : 'added');
    if (outcome !== 'cancelled') setEditing(null);
  };
  const remove = (index: number) =>
    save(items.filter((_, i) => i !== index)).then(
      (outcome) => toastSaved(outcome, tab.item, 'deleted'),
      () => toast.error(),
    );
  const addButton = (
    <Button leftSection={<IconPlus size={16} />} disabled={blocked !== null} onClick={() => setEditing({ index: items.length })}>
      Add {tab.item.toLowerCase()}
    </Button>
  );
  const rows = items.map((item, index) => ({ ...item, id: (item.id as string | undefined) ?? String(index) }));
  return (
    <Stack gap="sm">
      {writer && blocked && (
        <Alert color="yellow" icon={<IconInfoCircle size={16} />}>
          {blocked}
        </Alert>
      )}
      {writer && items.length > 0 && <Group justify="flex-end">{addButton}</Group>}
      <DataTable
        label={tab.label}
        columns={tab.columns}
        rows={rows}
        loading={loading}
        timezone={timezone}
        options={{ search: true, sort: true, paging: true }}
        onEdit={writer ? (row) => setEditing({ index: rows.indexOf(row), item: items[rows.indexOf(row)] }) : undefined}
        onDelete={writer ? (row) => void remove(rows.indexOf(row)) : undefined}
        emptyState={
          readOnlyEmpty !== null ? (
            <EmptyState title={`No ${tab.label.toLowerCase()}`} description={readOnlyEmpty} />
          ) : writer ? (
            <EmptyState
              title="Create your First Configuration"
              description={`Add a ${tab.item.toLowerCase()}; it is pushed to the device.`}
              action={addButton}
            />
          ) : (
            <EmptyState title={`No ${tab.label.toLowerCase()}`} description="Editors, admins and owners add them." />
          )
        }
      />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} withCloseButton={false} centered size="lg">
        <ModalHeader title={`${editing?.item ? 'Edit' : 'Add'} ${tab.item.toLowerCase()}`} onClose={() => setEditing(null)} />
        {editing && (
          <ItemForm
            tab={tab}
            mode={editing.item ? 'edit' : 'add'}
            item={editing.item ?? { ...tab.empty, ...(tab.withId ? { id: crypto.randomUUID() } : {}) }}
            document={document}
            allowVariables={allowVariables}
            onSubmit={submit}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}
