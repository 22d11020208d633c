import { Fragment, useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { Box, Stack } from '@mantine/core';
import { dashboardName, fleetTiles, visibleDashboardWidgets, type DashboardLayout, type DashboardWidgetId } from '@netloom/domain';
import { PageHeader } from '@/components/page-header';
import { useChooseDevice } from '@/lib/fleet-selection';
import { useLiveFleet } from '@/lib/live/use-live-fleet';
import { useUrlMapView } from '@/features/dashboard/hooks/use-url-map-view';
import { FleetTiles } from './fleet-tiles';
import { FleetMapCard } from './map/fleet-map-card';

export interface ProductDashboardProps {
  product: 'sdwan' | 'ztna';
  tenantId: string;
  tenantName?: string;
  networkId: string | null;
  timezone?: string | null;
  /** The device card area (the device table), composed by the route. */
  deviceArea: ReactNode;
  /** The top-traffic panel; shown where the layout puts it when Usage Graph is on and URL Stats off, like the map only once a device exists. */
  trafficArea?: ReactNode;
  /** The web filter's graphs (ZTNA); shown where the layout puts it when URL Stats is on. */
  webFilterArea?: ReactNode;
  /** The tenant's settings that decide the graphs (spec 000 §2.7). */
  graphSettings?: { netflow: boolean; urlStats: boolean };
  /** The tenant's layout of this dashboard; the default order (everything shown) until it is known. */
  layout?: DashboardLayout | null;
  /** Told whether the fleet is known to be empty (the guided tour starts then, spec 000 §2.7). */
  onEmptyChange?: (empty: boolean) => void;
}

/**
 * The SD-WAN and ZTNA dashboard (spec 000 §2.7). Tiles and map show only once a device exists;
 * until then the device card area stands alone in the middle with its empty state. With devices,
 * the widgets show in the tenant's layout (Customize Dashboard), within the rules of §2.7.
 */
export function ProductDashboard({
  product,
  tenantId,
  tenantName,
  networkId,
  timezone,
  deviceArea,
  trafficArea,
  webFilterArea,
  graphSettings = { netflow: false, urlStats: false },
  layout,
  onEmptyChange,
}: ProductDashboardProps) {
  const fleet = useLiveFleet(tenantId, { networkId, type: product === 'ztna' ? 'endpoint' : 'device' });
  const devices = fleet.devices;
  const empty = devices !== undefined && devices.length === 0;
  // The tiles count the very rows the table and the map show, so a device changing state changes
  // its row and the tiles in the same render; only the number of device groups is the server's.
  const serverInfo = fleet.tenantInfo;
  const tiles = useMemo(() => (devices && serverInfo ? fleetTiles(devices, serverInfo.total_networks) : undefined), [devices, serverInfo]);
  useEffect(() => onEmptyChange?.(empty), [empty, onEmptyChange]);
  const chooseDevice = useChooseDevice(product);
  const mapView = useUrlMapView();
  // A marker click is the header device picker's choice made on the map: same selection, same page after.
  const selectFromMap = useCallback(
    (id: string) => {
      const device = devices?.find((d) => d.id === id);
      if (device) chooseDevice(device);
    },
    [devices, chooseDevice],
  );

  // Each widget where the tenant's layout puts it; the guided tours find them by their data-tour.
  const widgets: Record<DashboardWidgetId, ReactNode> = {
    tiles: <FleetTiles product={product} info={tiles} />,
    map: (
      <Box data-tour="map">
        <FleetMapCard
          devices={devices ?? []}
          height={360}
          timezone={timezone}
          onSelectDevice={selectFromMap}
          view={mapView.view}
          onViewChange={mapView.onViewChange}
        />
      </Box>
    ),
    traffic: trafficArea && <Box data-tour="statusVisibility">{trafficArea}</Box>,
    webFilter: webFilterArea && <Box data-tour="statusVisibility">{webFilterArea}</Box>,
    devices: <Box data-tour="deviceList">{deviceArea}</Box>,
  };

  return (
    <Box>
      <PageHeader title={`${dashboardName(product)} Dashboard`} subtitle={tenantName ? `Tenant: ${tenantName}` : undefined} />
      {empty || fleet.networkError ? (
        <Box maw={760} mx="auto" data-testid="device-area-alone" data-tour="deviceList">
          {deviceArea}
        </Box>
      ) : (
        <Stack gap="md">
          {visibleDashboardWidgets(product, layout, { hasDevices: true, ...graphSettings }).map((id) => (
            <Fragment key={id}>{widgets[id]}</Fragment>
          ))}
        </Stack>
      )}
    </Box>
  );
}
