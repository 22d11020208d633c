import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, render } from '@testing-library/react';
import { TOUR_VERSIONS, type TourState } from '@netloom/domain';
import { fakeApi } from '@/test/fake-api';
import { signIn, withQueryClient } from '@/test/query-wrapper';
import { demoAccount } from '@/lib/demo-account';
import { tourLauncher } from '@/features/tours/tour-launcher';
import { useDashboardTour } from './use-dashboard-tour';

function Dashboard({ empty }: { empty: boolean }) {
  useDashboardTour('ztna', empty);
  return null;
}

let setEmpty: (empty: boolean) => void = () => {};
function FlickeringDashboard() {
  const [empty, set] = useState(true);
  setEmpty = set;
  useDashboardTour('ztna', empty);
  return null;
}

function setUp(initial: TourState) {
  let state = initial;
  const api = fakeApi({
    'GET profile/tours/': () => state,
    'PUT profile/tours/ztna/': (c) => {
      state = { tours: [{ tour: 'ztna', version: (c.body as { version: number }).version, completed_at: new Date().toISOString() }] };
      return state;
    },
  });
  const started = vi.fn();
  const stop = tourLauncher.subscribe(started);
  return { api, started, stop };
}

describe('dashboard tour', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    signIn('owner');
  });
  afterEach(() => vi.useRealTimers());

  it('a dashboard without devices starts its tour after 1 s and marks the current version finished on the server', async () => {
    const { api, started, stop } = setUp({ tours: [] });
    render(withQueryClient(<Dashboard empty />));
    await act(() => vi.advanceTimersByTimeAsync(990));
    expect(started).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(started).toHaveBeenCalledWith('ztna', true);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.writes()).toEqual([expect.objectContaining({ method: 'PUT', path: 'profile/tours/ztna/', body: { version: TOUR_VERSIONS.ztna } })]);
    // Once finished it stays finished, however long the dashboard stays open.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(started).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does not start when the user finished this version, nor while there are devices', async () => {
    const finished = setUp({ tours: [{ tour: 'ztna', version: TOUR_VERSIONS.ztna, completed_at: '2026-01-01T00:00:00Z' }] });
    const first = render(withQueryClient(<Dashboard empty />));
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(finished.started).not.toHaveBeenCalled();
    first.unmount();
    finished.stop();

    const withDevices = setUp({ tours: [] });
    render(withQueryClient(<Dashboard empty={false} />));
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(withDevices.started).not.toHaveBeenCalled();
    expect(withDevices.api.writes()).toEqual([]);
    withDevices.stop();
  });

  it('a fleet that flickers between empty and not before the server has answered does not start the tour twice', async () => {
    // The server takes its time to record the tour as finished.
    fakeApi({ 'GET profile/tours/': () => ({ tours: [] }), 'PUT profile/tours/ztna/': () => new Promise(() => {}) });
    const started = vi.fn();
    const stop = tourLauncher.subscribe(started);
    render(withQueryClient(<FlickeringDashboard />));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(started).toHaveBeenCalledTimes(1);
    act(() => setEmpty(false));
    act(() => setEmpty(true));
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(started).toHaveBeenCalledTimes(1);
    stop();
  });

  it('a tour finished in an older version runs again', async () => {
    const { started, stop } = setUp({ tours: [{ tour: 'ztna', version: TOUR_VERSIONS.ztna - 1, completed_at: '2026-01-01T00:00:00Z' }] });
    render(withQueryClient(<Dashboard empty />));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(started).toHaveBeenCalledWith('ztna', true);
    stop();
  });

  it('after a demo sign-in the demo tour runs instead; the dashboard tour is still marked finished', async () => {
    const { api, started, stop } = setUp({ tours: [] });
    demoAccount.announce();
    render(withQueryClient(<Dashboard empty />));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(started).not.toHaveBeenCalled();
    expect(api.writes()).toEqual([expect.objectContaining({ method: 'PUT', path: 'profile/tours/ztna/' })]);
    stop();
  });
});
