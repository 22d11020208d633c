import { describe, expect, it } from 'vitest';
import type { TrafficRow } from '@netloom/domain';
import { drillTarget, topTrafficBars } from './top-traffic-bars';

const row = (key: string, value: number, extra: Partial<TrafficRow> = {}): TrafficRow => ({
  key,
  total: { value },
  value,
  bytes_out: 0,
  bytes_in: value,
  packets: 1,
  flows: 1,
  ...extra,
});
const users = (...b: [string, number][]) => ({ buckets: b.map(([key, value]) => ({ key, total_bytes: { value } })) });

describe('top-traffic bars', () => {
  it('stacks nested users per application, the rest of each bar as a last Other segment', () => {
    const bars = topTrafficBars('top-user-per-application', [
      row('Zoom', 10, { top_users: users(['alice', 6], ['bob', 3]) }),
      row('Teams', 5, { top_users: users(['bob', 5]) }),
    ]);
    expect(bars.labels).toEqual(['Zoom', 'Teams']);
    expect(bars.series).toEqual([
      { name: 'alice', bytes: [6, 0] },
      { name: 'bob', bytes: [3, 5] },
      { name: 'Other', bytes: [1, 0] },
    ]);
  });

  it('drills a segment into its user and application, an Other segment into the bar alone, and never into the Other bar', () => {
    const bars = topTrafficBars('top-application-per-user', [row('alice', 10, { applications: users(['Zoom', 6]) }), row('Other', 4)]);
    expect(drillTarget('top-application-per-user', bars, 0, 'Zoom')).toEqual({ graph: 'top-application-per-user', key: 'alice\tZoom', title: 'alice · Zoom' });
    expect(drillTarget('top-application-per-user', bars, 0, 'Other')).toMatchObject({ graph: 'top-users', key: 'alice' });
    expect(drillTarget('top-application-per-user', bars, 1, 'Other')).toBeNull();
  });

  it('names countries, devices and ports readably and drills by their key', () => {
    const bars = topTrafficBars('top-source-countries', [row('DE', 3, { label: 'Germany' })]);
    expect(bars.labels).toEqual(['Germany']);
    expect(drillTarget('top-source-countries', bars, 0, 'Traffic')).toEqual({
      graph: 'top-source-countries',
      key: 'DE',
      title: 'Top Source Countries: Germany',
    });
    expect(topTrafficBars('top-talkers', [row('t1', 1, { device_name: 'branch-1' })]).labels).toEqual(['branch-1']);
  });
});
