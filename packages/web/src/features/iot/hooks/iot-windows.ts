/** The windows a device's telemetry graphs look back over, ending now (the server answers up to 90 days). */
export const IOT_WINDOWS = [
  { value: '1h', label: '1 hour', ms: 3_600_000 },
  { value: '24h', label: '24 hours', ms: 86_400_000 },
  { value: '7d', label: '7 days', ms: 7 * 86_400_000 },
  { value: '30d', label: '30 days', ms: 30 * 86_400_000 },
] as const;
export type IotWindow = (typeof IOT_WINDOWS)[number]['value'];
const DEFAULT_IOT_WINDOW: IotWindow = '24h';

export const iotWindowOf = (value: string | null): IotWindow => IOT_WINDOWS.find((w) => w.value === value)?.value ?? DEFAULT_IOT_WINDOW;

/**
 * The window's start and end as the server reads them. It ends when the read is made, not when
 * the page opened: the query key holds the window's name, so a refresh is the same query.
 */
export function iotWindowQuery(window: IotWindow, now = Date.now()): { start_time: string; end_time: string } {
  const ms = IOT_WINDOWS.find((w) => w.value === window)!.ms;
  return { start_time: new Date(now - ms).toISOString(), end_time: new Date(now).toISOString() };
}
