/** The windows a DEM page looks back over, ending now. */
export const DEM_WINDOWS = [
  { value: '1h', label: '1 hour', ms: 3_600_000 },
  { value: '24h', label: '24 hours', ms: 86_400_000 },
  { value: '7d', label: '7 days', ms: 7 * 86_400_000 },
  { value: '30d', label: '30 days', ms: 30 * 86_400_000 },
] as const;
export type DemWindow = (typeof DEM_WINDOWS)[number]['value'];
export const DEFAULT_DEM_WINDOW: DemWindow = '24h';
