import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AppUpdates } from './app-updates';

const FIVE_MINUTES = 5 * 60_000;
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function setup(served: string | null) {
  const reload = vi.fn();
  const fetchHash = vi.fn(() => Promise.resolve(served));
  renderWithProviders(<AppUpdates reload={reload} builtIn="build-a" fetchHash={fetchHash} />);
  return { reload, fetchHash };
}

describe('AppUpdates', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for version.json every 5 minutes and leaves a current console alone', async () => {
    const { reload, fetchHash } = setup('build-a');
    await advance(FIVE_MINUTES - 1);
    expect(fetchHash).not.toHaveBeenCalled();
    await advance(1);
    expect(fetchHash).toHaveBeenCalledTimes(1);
    await advance(FIVE_MINUTES);
    expect(fetchHash).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Updating application')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it("shows 'Updating application' for a new build's hash and reloads 1 s later", async () => {
    const { reload } = setup('build-b');
    await advance(FIVE_MINUTES);
    expect(screen.queryByText('Updating application')).not.toBeNull();
    await advance(999);
    expect(reload).not.toHaveBeenCalled();
    await advance(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('checks when the tab is looked at again', async () => {
    const { fetchHash } = setup('build-b');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await advance(0);
    expect(fetchHash).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Updating application')).not.toBeNull();
  });

  it('reports a failed update instead of reloading again for the same build, and the notice leaves after 30 s', async () => {
    // This tab already reloaded for build-b and still runs build-a.
    sessionStorage.setItem('netloom:version-reloaded-for', 'build-b');
    const { reload } = setup('build-b');
    await advance(FIVE_MINUTES);
    expect(screen.queryByText('Update failed. Please refresh the page manually.')).not.toBeNull();
    expect(screen.queryByText('Updating application')).toBeNull();
    await advance(31_000);
    expect(screen.queryByText('Update failed. Please refresh the page manually.')).toBeNull();
    // Not repeated every 5 minutes.
    await advance(FIVE_MINUTES);
    expect(screen.queryByText('Update failed. Please refresh the page manually.')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('does nothing without a version file (offline, development server)', async () => {
    const { reload } = setup(null);
    await advance(FIVE_MINUTES);
    expect(screen.queryByText('Updating application')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });
});
