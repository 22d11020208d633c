import { useState } from 'react';
import { Group, Text } from '@mantine/core';
import { formatRupees, sharedNameIds, type DeviceRow } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { TableSkeleton } from '@/components/feedback/skeletons';
import { snack } from '@/lib/notify';
import { useCommercialData } from '@/features/devices/api/get-commercial-data';
import { useSaveCommercialData } from '@/features/devices/api/save-commercial-data';
import { CommercialCell } from './commercial-cell';
import { applyDraft, beginEdit, COMMERCIAL_TEXT, deviceTotal, draftError, fleetTotal, type CommercialDraft } from './commercial-edit';
import { DeviceNameCell } from './device-cells';

interface CommercialRow {
  id: string;
  name: string;
  /** Only where another device of the table has the same name. */
  serial: string | null;
  wans: string[];
  total: number;
}

interface CommercialViewProps {
  tenantId: string;
  /** A snapshot: live updates pause while the view is open, so a row never moves mid-edit. */
  devices: readonly DeviceRow[];
  wanColumns: number;
  pageSizes: readonly (number | 'None')[];
  defaultPageSize: number;
}

/** Commercial view of spec 000 §2.4: per device and WAN link an amount and a date, with totals. */
export function CommercialView({ tenantId, devices, wanColumns, pageSizes, defaultPageSize }: CommercialViewProps) {
  const data = useCommercialData(tenantId, true);
  const save = useSaveCommercialData(tenantId);
  const [draft, setDraft] = useState<CommercialDraft | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (data.isPending) return <TableSkeleton rows={5} columns={wanColumns + 2} />;

  const sameName = sharedNameIds(devices);
  const rows: CommercialRow[] = devices.map((d) => ({
    id: d.id,
    name: d.name,
    serial: sameName.has(d.id) ? d.serial : null,
    wans: d.wan_status.map((w) => w.name),
    total: deviceTotal(data.data, d.id),
  }));

  const edit = (deviceId: string, wan: string) => {
    const next = beginEdit(draft, { deviceId, wan }, data.data);
    if (next.refused) return snack(COMMERCIAL_TEXT.editInProgress, { color: 'yellow' });
    setDraft(next.draft);
    setError(null);
  };

  const commit = () => {
    if (!draft) return;
    const problem = draftError(draft);
    setError(problem);
    if (problem) return;
    save.mutate(applyDraft(data.data, draft, new Date()), {
      onSuccess: () => {
        setDraft(null);
        snack(COMMERCIAL_TEXT.updated, { color: 'green' });
      },
      onError: () => snack(COMMERCIAL_TEXT.failed, { color: 'red' }),
    });
  };

  const wanColumn = (i: number): DataTableColumn<CommercialRow> => ({
    key: `wans.${i}`,
    header: `WAN ${i + 1}`,
    sortable: false,
    render: (row) => {
      const wan = row.wans[i];
      if (!wan)
        return (
          <Text size="sm" c="dimmed">
            -
          </Text>
        );
      const mine = draft && draft.deviceId === row.id && draft.wan === wan ? draft : null;
      return (
        <CommercialCell
          // The cell's controls are named after the device: two 'branch' rows need two names.
          deviceName={row.serial ? `${row.name} · ${row.serial}` : row.name}
          wan={wan}
          entry={data.data?.[row.id]?.[wan]}
          draft={mine}
          error={mine ? error : null}
          saving={save.isPending}
          onEdit={() => edit(row.id, wan)}
          onDraft={setDraft}
          onSave={commit}
          onCancel={() => {
            setDraft(null);
            setError(null);
          }}
        />
      );
    },
  });

  const columns: DataTableColumn<CommercialRow>[] = [
    { key: 'name', header: 'Device Name', render: (r) => <DeviceNameCell name={r.name} serial={r.serial} /> },
    ...Array.from({ length: wanColumns }, (_, i) => wanColumn(i)),
    { key: 'total', header: 'Total', render: (r) => formatRupees(r.total) },
  ];

  return (
    <>
      <Group justify="flex-end" mb="xs">
        <Text size="sm" fw={600} data-testid="commercial-total">
          Total:{' '}
          {formatRupees(
            fleetTotal(
              data.data,
              rows.map((r) => r.id),
            ),
          )}
        </Text>
      </Group>
      <DataTable
        label="Commercial View"
        columns={columns}
        rows={rows}
        options={{ search: true, sort: true, download: false, paging: true }}
        pageSizes={pageSizes}
        defaultPageSize={defaultPageSize}
      />
    </>
  );
}
