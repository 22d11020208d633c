import { ActionIcon, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { DATE_FORMATS, formatDate, formatRupees, type CommercialData } from '@netloom/domain';
import type { CommercialDraft } from './commercial-edit';

type Entry = CommercialData[string][string];

interface CommercialCellProps {
  deviceName: string;
  wan: string;
  entry: Entry | undefined;
  /** This cell's draft while it is the one being edited. */
  draft: CommercialDraft | null;
  error: string | null;
  saving: boolean;
  onEdit: () => void;
  onDraft: (draft: CommercialDraft) => void;
  onSave: () => void;
  onCancel: () => void;
}

/** One WAN link's amount and date: rupees and d/M/yy when shown, two fields behind the pencil. */
export function CommercialCell({ deviceName, wan, entry, draft, error, saving, onEdit, onDraft, onSave, onCancel }: CommercialCellProps) {
  if (draft) {
    return (
      <Stack gap={4} miw={170}>
        <TextInput
          size="xs"
          aria-label={`Amount for ${deviceName} ${wan}`}
          placeholder="Amount"
          value={draft.amount}
          error={error}
          onChange={(e) => onDraft({ ...draft, amount: e.currentTarget.value })}
        />
        <Group gap={4} wrap="nowrap">
          <DateInput
            size="xs"
            aria-label={`Date for ${deviceName} ${wan}`}
            placeholder="Date"
            valueFormat={DATE_FORMATS.commercial}
            value={draft.date || null}
            onChange={(v) => onDraft({ ...draft, date: v ?? '' })}
            popoverProps={{ withinPortal: true }}
            style={{ flex: 1 }}
          />
          <ActionIcon size="sm" color="green" variant="light" aria-label="Save" loading={saving} onClick={onSave}>
            <IconCheck size={14} />
          </ActionIcon>
          <ActionIcon size="sm" color="gray" variant="light" aria-label="Cancel" disabled={saving} onClick={onCancel}>
            <IconX size={14} />
          </ActionIcon>
        </Group>
      </Stack>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" data-testid={`commercial-${deviceName}-${wan}`}>
      <Stack gap={0}>
        <Text size="sm">{entry ? formatRupees(Number(entry.amount)) : '-'}</Text>
        <Text size="xs" c="dimmed">
          {wan}
          {entry ? ` · ${formatDate(entry.date, { format: DATE_FORMATS.commercial })}` : ''}
        </Text>
      </Stack>
      <Tooltip label="Edit" withArrow>
        <ActionIcon size="sm" variant="subtle" aria-label={`Edit ${deviceName} ${wan}`} onClick={onEdit}>
          <IconPencil size={14} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
