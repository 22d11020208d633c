import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeviceViewType } from '@netloom/domain';
import { isApiError } from '@/lib/http/api-error';
import { acquireFeed, releaseFeed, type FeedSnapshot, type FleetFeed } from './fleet-feed';
import { fleetDevicesQueryOptions } from './get-fleet-devices';
import { tenantInfoQueryOptions } from './get-tenant-info';

export interface LiveFleetOptions {
  networkId: string | null;
  type: DeviceViewType;
  /** The device dashboard polls the list every 15 s while the socket is down. */
  poll?: boolean;
}

const INITIAL: FeedSnapshot = { status: 'connecting', pollStopped: false };

/**
 * Live device rows and tenant tiles of a tenant: REST for the first paint, then the socket. Only
 * a connectivity failure counts as a network error; a 403 or 404 is an answer, not an outage.
 */
export function useLiveFleet(tenantId: string | null, { networkId, type, poll = false }: LiveFleetOptions) {
  const qc = useQueryClient();
  const devices = useQuery(fleetDevicesQueryOptions(tenantId, networkId, type));
  const tenantInfo = useQuery(tenantInfoQueryOptions(tenantId, networkId, type));
  const [live, setLive] = useState<FeedSnapshot>(INITIAL);
  const [feed, setFeed] = useState<FleetFeed | null>(null);

  useEffect(() => {
    if (!tenantId) return;
    const f = acquireFeed(qc, { tenantId, networkId, type });
    setFeed(f);
    const unsubscribe = f.subscribe(setLive);
    if (poll) f.addPoller();
    return () => {
      unsubscribe();
      if (poll) f.removePoller();
      releaseFeed(f);
    };
  }, [qc, tenantId, networkId, type, poll]);

  const firstLoadFailed = devices.isError && devices.data === undefined && live.status !== 'live';
  const connectivity = !devices.error || (isApiError(devices.error) && devices.error.isConnectivity);
  return {
    devices: devices.data,
    tenantInfo: tenantInfo.data,
    loading: devices.data === undefined && !devices.isError,
    status: live.status,
    networkError: live.pollStopped || (firstLoadFailed && connectivity),
    error: devices.error,
    retry: () => (feed ? feed.retry() : devices.refetch()),
  };
}
