import { describe, expect, it } from 'vitest';
import { DEFAULT_TRAFFIC_CHART, NO_TRAFFIC_DATA_TEXT, TRAFFIC_CHARTS, isTrafficChart, trafficChartLabel, trafficChartSchema } from './charts';

describe('traffic charts', () => {
  it('offers the spec’s nine charts in its order, Top Applications by default', () => {
    expect(TRAFFIC_CHARTS.map((c) => c.label)).toEqual([
      'Top Sites',
      'Top Applications',
      'Top Talkers',
      'Top Sources',
      'Top Destinations',
      'Top Source Countries',
      'Top Destination Countries',
      'Top User per Application',
      'Top Application per User',
    ]);
    expect(new Set(TRAFFIC_CHARTS.map((c) => c.id)).size).toBe(9);
    expect(trafficChartLabel(DEFAULT_TRAFFIC_CHART)).toBe('Top Applications');
    expect(NO_TRAFFIC_DATA_TEXT).toBe('No data available yet!');
  });

  it('refuses a chart id it does not know', () => {
    expect(isTrafficChart('top-talkers')).toBe(true);
    expect(isTrafficChart('top-urls')).toBe(false);
    expect(trafficChartSchema.safeParse('top-sites').success).toBe(true);
    expect(trafficChartSchema.safeParse('Top Sites').success).toBe(false);
  });
});
