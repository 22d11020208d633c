import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { WafExclusion } from '@netloom/domain';
import { FormModal } from '@/components/dialogs/form-modal';
import { FieldAlert } from '@/components/field-alert';
import { OrderedPolicyList } from '@/components/policies/ordered-policy-list';
import type { PolicyColumn } from '@/components/policies/types';
import { ExclusionForm, exclusionDraft, exclusionName, type ExclusionDraft } from './exclusion-form';

type ExclusionItem = WafExclusion & { name: string; description?: string; enabled: boolean };

const COLUMNS: PolicyColumn<ExclusionItem>[] = [
  { header: 'Path', cell: (e) => e.path ?? 'Everywhere' },
  { header: 'Parameter', cell: (e) => e.parameter ?? 'All' },
];

interface ExclusionsSectionProps {
  exclusions: readonly WafExclusion[];
  writer: boolean;
  error?: string;
  /** An exclusion to add, pre-filled (from an attack event's 'Exclude this rule for this path'). */
  prefill: ExclusionDraft | null;
  onChange: (exclusions: WafExclusion[]) => void;
}

/** The policy's rule exclusions, in order, each added or changed in its own dialog. */
export function ExclusionsSection({ exclusions, writer, error, prefill, onChange }: ExclusionsSectionProps) {
  const [editing, setEditing] = useState<{ draft: ExclusionDraft; mode: 'add' | 'edit' } | null>(prefill ? { draft: prefill, mode: 'add' } : null);
  const items: ExclusionItem[] = exclusions.map((e) => ({ ...e, name: exclusionName(e), description: e.note || undefined, enabled: true }));
  const strip = ({ name: _n, description: _d, enabled: _e, ...e }: ExclusionItem): WafExclusion => e;
  return (
    <>
      <Group justify="space-between" mb="xs">
        <Text size="sm" c="dimmed">
          Rules that do not run, everywhere or under a path, for every parameter or one: the answer to a false positive.
        </Text>
        {writer && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setEditing({ draft: exclusionDraft(), mode: 'add' })}>
            Add exclusion
          </Button>
        )}
      </Group>
      <OrderedPolicyList
        label="Exclusions"
        policies={items}
        columns={COLUMNS}
        emptyText="No exclusion: every enabled rule runs everywhere."
        minWidth={600}
        writer={writer}
        busy={false}
        onReorder={(ids) => onChange(ids.map((id) => strip(items.find((i) => i.id === id)!)))}
        onEdit={(e) => setEditing({ draft: exclusionDraft(strip(e)), mode: 'edit' })}
        onDelete={(e) => onChange(exclusions.filter((x) => x.id !== e.id))}
      />
      <FieldAlert message={error} />
      <FormModal opened={editing !== null} onClose={() => setEditing(null)} label={editing?.mode === 'edit' ? 'Edit exclusion' : 'Add exclusion'} size="md">
        {editing && (
          <ExclusionForm
            draft={editing.draft}
            mode={editing.mode}
            onCancel={() => setEditing(null)}
            onDone={(x) => {
              onChange(editing.mode === 'add' ? [...exclusions, x] : exclusions.map((e) => (e.id === x.id ? x : e)));
              setEditing(null);
            }}
          />
        )}
      </FormModal>
    </>
  );
}
