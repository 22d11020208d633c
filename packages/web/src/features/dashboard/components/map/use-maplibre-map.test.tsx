import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MAP_VIEW } from '@netloom/domain';
import { theme } from '@/app/theme';
import { FleetMapCanvas } from './fleet-map-canvas';

/** A stand-in for MapLibre (jsdom has no WebGL): it loads when the test says so, as a busy machine's would. */
const { FakeMap, maps } = vi.hoisted(() => {
  const maps: InstanceType<typeof FakeMap>[] = [];
  class FakeMap {
    handlers = new Map<string, ((e?: unknown) => void)[]>();
    removed = false;
    touchZoomRotate = { disableRotation: () => undefined };
    constructor() {
      maps.push(this);
    }
    on(event: string, fn: (e?: unknown) => void) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
      return this;
    }
    off() {
      return this;
    }
    fire(event: string) {
      for (const fn of this.handlers.get(event) ?? []) fn();
    }
    remove() {
      this.removed = true;
    }
    getSource() {
      return undefined;
    }
  }
  return { FakeMap, maps };
});
vi.mock('maplibre-gl', () => ({ Map: FakeMap, setWorkerUrl: () => {} }));
// The markers and the view are other tests' business; here only the start of the map counts.
vi.mock('./use-device-markers', () => ({ useDeviceMarkers: () => null }));
vi.mock('./use-map-view', () => ({ useMapView: () => undefined }));
vi.mock('./world-basemap', () => ({ loadWorldBasemap: () => new Promise(() => undefined) }));

describe('the fleet map on a busy machine', () => {
  beforeEach(() => {
    maps.length = 0;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('does not give up when MapLibre takes longer than the spec’s wait: it says so and shows the map when it comes', () => {
    const onFail = vi.fn();
    render(
      <MantineProvider theme={theme} env="test">
        <FleetMapCanvas devices={[]} height={300} onFail={onFail} />
      </MantineProvider>,
    );
    expect(maps).toHaveLength(1);
    act(() => vi.advanceTimersByTime(MAP_VIEW.initWaitMs + 20_000));
    expect(onFail).not.toHaveBeenCalled();
    expect(maps[0]!.removed).toBe(false);
    expect(screen.getByRole('status').textContent).toContain('taking longer than usual');
    // The same map, started at last: the note goes and nothing was torn down or made twice.
    act(() => maps[0]!.fire('load'));
    expect(screen.queryByRole('status')).toBeNull();
    expect(maps).toHaveLength(1);
    expect(onFail).not.toHaveBeenCalled();
  });
});
