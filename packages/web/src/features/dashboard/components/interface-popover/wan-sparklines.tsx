import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatAxisValue, wanBadgeColor } from '@netloom/domain';
import { Sparkline } from '@/components/charts/sparkline';
import type { WanSparkline } from './interface-series';

const BADGE_COLORS = { green: 'green', orangered: 'red', amber: 'yellow' } as const;

const latest = (values: readonly number[]) => formatAxisValue(values[values.length - 1] ?? 0, 'bitrate');

/** Each WAN link's live up/down traffic (spec 000 §2.6), with its status and current rates. */
export function WanSparklines({ links }: { links: readonly WanSparkline[] }) {
  if (links.length === 0) return null;
  return (
    <Group gap="lg" wrap="wrap">
      {links.map((link) => (
        <Group key={`${link.name}-${link.ifname}`} gap={8} wrap="nowrap">
          <Stack gap={0}>
            <Group gap={4} wrap="nowrap">
              <Text size="xs" fw={600}>
                {link.name}
              </Text>
              <Badge size="xs" variant="light" color={BADGE_COLORS[wanBadgeColor(link.status)]}>
                {link.status}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {link.ifname}
            </Text>
          </Stack>
          <Sparkline
            ariaLabel={`${link.name} up and down traffic`}
            series={[
              { values: link.up, color: 'var(--mantine-color-green-6)' },
              { values: link.down, color: 'var(--mantine-color-blue-6)' },
            ]}
          />
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            ↑ {latest(link.up)} ↓ {latest(link.down)}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
