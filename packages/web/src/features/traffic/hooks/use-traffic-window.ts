import { useSearchParams } from 'react-router';
import { DEFAULT_TRAFFIC_RANGE_MINUTES } from '@netloom/domain';
import { isTrafficRange, type TrafficWindow } from '@/features/traffic/components/traffic-window';

/**
 * A traffic page's window from the URL (`?range=60`, or `?from=…&to=…` for one picked on the
 * calendar), so a shared link shows the same traffic; the last 24 hours by default.
 */
export function useTrafficWindow(): [TrafficWindow, (w: TrafficWindow) => void] {
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  const asked = Number(params.get('range'));
  const current: TrafficWindow =
    from && to && Date.parse(to) > Date.parse(from)
      ? { kind: 'between', from, to }
      : { kind: 'last', minutes: isTrafficRange(asked) ? asked : DEFAULT_TRAFFIC_RANGE_MINUTES };
  const choose = (w: TrafficWindow) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const k of ['range', 'from', 'to']) next.delete(k);
      if (w.kind === 'last') next.set('range', String(w.minutes));
      else {
        next.set('from', w.from);
        next.set('to', w.to);
      }
      return next;
    });
  return [current, choose];
}
