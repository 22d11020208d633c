import { Group, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import type { RumOverview, VitalName } from '@netloom/domain';
import { RatingBadge } from './rating-badge';
import { formatVital, percent, VITAL_TITLES } from './vital-format';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={650}>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * The window's figures: page views, sessions, error rate and the share of good page loads, then each
 * vital's p75 with its rating; a vital's tile chooses the vital the charts and tables below show.
 */
export function OverviewTiles({ overview, vital, onVital }: { overview: RumOverview; vital: VitalName; onVital: (v: VitalName) => void }) {
  return (
    <>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Figure label="Page views" value={overview.page_views.toLocaleString('en')} />
        <Figure label="Sessions" value={overview.sessions.toLocaleString('en')} />
        <Figure label="Error rate" value={percent(overview.error_rate)} />
        <Figure label="Good page loads" value={percent(overview.good_load_share)} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
        {overview.vitals.map((v) => (
          <UnstyledButton
            key={v.name}
            onClick={() => onVital(v.name)}
            aria-pressed={v.name === vital}
            aria-label={`${v.name} p75 ${formatVital(v.name, v.p75)}`}
          >
            <Paper withBorder p="sm" bd={v.name === vital ? '2px solid var(--mantine-primary-color-filled)' : undefined}>
              <Group justify="space-between" gap={4} wrap="nowrap">
                <Text size="xs" c="dimmed" title={VITAL_TITLES[v.name]}>
                  {v.name} p75
                </Text>
                <RatingBadge rating={v.rating} />
              </Group>
              <Text fz={22} fw={650}>
                {formatVital(v.name, v.p75)}
              </Text>
              <Text size="xs" c="dimmed">
                {v.samples.toLocaleString('en')} samples · {percent(v.good_share)} good
              </Text>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </>
  );
}
