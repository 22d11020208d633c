import { useMemo } from 'react';
import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate, type IotSeries } from '@netloom/domain';
import { TimeSeriesChart } from '@/components/charts/time-series-chart';
import { paths } from '@/paths';
import { readingText } from './last-values';

const seriesTitle = (s: Pick<IotSeries, 'series' | 'unit'>) => (s.unit ? `${s.series} (${s.unit})` : s.series);

function SeriesChart({ series, timezone }: { series: IotSeries; timezone: string | null }) {
  const data = useMemo(
    () => ({
      timestamp: series.points.map((p) => p.at),
      values: [series.points.map((p) => p.value), series.points.map((p) => p.min), series.points.map((p) => p.max)],
    }),
    [series.points],
  );
  const recordDuration = series.step_seconds >= 86_400 ? 'days' : series.step_seconds >= 3_600 ? 'hours' : 'minutes';
  return (
    <TimeSeriesChart
      title={seriesTitle(series)}
      names={['Average', 'Minimum', 'Maximum']}
      series={data.values}
      timestamp={data.timestamp}
      yAxisType="no-suffix"
      recordDuration={recordDuration}
      timezone={timezone}
      height={220}
    />
  );
}

/** The device's telemetry: each series' last value, and a graph of it over the window (average, minimum and maximum per step). */
export function TelemetryPanel({ series, timezone }: { series: readonly IotSeries[]; timezone: string | null }) {
  if (!series.length)
    return (
      <Text size="sm">
        {'No telemetry from this device. Its gateway forwards the MQTT topics a '}
        <Anchor component={Link} to={paths.iot.forwardRules} inherit>
          forwarding rule
        </Anchor>
        {' matches as series.'}
      </Text>
    );
  return (
    <Stack gap="md">
      <Group gap="xl" role="list" aria-label="Last values">
        {series.map((s) => (
          <div key={s.series} role="listitem" aria-label={s.series}>
            <Text size="xs" c="dimmed">
              {s.series}
            </Text>
            <Text fw={700}>{s.last ? readingText({ value: s.last.value, unit: s.unit }) : '—'}</Text>
            {s.last && (
              <Text size="xs" c="dimmed">
                {formatDate(s.last.at, { timezone })}
              </Text>
            )}
          </div>
        ))}
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {series.map((s) => (
          <SeriesChart key={s.series} series={s} timezone={timezone} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
