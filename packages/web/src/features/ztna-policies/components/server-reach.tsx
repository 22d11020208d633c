import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { reachRowSchema } from '@netloom/domain';
import type { z } from 'zod';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import type { SelectOption } from '@/components/inputs/select-field';
import { formErrorMessage } from '@/lib/forms';
import { useReach } from '@/features/ztna-policies/api/get-reach';
import { AccessActionBadge } from './access-action-badge';
import { decidedByText, failedText } from './decision-text';
import { EMPTY_TARGET, TargetFields, type Target } from './target-fields';

type ReachRow = z.infer<typeof reachRowSchema>;

const COLUMNS: DataTableColumn<ReachRow>[] = [
  { key: 'device_name', header: 'Endpoint' },
  { key: 'user', header: 'User', render: (r) => r.user ?? '—' },
  { key: 'action', header: 'Decision', render: (r) => <AccessActionBadge action={r.action} /> },
  { key: 'policy', header: 'Deciding policy', render: (r) => decidedByText(r) },
  { key: 'failed', header: 'Why', width: '18rem', render: (r) => failedText(r.failed) ?? r.reason },
];

/** One server: every enrolled endpoint (and its user) with what it would get now and why. */
export function ServerReach({ servers }: { servers: SelectOption[] }) {
  const reach = useReach();
  const [target, setTarget] = useState<Target>(EMPTY_TARGET);
  const [serverError, setServerError] = useState<string | null>(null);
  const run = () => {
    setServerError(target.serverId ? null : 'Field is required');
    if (target.serverId) reach.mutate({ server_id: target.serverId, protocol: target.protocol, port: target.port });
  };
  const rows = reach.data ?? [];
  const allowed = rows.filter((r) => r.action === 'allow').length;

  return (
    <Stack gap="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          run();
        }}
        noValidate
        aria-label="Who can reach a server"
      >
        <Stack gap="sm">
          <TargetFields value={target} onChange={setTarget} servers={servers} serverError={serverError} />
          <Group justify="flex-end">
            <Button type="submit" loading={reach.isPending}>
              List who can reach it
            </Button>
          </Group>
        </Stack>
      </form>
      {reach.isError && (
        <Text size="sm" c="red" role="alert">
          {formErrorMessage(reach.error)}
        </Text>
      )}
      {reach.data && (
        <>
          <Text size="sm">
            {allowed} of {rows.length} endpoints allowed
          </Text>
          <DataTable
            label="Who can reach the server"
            columns={COLUMNS}
            rows={rows}
            getRowId={(r) => r.device_id}
            loading={reach.isPending}
            options={{ search: true, sort: true, download: false, paging: true }}
            emptyState={<EmptyState title="No enrolled endpoints" description="Endpoints appear here once they enrol." />}
          />
        </>
      )}
    </Stack>
  );
}
