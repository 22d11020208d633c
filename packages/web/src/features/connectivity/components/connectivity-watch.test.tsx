import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ConnectivityWatch } from './connectivity-watch';

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const banner = () => screen.queryByText(/^No Internet Connection\. Connecting in \d+s$/);

function setup(check: () => Promise<boolean> = () => Promise.resolve(true)) {
  const reload = vi.fn();
  const checkFn = vi.fn(check);
  renderWithProviders(<ConnectivityWatch reload={reload} check={checkFn} />);
  return { reload, check: checkFn };
}

describe('ConnectivityWatch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks every 30 s, backs off 10 s per failure with a live countdown, and returns to 30 s on success', async () => {
    const { check } = setup(() => Promise.resolve(false));
    await advance(29_999);
    expect(check).not.toHaveBeenCalled();
    expect(banner()).toBeNull();

    await advance(1);
    expect(check).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('No Internet Connection. Connecting in 40s')).not.toBeNull();
    await advance(1_000);
    expect(screen.queryByText('No Internet Connection. Connecting in 39s')).not.toBeNull();

    await advance(39_000);
    expect(check).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('No Internet Connection. Connecting in 50s')).not.toBeNull();

    // Retry checks at once; a success hides the banner and the next check is 30 s away again.
    check.mockResolvedValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await advance(0);
    expect(check).toHaveBeenCalledTimes(3);
    expect(banner()).toBeNull();
    await advance(29_999);
    expect(check).toHaveBeenCalledTimes(3);
    await advance(1);
    expect(check).toHaveBeenCalledTimes(4);
  });

  it('keeps the banner while the backend stays away and counts failures from the first', async () => {
    const { check } = setup(() => Promise.resolve(false));
    await advance(30_000 + 40_000 + 50_000);
    expect(check).toHaveBeenCalledTimes(3);
    expect(screen.queryByText('No Internet Connection. Connecting in 60s')).not.toBeNull();
  });

  it('shows the slow-internet notice while a check takes longer than 5 s', async () => {
    let answer: (ok: boolean) => void = () => {};
    setup(() => new Promise<boolean>((resolve) => (answer = resolve)));
    await advance(30_000 + 4_999);
    expect(screen.queryByText("Loading...You'r Internet seems to be very slow")).toBeNull();
    await advance(1);
    expect(screen.queryByText("Loading...You'r Internet seems to be very slow")).not.toBeNull();
    await act(async () => answer(true));
    expect(screen.queryByText("Loading...You'r Internet seems to be very slow")).toBeNull();
    expect(banner()).toBeNull();
  });

  it("says 'You are Offline!' for 5 s with the banner, and 'You're Online!' for 1 s before reloading", async () => {
    const { reload } = setup();
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.queryByText('You are Offline!')).not.toBeNull();
    expect(screen.queryByText('No Internet Connection. Connecting in 40s')).not.toBeNull();
    await advance(5_500);
    expect(screen.queryByText('You are Offline!')).toBeNull();

    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText("You're Online!")).not.toBeNull();
    await advance(999);
    expect(reload).not.toHaveBeenCalled();
    await advance(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads when another tab changes the current user, not for other keys', () => {
    const { reload } = setup();
    window.dispatchEvent(new StorageEvent('storage', { key: 'selectedDevice', newValue: '{}' }));
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: 'currentUser', newValue: null }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads once for a chunk that failed to load, then says the app must be reloaded instead of looping', async () => {
    const { reload } = setup();
    act(() => void window.dispatchEvent(new Event('vite:preloadError')));
    expect(reload).toHaveBeenCalledTimes(1);

    // The reload did not help (same session, within a minute): no second automatic reload.
    act(() => void window.dispatchEvent(new Event('vite:preloadError')));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('The application has encountered an issue and needs to be reloaded.')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(2);

    // A failure long after is a new deployment again.
    await advance(61_000);
    act(() => void window.dispatchEvent(new Event('vite:preloadError')));
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it('does not reload for a chunk that failed while the browser is offline (the reload on coming back does)', () => {
    const { reload } = setup();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => void window.dispatchEvent(new Event('vite:preloadError')));
      expect(reload).not.toHaveBeenCalled();
    } finally {
      online.mockRestore();
    }
  });

  it('reloads for a failed dynamic import that nobody handled, and ignores other rejections', () => {
    const { reload } = setup();
    const reject = (reason: unknown) => {
      const event = new Event('unhandledrejection') as PromiseRejectionEvent;
      Object.defineProperty(event, 'reason', { value: reason });
      window.dispatchEvent(event);
    };
    reject(new TypeError('Cannot read properties of undefined'));
    expect(reload).not.toHaveBeenCalled();
    reject(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/x.js'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
