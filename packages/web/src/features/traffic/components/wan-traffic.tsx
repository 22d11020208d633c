import { useMemo } from 'react';
import { Group, Skeleton, Stack } from '@mantine/core';
import { ErrorPanel } from '@/components/error-panel';
import { TimeSeriesChart } from '@/components/charts/time-series-chart';
import { useTrafficGraph } from '@/features/traffic/api/get-traffic-graph';
import { useTrafficWindow } from '@/features/traffic/hooks/use-traffic-window';
import { RankedRowsTable, rankedRows } from './ranked-rows-table';
import { TrafficRangePicker } from './traffic-range-picker';
import { axisDuration, toRates } from './traffic-series';

/**
 * A gateway's upload and download on each WAN link over a window (spec 000 §2.15
 * `slastatus/wantraffic`), from the flows it exported: what left by a link is upload, what came
 * in is download.
 */
export function WanTraffic({ deviceId, timezone }: { deviceId: string; timezone: string | null }) {
  const [range, setRange] = useTrafficWindow();
  const graph = useTrafficGraph({ product: 'sdwan', graph: 'top-wans', window: range, deviceId, series: true });
  const answer = graph.data;
  const rates = useMemo(
    () =>
      answer
        ? toRates(answer, (s) => [
            { name: `${s.key} upload`, values: s.out },
            { name: `${s.key} download`, values: s.in },
          ])
        : null,
    [answer],
  );
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <TrafficRangePicker value={range} onChange={setRange} timezone={timezone} />
      </Group>
      {graph.isError ? (
        <ErrorPanel onRetry={() => void graph.refetch()} />
      ) : answer && rates ? (
        <>
          <TimeSeriesChart
            title="Upload and download of each WAN"
            names={rates.names}
            series={rates.values}
            timestamp={rates.timestamp}
            yAxisType="bitrate"
            recordDuration={axisDuration(answer)}
            timezone={timezone}
            height={300}
          />
          <RankedRowsTable rows={rankedRows(answer.results, answer.total_bytes)} keyHeader="WAN" csvTitle="wantraffic" loading={false} />
        </>
      ) : (
        <Skeleton h={300} />
      )}
    </Stack>
  );
}
