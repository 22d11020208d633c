import { useEffect, useState } from 'react';
import { Button, Switch, Table, Text } from '@mantine/core';
import type { DataProtection, ZtnaServer } from '@netloom/domain';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useSaveServerDpc } from '@/features/ztna-overlay/api/save-server-dpc';

export const DPC_CONTROLS: { key: keyof DataProtection; label: string }[] = [
  { key: 'download', label: 'Download' },
  { key: 'upload', label: 'Upload' },
  { key: 'copy', label: 'Copy' },
  { key: 'managed_only', label: 'Managed only' },
];

const same = (a: DataProtection, b: DataProtection) => DPC_CONTROLS.every((c) => a[c.key] === b[c.key]);

/** One server's data protection controls, changed and saved on their own. */
export function DpcRow({ server, writer }: { server: ZtnaServer; writer: boolean }) {
  const [draft, setDraft] = useState<DataProtection>(server.dpc);
  useEffect(() => setDraft(server.dpc), [server.dpc]);
  const save = useSaveServerDpc();
  const changed = !same(draft, server.dpc);
  return (
    <Table.Tr aria-label={server.name}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {server.name}
        </Text>
        <Text size="xs" c="dimmed">
          {server.address}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{server.site}</Text>
      </Table.Td>
      {DPC_CONTROLS.map((c) => (
        <Table.Td key={c.key}>
          <Switch
            aria-label={`${c.label} on ${server.name}`}
            checked={draft[c.key]}
            disabled={!writer || save.isPending}
            onChange={(e) => setDraft({ ...draft, [c.key]: e.currentTarget.checked })}
          />
        </Table.Td>
      ))}
      {writer && (
        <Table.Td>
          <Button
            size="compact-sm"
            aria-label={`Save ${server.name}`}
            disabled={!changed}
            loading={save.isPending}
            onClick={() =>
              save.mutate({ id: server.id, dpc: draft }, { onSuccess: () => toast.edited('Data protection'), onError: (e) => toast.error(formErrorMessage(e)) })
            }
          >
            Save
          </Button>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
