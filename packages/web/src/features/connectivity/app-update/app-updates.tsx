import { useEffect, useState, useSyncExternalStore } from 'react';
import { APP_UPDATE } from '@netloom/domain';
import { AppReload } from './app-reload';
import { notifyUpdateFailed } from './notices';
import { registerServiceWorker, updateServiceWorker, whenIdle } from './service-worker';
import { UpdateOverlay } from './update-overlay';
import { BUILD_HASH, fetchServedHash, VersionCheck } from './version-check';

export interface AppUpdatesProps {
  reload: () => void;
  builtIn?: string;
  fetchHash?: () => Promise<string | null>;
}

/**
 * App update (spec 000 §4): the service worker registers once the first route is on screen and the
 * browser is idle (30 s after start at the latest); it and version.json are checked every 5 minutes;
 * a new version shows 'Updating application' and reloads 1 s later.
 */
export function AppUpdates({ reload, builtIn = BUILD_HASH, fetchHash = fetchServedHash }: AppUpdatesProps) {
  const [appReload] = useState(() => new AppReload(reload));
  const updating = useSyncExternalStore(appReload.subscribe, appReload.isUpdating);

  useEffect(() => {
    const hooks = { onNewVersion: () => appReload.startUpdate(), onUpdateFailed: notifyUpdateFailed };
    const cancel = whenIdle(() => void registerServiceWorker(hooks), APP_UPDATE.registerFallbackMs);
    const check = new VersionCheck({
      builtIn,
      fetchHash,
      // The new build's worker installs first, so the reload is served the new build.
      onNewVersion: () => appReload.startUpdate(updateServiceWorker(hooks)),
      onStuck: notifyUpdateFailed,
    });
    check.start();
    // A tab left in the background for a while catches up when it is looked at again.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check.check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancel();
      check.stop();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [appReload, builtIn, fetchHash]);

  return updating ? <UpdateOverlay /> : null;
}
