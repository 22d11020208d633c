import { useSearchParams } from 'react-router';
import { Group, SegmentedControl, Text } from '@mantine/core';
import { CHART_REFRESH_MS } from '@/features/device-status/api/metrics';

/** The windows a monitor graph offers, in minutes; the server keeps an hour of points. */
const CHART_WINDOWS = [10, 30, 60] as const;
export type ChartWindow = (typeof CHART_WINDOWS)[number];

/** The graphs' window from `?minutes=` (a link keeps it), 10 minutes for anything else. */
export function useChartWindow(): [ChartWindow, (minutes: ChartWindow) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('minutes'));
  const minutes = CHART_WINDOWS.find((w) => w === asked) ?? CHART_WINDOWS[0];
  const choose = (next: ChartWindow) =>
    setParams((prev) => {
      const updated = new URLSearchParams(prev);
      updated.set('minutes', String(next));
      return updated;
    });
  return [minutes, choose];
}

/** Picks the window of the graphs and says how often they redraw. */
export function ChartWindowPicker({ value, onChange }: { value: ChartWindow; onChange: (minutes: ChartWindow) => void }) {
  return (
    <Group gap="sm">
      <SegmentedControl
        aria-label="Time window"
        size="xs"
        value={String(value)}
        onChange={(v) => onChange(Number(v) as ChartWindow)}
        data={CHART_WINDOWS.map((w) => ({ value: String(w), label: `${w} min` }))}
      />
      <Text size="xs" c="dimmed">
        Refreshes every {CHART_REFRESH_MS / 1000} s
      </Text>
    </Group>
  );
}
