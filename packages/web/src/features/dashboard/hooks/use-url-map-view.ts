import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { viewportFromParams, viewportToParams, type MapViewport } from '@/features/dashboard/components/map/map-view-params';

/**
 * The map's viewport kept in the URL's search params, so a reload or a shared link shows the same
 * part of the world. A move replaces the current history entry: Back leaves the page rather than
 * stepping through every pan.
 */
export function useUrlMapView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => viewportFromParams(params), [params]);
  const onViewChange = useCallback((next: MapViewport | null) => setParams((current) => viewportToParams(next, current), { replace: true }), [setParams]);
  return { view, onViewChange };
}
