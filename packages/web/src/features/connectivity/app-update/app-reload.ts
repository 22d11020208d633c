import { APP_UPDATE } from '@netloom/domain';

type Listener = () => void;

/**
 * The one place a new version takes over: the overlay shows, the page reloads 1 s later. The service
 * worker and the version check both lead here; the second to ask changes nothing.
 */
export class AppReload {
  private updating = false;
  private readonly listeners = new Set<Listener>();

  constructor(private readonly reload: () => void) {}

  isUpdating = (): boolean => this.updating;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Shows the overlay now and reloads 1 s after `ready` (a new service worker installing) settles. */
  startUpdate = (ready: Promise<unknown> = Promise.resolve()): void => {
    if (this.updating) return;
    this.updating = true;
    for (const l of this.listeners) l();
    const reloadSoon = () => setTimeout(this.reload, APP_UPDATE.reloadDelayMs);
    ready.then(reloadSoon, reloadSoon);
  };
}
