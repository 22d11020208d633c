import { useState } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { NAC_DECISIONS, type NacDecision } from '@netloom/domain';
import type { NacHostQuery } from '@/features/nac/api/get-nac-hosts';

const DECISION_LABELS: Record<NacDecision, string> = { pending: 'Pending', allow: 'Allow', block: 'Block', quarantine: 'Quarantine' };
export type BulkDecision = Exclude<NacDecision, 'pending'>;
const BULK: { decision: BulkDecision; label: string; color: string }[] = [
  { decision: 'allow', label: 'Allow', color: 'green' },
  { decision: 'block', label: 'Block', color: 'red' },
  { decision: 'quarantine', label: 'Quarantine', color: 'orange' },
];

interface NacToolbarProps {
  view: NacHostQuery;
  update: (patch: Record<string, string | null>) => void;
  /** Hosts chosen; null: this role may not decide. */
  selected: number | null;
  busy: boolean;
  onDecide: (decision: BulkDecision) => void;
}

/** Search and the decision filter, and for owners and admins the bulk decisions on the chosen hosts. */
export function NacToolbar({ view, update, selected, busy, onDecide }: NacToolbarProps) {
  const [term, setTerm] = useState(view.search);
  const submit = () => term.trim() !== view.search && update({ q: term.trim() || null });
  return (
    <Group mb="sm" justify="space-between">
      <Group>
        <TextInput
          aria-label="Search hosts"
          placeholder="Search MAC, IP, hostname, vendor, OS, gateway"
          leftSection={<IconSearch size={16} />}
          value={term}
          w={320}
          onChange={(e) => setTerm(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && submit()}
          onBlur={submit}
        />
        <Select
          aria-label="Decision"
          placeholder="Any decision"
          data={NAC_DECISIONS.map((d) => ({ value: d, label: DECISION_LABELS[d] }))}
          value={view.decision}
          onChange={(d) => update({ decision: d })}
          clearable
          w={170}
        />
      </Group>
      {selected !== null && (
        <Group gap="xs">
          {BULK.map((b) => (
            <Button key={b.decision} variant="light" color={b.color} disabled={selected === 0} loading={busy} onClick={() => onDecide(b.decision)}>
              {b.label}
              {selected > 0 ? ` (${selected})` : ''}
            </Button>
          ))}
        </Group>
      )}
    </Group>
  );
}
