import { z } from 'zod';

/** The top-traffic panel's chart choices, as the spec writes them (000 §2.7), in menu order. */
export const TRAFFIC_CHARTS = [
  { id: 'top-sites', label: 'Top Sites' },
  { id: 'top-applications', label: 'Top Applications' },
  { id: 'top-talkers', label: 'Top Talkers' },
  { id: 'top-sources', label: 'Top Sources' },
  { id: 'top-destinations', label: 'Top Destinations' },
  { id: 'top-source-countries', label: 'Top Source Countries' },
  { id: 'top-destination-countries', label: 'Top Destination Countries' },
  { id: 'top-user-per-application', label: 'Top User per Application' },
  { id: 'top-application-per-user', label: 'Top Application per User' },
] as const;

export type TrafficChartId = (typeof TRAFFIC_CHARTS)[number]['id'];
export const TRAFFIC_CHART_IDS = TRAFFIC_CHARTS.map((c) => c.id) as [TrafficChartId, ...TrafficChartId[]];
export const DEFAULT_TRAFFIC_CHART: TrafficChartId = 'top-applications';

/** A chart id in a URL or a request; an unknown one is refused rather than guessed. */
export const trafficChartSchema = z.enum(TRAFFIC_CHART_IDS);
export const isTrafficChart = (id: string): id is TrafficChartId => (TRAFFIC_CHART_IDS as readonly string[]).includes(id);

export const trafficChartLabel = (id: TrafficChartId): string => TRAFFIC_CHARTS.find((c) => c.id === id)?.label ?? id;

/** The panel's empty state (spec 001 §8). */
export const NO_TRAFFIC_DATA_TEXT = 'No data available yet!';
