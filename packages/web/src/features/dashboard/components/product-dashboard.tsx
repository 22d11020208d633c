import { useCallback, useEffect, type ReactNode } from 'react';
import { Box, Stack } from '@mantine/core';
import { dashboardName } from '@netloom/domain';
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
  /** The top-traffic panel, when the tenant's settings show it; like the map, only once a device exists. */
  trafficArea?: ReactNode;
  /** Told whether the fleet is known to be empty (the guided tour starts then, spec 000 §2.7). */
  onEmptyChange?: (empty: boolean) => void;
}

/**
 * The SD-WAN and ZTNA dashboard (spec 000 §2.7). Tiles and map show only once a device exists;
 * until then the device card area stands alone in the middle with its empty state.
 */
export function ProductDashboard({ product, tenantId, tenantName, networkId, timezone, deviceArea, trafficArea, onEmptyChange }: ProductDashboardProps) {
  const fleet = useLiveFleet(tenantId, { networkId, type: product === 'ztna' ? 'endpoint' : 'device' });
  const devices = fleet.devices;
  const empty = devices !== undefined && devices.length === 0;
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

  return (
    <Box>
      <PageHeader title={`${dashboardName(product)} Dashboard`} subtitle={tenantName ? `Tenant: ${tenantName}` : undefined} />
      {empty || fleet.networkError ? (
        <Box maw={760} mx="auto" data-testid="device-area-alone" data-tour="deviceList">
          {deviceArea}
        </Box>
      ) : (
        <Stack gap="md">
          <FleetTiles product={product} info={fleet.tenantInfo} />
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
          {trafficArea && <Box data-tour="statusVisibility">{trafficArea}</Box>}
          <Box data-tour="deviceList">{deviceArea}</Box>
        </Stack>
      )}
    </Box>
  );
}
