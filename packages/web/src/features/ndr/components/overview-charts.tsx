import { useMemo } from 'react';
import { SimpleGrid } from '@mantine/core';
import type { NdrOverview } from '@netloom/domain';
import { ChartPanel } from './chart-panel';
import { severityOverTimeOption, tacticOverTimeOption, tacticTimeline } from './ndr-chart-options';

/** Detections first seen over the window, by severity and by ATT&CK tactic; each chart fails on its own. */
export function OverviewCharts({ overview, timezone }: { overview: NdrOverview; timezone: string | null }) {
  const severity = useMemo(() => severityOverTimeOption(overview, timezone), [overview, timezone]);
  const timeline = useMemo(() => tacticTimeline(overview), [overview]);
  const tactics = useMemo(() => tacticOverTimeOption(timeline, overview.window.step_seconds, timezone), [timeline, overview.window.step_seconds, timezone]);
  const none = overview.series.every((s) => s.low + s.medium + s.high + s.critical === 0);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <ChartPanel title="Detections by severity" empty={none} option={severity} />
      <ChartPanel title="Detections by ATT&CK tactic" empty={timeline.tactics.length === 0} option={tactics} />
    </SimpleGrid>
  );
}
