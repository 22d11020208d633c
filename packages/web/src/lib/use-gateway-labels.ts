import { useCallback, useMemo } from 'react';
import { deviceLabels } from '@netloom/domain';
import { useFleetDevices } from './live/get-fleet-devices';
import { useTenantScope } from './tenant-scope';

/**
 * How a page that lists gateways from its own answer (tunnels, neighbours, alarms) calls each one:
 * its name, with its serial where another gateway of the tenant has the same name. The fleet
 * list, not the page's rows, decides: a page showing one 'branch' of two must still say which.
 * A device the fleet list does not hold (removed, an endpoint, or the list not loaded yet) keeps
 * its name. `tenantId` is for a caller that is given its tenant rather than reading the scope.
 */
export function useGatewayLabel(tenantId?: string | null): (id: string, name: string) => string {
  const scope = useTenantScope();
  const gateways = useFleetDevices(tenantId ?? scope, null, 'device');
  const labels = useMemo(() => deviceLabels(gateways.data ?? []), [gateways.data]);
  return useCallback((id: string, name: string) => labels.get(id) ?? name, [labels]);
}
