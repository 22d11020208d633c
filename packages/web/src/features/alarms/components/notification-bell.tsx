import { ActionIcon, Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ALARM_SEVERITY_LABELS, formatDate } from '@netloom/domain';
import { useGatewayLabel } from '@/lib/use-gateway-labels';
import { paths } from '@/paths';
import { useMarkRead, useNotifications } from '../api/alarms';
import { useNotificationSocket } from '../hooks/use-notification-socket';
import { AlarmSeverityBadge, AlarmStateBadge } from './alarm-state-badge';

/**
 * The header's notification bell (spec 000 §2.14): the tenant's newest alarms (status Alerting or
 * OK, severity, deviceName, alarm), live as they are stored, the unread count on the bell, 'Mark all read',
 * and each entry leading to its device's alarm page.
 */
export function NotificationBell({ tenantId, timezone }: { tenantId: string; timezone: string | null }) {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const list = useNotifications(tenantId);
  const label = useGatewayLabel(tenantId);
  const markRead = useMarkRead(tenantId);
  // The count on the bell is the news; a toast per alarm would bury a busy fleet's console.
  useNotificationSocket(tenantId);
  const unread = list.data?.unread ?? 0;
  const items = list.data?.items ?? [];
  // Two gateways of one name ring as 'branch · SN-1' and 'branch · SN-2', not as the same device twice.
  const entries = items.map((n) => ({ ...n, deviceName: label(n.device_id, n.deviceName) }));

  return (
    <>
      {/* The bell's label changes silently; this says a new alarm arrived to whoever cannot see the count. */}
      <VisuallyHidden role="status" aria-live="polite">
        {unread ? `${unread} unread notifications` : ''}
      </VisuallyHidden>
      {/* Focus moves into the list as it opens, so Escape closes it and gives focus back to the bell. */}
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withinPortal trapFocus returnFocus>
        <Popover.Target>
          <Tooltip label="Notifications" disabled={opened}>
            <Indicator label={unread > 99 ? '99+' : unread} size={16} color="red" disabled={unread === 0} offset={4}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
                onClick={() => setOpened((o) => !o)}
              >
                <IconBell size={20} />
              </ActionIcon>
            </Indicator>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown p={0} aria-label="Notifications" role="dialog">
          <Group justify="space-between" px="md" py="xs">
            <Text fw={600}>Notifications</Text>
            <Button size="compact-xs" variant="subtle" disabled={unread === 0} loading={markRead.isPending} onClick={() => markRead.mutate(items[0]?.id)}>
              Mark all read
            </Button>
          </Group>
          <Divider />
          {items.length === 0 ? (
            <Text size="sm" c="dimmed" p="md">
              No notifications yet
            </Text>
          ) : (
            <ScrollArea.Autosize mah={420}>
              <Stack gap={0}>
                {entries.map((n) => (
                  <UnstyledButton
                    key={n.id}
                    px="md"
                    py="xs"
                    aria-label={`${n.status} ${ALARM_SEVERITY_LABELS[n.severity]} ${n.deviceName} ${n.alarm}`}
                    style={{ background: n.read ? undefined : 'var(--mantine-color-blue-light)' }}
                    onClick={() => {
                      setOpened(false);
                      void navigate(paths.product.deviceAlarms(n.kind, n.device_id));
                    }}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text size="sm" fw={500} truncate>
                          {n.deviceName}
                        </Text>
                        <Text size="sm" truncate>
                          {n.alarm}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {formatDate(n.time, { timezone })}
                        </Text>
                      </Stack>
                      <Stack gap={4} align="flex-end">
                        <AlarmStateBadge state={n.status} />
                        <AlarmSeverityBadge severity={n.severity} />
                      </Stack>
                    </Group>
                  </UnstyledButton>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Popover.Dropdown>
      </Popover>
    </>
  );
}
