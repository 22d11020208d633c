import { ColorSwatch, Group, Table, Text } from '@mantine/core';
import { LEGEND_MAX, formatAxisValue, truncateName, type AxisType } from '@netloom/domain';
import { seriesStats, type SeriesValue } from '@netloom/domain';

interface SeriesStatsTableProps {
  names: readonly string[];
  series: readonly (readonly SeriesValue[])[];
  yAxisType: AxisType;
  colors: readonly string[];
}

/**
 * Averages of ms and plain counts can have endless decimals, which formatAxisValue prints raw;
 * two decimals are plenty for a summary.
 */
function formatStat(value: number, type: AxisType): string {
  return formatAxisValue(value, type, 'axis');
}

/** The min/max/average/current table under a time-series chart (spec 000 §2.18). */
export function SeriesStatsTable({ names, series, yAxisType, colors }: SeriesStatsTableProps) {
  return (
    <Table fz="xs" verticalSpacing={4} withRowBorders={false} aria-label="Series statistics">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Series</Table.Th>
          <Table.Th ta="right">Min</Table.Th>
          <Table.Th ta="right">Max</Table.Th>
          <Table.Th ta="right">Average</Table.Th>
          <Table.Th ta="right">Current</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {names.map((name, i) => {
          const stats = seriesStats(series[i] ?? []);
          const cell = (v: number | undefined) => (v === undefined ? '-' : formatStat(v, yAxisType));
          return (
            <Table.Tr key={`${i}-${name}`}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <ColorSwatch color={colors[i % colors.length] ?? 'gray'} size={10} withShadow={false} />
                  <Text size="xs" title={name}>
                    {truncateName(name, LEGEND_MAX.timeSeries)}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td ta="right">{cell(stats?.min)}</Table.Td>
              <Table.Td ta="right">{cell(stats?.max)}</Table.Td>
              <Table.Td ta="right">{cell(stats?.average)}</Table.Td>
              <Table.Td ta="right">{cell(stats?.current)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
