import { Badge, Group, List, Paper, Stack, Text } from '@mantine/core';
import { DATE_FORMATS, formatDate, type TicketContext } from '@netloom/domain';

/** What the ticket keeps of the device, the browser and the console as they were when it was raised. */
export function TicketContextPanel({ context, timezone }: { context: TicketContext; timezone: string | null }) {
  const d = context.device;
  return (
    <Paper withBorder p="sm" aria-label="Context when raised">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Context when raised
        </Text>
        {d ? (
          <>
            <Text size="sm">
              Device: {d.name}
              {d.serial ? ` (${d.serial})` : ''}
            </Text>
            <Text size="sm">
              Model {d.model ?? 'unknown'} · firmware {d.firmware ?? 'unknown'} · {d.status ?? 'status unknown'}
            </Text>
            <Group gap="xs">
              <Text size="sm">Configuration:</Text>
              <Badge variant="light" size="sm">
                {d.sync_state ?? 'unknown'}
              </Badge>
              <Text size="sm">{d.revision !== null ? `revision ${d.revision}` : 'no revision yet'}</Text>
            </Group>
            {d.recent_alarms.length > 0 ? (
              <List size="xs" spacing={2}>
                {d.recent_alarms.map((a, i) => (
                  <List.Item key={i}>
                    {formatDate(a.time, { timezone, format: DATE_FORMATS.lastSeen })} — {a.status}: {a.alarm}
                  </List.Item>
                ))}
              </List>
            ) : (
              <Text size="xs" c="dimmed">
                No recent alarms
              </Text>
            )}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            No device named
          </Text>
        )}
        {context.browser && (
          <Text size="xs" c="dimmed">
            Browser: {context.browser}
          </Text>
        )}
        {context.console_version && (
          <Text size="xs" c="dimmed">
            Console build: {context.console_version}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
