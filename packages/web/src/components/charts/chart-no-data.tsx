import { Center, Text } from '@mantine/core';
import { NO_DATA_TEXT } from '@netloom/domain';

/** Takes the chart's place, at the chart's height, so the page does not jump when data arrives. */
export function ChartNoData({ height }: { height: number | string }) {
  return (
    <Center h={height}>
      <Text c="dimmed" size="sm">
        {NO_DATA_TEXT}
      </Text>
    </Center>
  );
}
