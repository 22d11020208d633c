import { useMemo, useState, type ReactNode } from 'react';
import { Group, Paper, Stack, Switch, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { DASHBOARD_DEFAULT_PAGE_SIZE, DASHBOARD_PAGE_SIZE_OPTIONS, sharedNameIds, type DeviceRow } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import { TABLE_PARAMS } from '@/components/data-table/table-url-params';
import { useUrlTableView } from '@/components/data-table/use-url-table-view';
import { openFilterDialog } from '@/components/dialogs/filter-dialog';
import { TableSkeleton } from '@/components/feedback/skeletons';
import { useLiveFleet } from '@/lib/live/use-live-fleet';
import { CommercialView } from './commercial-view';
import { deviceColumns } from './device-columns';
import { DeviceEmptyState } from './device-empty-state';
import {
  activeFilterCount,
  applyDeviceFilters,
  filterDefinitions,
  filtersFromParams,
  filtersToParams,
  fromDialogValues,
  toDialogValues,
} from './device-filters';
import { FilterButton } from './device-table-toolbar';
import { cachedTableRow, deviceOfRow, DEVICE_CSV, shownWanColumns } from './device-table-rows';
import { NetworkErrorPanel } from './network-error-panel';

export interface DeviceDashboardTableProps {
  product: 'sdwan' | 'ztna';
  tenantId: string;
  networkId: string | null;
  /** The tenant's commercialDashboard setting (SD-WAN only). */
  commercialEnabled?: boolean;
  /** The tenant's wan3 setting: a third WAN column may show. */
  wan3Enabled?: boolean;
  timezone?: string | null;
  /** Per-device interface details (the interface popover), provided by the page that hosts the table. */
  renderDetails?: (device: DeviceRow) => ReactNode;
}

/** Device dashboard table of spec 000 §2.4, live: rows change as the devices report. */
export function DeviceDashboardTable(props: DeviceDashboardTableProps) {
  const { product, tenantId, networkId, timezone, renderDetails } = props;
  const fleet = useLiveFleet(tenantId, { networkId, type: product === 'ztna' ? 'endpoint' : 'device', poll: true });
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  // Search, page, rows per page and sort live in the URL too, so a reload or a shared link shows the same rows.
  const tableView = useUrlTableView({ pageSizes: DASHBOARD_PAGE_SIZE_OPTIONS, defaultPageSize: DASHBOARD_DEFAULT_PAGE_SIZE });
  const [commercialRows, setCommercialRows] = useState<readonly DeviceRow[] | null>(null);
  const [retrying, setRetrying] = useState(false);
  const commercialAllowed = product === 'sdwan' && Boolean(props.commercialEnabled);

  const devices = fleet.devices;
  const rows = useMemo(() => (devices ?? []).map((d) => cachedTableRow(d, timezone)), [devices, timezone]);
  const shown = useMemo(() => applyDeviceFilters(rows, filters, product), [rows, filters, product]);
  const wanColumns = shownWanColumns(devices ?? [], Boolean(props.wan3Enabled));
  // The table's own devices decide: they are the rows a user compares.
  const sameName = useMemo(() => sharedNameIds(devices ?? []), [devices]);
  const columns = useMemo(
    () =>
      deviceColumns({
        product,
        wanColumns,
        sameName,
        details: renderDetails
          ? (row) => {
              const d = deviceOfRow(row);
              return d ? renderDetails(d) : null;
            }
          : undefined,
      }),
    [product, wanColumns, renderDetails, sameName],
  );

  const retry = () => {
    setRetrying(true);
    void Promise.resolve(fleet.retry())
      .catch(() => undefined)
      .finally(() => setRetrying(false));
  };

  const chooseFilters = async () => {
    const result = await openFilterDialog(filterDefinitions(rows), toDialogValues(filters));
    if (!result.applied) return;
    // Other filters are other rows: they show from their first page, as a new search does.
    setParams(
      (p) => {
        const next = filtersToParams(fromDialogValues(result.values), p);
        next.delete(TABLE_PARAMS.page);
        return next;
      },
      { replace: true },
    );
  };

  const body = () => {
    if (fleet.networkError && !devices) return <NetworkErrorPanel onRetry={retry} retrying={retrying} />;
    if (fleet.loading) return <TableSkeleton rows={5} columns={columns.length} />;
    if (!devices || devices.length === 0) return <DeviceEmptyState product={product} />;
    if (commercialRows) {
      return (
        <CommercialView
          tenantId={tenantId}
          devices={commercialRows}
          wanColumns={wanColumns}
          pageSizes={DASHBOARD_PAGE_SIZE_OPTIONS}
          defaultPageSize={DASHBOARD_DEFAULT_PAGE_SIZE}
        />
      );
    }
    return (
      <Stack gap="sm">
        {fleet.networkError && <NetworkErrorPanel onRetry={retry} retrying={retrying} />}
        <DataTable
          label="Devices"
          data-testid="device-table"
          columns={columns}
          rows={shown}
          options={{ search: true, sort: true, download: true, paging: true }}
          csv={{ title: DEVICE_CSV.title, titles: DEVICE_CSV.titles, keys: DEVICE_CSV.keys }}
          pageSizes={DASHBOARD_PAGE_SIZE_OPTIONS}
          view={tableView.view}
          onViewChange={tableView.onViewChange}
          toolbarExtra={<FilterButton count={activeFilterCount(filters)} onClick={() => void chooseFilters()} />}
        />
      </Stack>
    );
  };

  return (
    <Paper withBorder p="md" data-testid="device-area">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Devices</Title>
        {commercialAllowed && devices && devices.length > 0 && (
          <Switch
            label="Commercial View"
            checked={commercialRows !== null}
            // Spec 000 §4: live updates do not replace rows while the commercial view is on.
            onChange={(e) => setCommercialRows(e.currentTarget.checked ? devices : null)}
          />
        )}
      </Group>
      {body()}
    </Paper>
  );
}
