import { Box, Group, Text } from '@mantine/core';
import { formatAxisValue } from '@netloom/domain';
import { TimeSeriesChart } from '@/components/charts/time-series-chart';
import { lossSummary, type InterfaceSeries } from './interface-series';

// Sizes of spec 000 §2.6.
const PING_CHART = { width: 260, height: 230 } as const;
const TRAFFIC_CHART = { width: 530, height: 230 } as const;

const PING_NAMES = ['Latency'];
const TRAFFIC_NAMES = ['Download (rx)', 'Upload (tx)'];
const TRAFFIC_COLORS = ['#228be6', '#40c057'];

/** The ping graph and the interface graph of one interface, side by side. */
export function InterfaceCharts({ series, timezone }: { series: InterfaceSeries; timezone?: string | null }) {
  const loss = lossSummary(series.lossPct);
  return (
    <Group gap="md" align="flex-start" wrap="nowrap">
      <Box w={PING_CHART.width}>
        <TimeSeriesChart
          title={`Ping · ${series.ifname}`}
          height={PING_CHART.height}
          names={PING_NAMES}
          series={[series.latencyMs]}
          timestamp={series.timestamp}
          yAxisType="ms"
          recordDuration="minutes"
          timezone={timezone}
          withStats={false}
        />
        {/* Loss is a percentage: on the latency axis it would read as milliseconds. */}
        <Text size="xs" c="dimmed" mt={4}>
          {loss ? `Loss now ${formatAxisValue(loss.now, 'dropRate')}, worst ${formatAxisValue(loss.max, 'dropRate')}` : 'Loss: no data'}
        </Text>
      </Box>
      <Box w={TRAFFIC_CHART.width}>
        <TimeSeriesChart
          title={`Interface · ${series.ifname}`}
          height={TRAFFIC_CHART.height}
          names={TRAFFIC_NAMES}
          series={[series.rxRate, series.txRate]}
          timestamp={series.timestamp}
          yAxisType="bitrate"
          recordDuration="minutes"
          lineColors={TRAFFIC_COLORS}
          timezone={timezone}
          withStats={false}
        />
      </Box>
    </Group>
  );
}
