import { Badge, Group, Paper, SimpleGrid, Text, Timeline } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconFileText, IconGauge } from '@tabler/icons-react';
import { formatDate, VITAL_NAMES, type RumSessionDetail, type VitalName, type VitalRating } from '@netloom/domain';
import { RatingBadge } from './rating-badge';
import { formatVital } from './vital-format';

type JourneyEvent = RumSessionDetail['events'][number];

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

const ICON = { view: IconFileText, route: IconArrowRight, vital: IconGauge, error: IconAlertTriangle } as const;
const COLOR = { view: 'blue', route: 'cyan', vital: 'gray', error: 'red' } as const;

/** What one step of the journey says: the page loaded, where a route led, a vital's value, an error's message (its stack is on the Errors tab). */
function EventBody({ event }: { event: JourneyEvent }) {
  const d = event.detail;
  switch (event.type) {
    case 'view': {
      const load = num(obj(d.timing).load);
      return (
        <Text size="sm">
          Viewed {event.page}
          {load !== null ? ` (loaded in ${formatVital('LCP', load)})` : ''}
        </Text>
      );
    }
    case 'route':
      return (
        <Text size="sm">
          Went from {str(d.from) ?? '?'} to {event.page}
        </Text>
      );
    case 'vital': {
      const name = str(d.name) as VitalName | null;
      const value = num(d.value);
      if (!name || !VITAL_NAMES.includes(name)) return <Text size="sm">Vital</Text>;
      return (
        <Group gap="xs">
          <Text size="sm">
            {name} {formatVital(name, value)} on {event.page}
          </Text>
          <RatingBadge rating={(str(d.rating) as VitalRating | null) ?? null} />
          {str(obj(d.attribution).target) && (
            <Text size="xs" ff="monospace" c="dimmed">
              {str(obj(d.attribution).target)}
            </Text>
          )}
        </Group>
      );
    }
    case 'error':
      return (
        <Text size="sm" c="red">
          {str(d.kind) ?? 'Error'}: {str(d.message) ?? ''}
        </Text>
      );
  }
}

/** A session from its first page to its last: its context, then every view, route change, vital and error in order. */
export function SessionJourney({ detail, timezone }: { detail: RumSessionDetail; timezone: string | null }) {
  const s = detail.session;
  return (
    <>
      <SimpleGrid cols={{ base: 2, md: 4 }} mb="md">
        {[
          ['Started', formatDate(s.started_at, { timezone })],
          ['Pages', `${s.page_views} page views, ${s.errors} errors`],
          ['Client', `${s.browser} on ${s.os} (${s.device_class})`],
          ['Country', s.country ?? 'Unknown'],
        ].map(([label, value]) => (
          <Paper withBorder p="sm" key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm">{value}</Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Timeline bulletSize={22} lineWidth={2} aria-label="Journey">
        {detail.events.map((e, i) => {
          const Icon = ICON[e.type];
          return (
            <Timeline.Item
              key={i}
              color={COLOR[e.type]}
              bullet={<Icon size={12} />}
              title={
                <Group gap="xs">
                  <Badge size="xs" variant="light" color={COLOR[e.type]}>
                    {e.type}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {formatDate(e.at, { timezone, format: 'HH:mm:ss' })}
                  </Text>
                </Group>
              }
            >
              <EventBody event={e} />
            </Timeline.Item>
          );
        })}
      </Timeline>
    </>
  );
}
