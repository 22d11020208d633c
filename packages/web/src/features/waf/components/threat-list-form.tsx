import { useState } from 'react';
import { FileInput, NumberInput, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { threatListInputSchema } from '@netloom/domain';
import { ModalFooter } from '@/components/dialogs/modal-footer';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { FieldAlert } from '@/components/field-alert';
import { fieldError } from '@/lib/forms';
import { useFormSubmit } from '@/lib/use-form-submit';
import type { ThreatListInput } from '@/features/waf/api/save-threat-list';

/** A new threat-intel list: its addresses pasted or uploaded, or a URL the server fetches on a schedule. */
export function ThreatListForm({ onSave, onCancel }: { onSave: (input: ThreatListInput) => Promise<unknown>; onCancel: () => void }) {
  const [source, setSource] = useState<'entries' | 'url'>('entries');
  const [v, setV] = useState({ name: '', action: 'deny' as 'deny' | 'challenge', entries: '', url: '', refresh_hours: 24 });
  const { errors, formError, busy, submit } = useFormSubmit(threatListInputSchema, onSave);
  const set = (c: Partial<typeof v>) => setV((p) => ({ ...p, ...c }));
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit({
          name: v.name,
          action: v.action,
          refresh_hours: v.refresh_hours,
          ...(source === 'entries' ? { entries: v.entries } : { url: v.url.trim() }),
        });
      }}
    >
      <ModalHeader title="Add threat-intel list" onClose={onCancel} loading={busy} />
      <Stack gap="sm">
        <TextInput label="Name" required value={v.name} onChange={(e) => set({ name: e.currentTarget.value })} error={fieldError(errors, 'name')} />
        <SegmentedControl
          aria-label="Action"
          w="fit-content"
          data={[
            { value: 'deny', label: 'Deny' },
            { value: 'challenge', label: 'Challenge' },
          ]}
          value={v.action}
          onChange={(a) => set({ action: a as 'deny' | 'challenge' })}
        />
        <Text size="xs" c="dimmed">
          {v.action === 'deny'
            ? 'Deny: the edges refuse these addresses (403) before the WAF runs.'
            : 'Challenge: a browser passes a JavaScript check on its own and is let through for 30 minutes; a script that runs no JavaScript never is.'}
        </Text>
        <SegmentedControl
          aria-label="Source"
          w="fit-content"
          data={[
            { value: 'entries', label: 'Paste or upload' },
            { value: 'url', label: 'From a URL' },
          ]}
          value={source}
          onChange={(s) => setSource(s as 'entries' | 'url')}
        />
        {source === 'entries' ? (
          <>
            <Textarea
              label="Addresses and subnets"
              description="One per line; lines that are neither are left out and counted"
              autosize
              minRows={4}
              maxRows={12}
              ff="monospace"
              value={v.entries}
              onChange={(e) => set({ entries: e.currentTarget.value })}
              error={fieldError(errors, 'entries')}
            />
            <FileInput label="…or a file" accept=".txt,.csv,.list" clearable onChange={(f) => f && void f.text().then((entries) => set({ entries }))} />
          </>
        ) : (
          <>
            <TextInput
              label="URL"
              placeholder="https://feeds.example.com/blocklist.txt"
              value={v.url}
              onChange={(e) => set({ url: e.currentTarget.value })}
              error={fieldError(errors, 'url')}
            />
            <NumberInput
              label="Refresh every (hours)"
              min={1}
              max={168}
              w={200}
              value={v.refresh_hours}
              onChange={(n) => set({ refresh_hours: typeof n === 'number' ? n : 24 })}
              error={fieldError(errors, 'refresh_hours')}
            />
          </>
        )}
        <FieldAlert message={formError} />
      </Stack>
      <ModalFooter mode="add" loading={busy} submitType="submit" onCancel={onCancel} />
    </form>
  );
}
