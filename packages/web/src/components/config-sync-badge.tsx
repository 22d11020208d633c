import { Badge } from '@mantine/core';
import { CONFIG_SYNC_STATES, type ConfigSyncState } from '@netloom/domain';

/** How each sync state looks wherever a device's configuration is shown: one vocabulary for the whole console. */
export const CONFIG_SYNC_LOOK: Record<ConfigSyncState, { label: string; color: string }> = {
  unconfigured: { label: 'Not configured', color: 'gray' },
  synced: { label: 'Synced', color: 'green' },
  syncing: { label: 'Syncing', color: 'blue' },
  failed: { label: 'Failed', color: 'red' },
  drifted: { label: 'Drifted', color: 'orange' },
};

const isSyncState = (s: string): s is ConfigSyncState => (CONFIG_SYNC_STATES as readonly string[]).includes(s);

/**
 * How a device stands to its desired configuration: unconfigured, synced, syncing, failed or
 * drifted. `live` where the badge is the page's one sync state (not a table row's): a screen
 * reader then hears it turn from syncing to synced, as a sighted user sees it.
 */
export function ConfigSyncBadge({ state, live = false }: { state: ConfigSyncState | string; live?: boolean }) {
  const look = isSyncState(state) ? CONFIG_SYNC_LOOK[state] : { label: state, color: 'gray' };
  return (
    <Badge variant="light" color={look.color} role={live ? 'status' : undefined} aria-live={live ? 'polite' : undefined}>
      {look.label}
    </Badge>
  );
}
