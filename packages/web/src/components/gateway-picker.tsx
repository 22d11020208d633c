import { deviceOptions } from '@netloom/domain';
import { useSearchParams } from 'react-router';
import { Select } from '@mantine/core';
import { useSelectedDevice } from '@/lib/fleet-selection';
import { useFleetDevices } from '@/lib/live/get-fleet-devices';
import { useTenantScope } from '@/lib/tenant-scope';

/** The gateway a monitor page shows: the URL's `?device=`, else the one chosen in the header. */
export function useStatusDevice(): string | null {
  const [params] = useSearchParams();
  const selected = useSelectedDevice();
  return params.get('device') ?? selected?.id ?? null;
}

/**
 * Picks the page's gateway; the choice goes into the URL so a link opens the same view. The
 * page's other choices stay, except `resets`: those that name something of the previous gateway
 * (one of its interfaces).
 */
export function GatewayPicker({ deviceId, resets = [] }: { deviceId: string | null; resets?: readonly string[] }) {
  const tid = useTenantScope();
  const [, setParams] = useSearchParams();
  const gateways = useFleetDevices(tid, null, 'device');
  return (
    <Select
      label="Gateway"
      placeholder="Choose a gateway"
      searchable
      w={320}
      data={deviceOptions(gateways.data ?? [])}
      value={deviceId}
      onChange={(id) =>
        setParams((prev) => {
          const next = new URLSearchParams(prev);
          if (id) next.set('device', id);
          else next.delete('device');
          for (const key of resets) next.delete(key);
          return next;
        })
      }
    />
  );
}
