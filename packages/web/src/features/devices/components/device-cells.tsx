import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { NAME_MAX, truncateName, wanBadgeColor, type DeviceRow } from '@netloom/domain';
import { StatusIcon } from '@/components/status-icon/status-icon';
import type { StatusKind } from '@/components/status-icon/status-kinds';

/**
 * A name over 15 characters is cut; the tooltip keeps the whole of it. `serial` is given where
 * another device has the same name: it goes on its own line, never cut with the name.
 */
export function DeviceNameCell({ name, serial }: { name: string; serial?: string | null }) {
  const shown = truncateName(name, NAME_MAX);
  const text =
    shown === name ? (
      <Text size="sm">{name}</Text>
    ) : (
      <Tooltip label={name} withArrow openDelay={200}>
        <Text size="sm" aria-label={name}>
          {shown}
        </Text>
      </Tooltip>
    );
  if (!serial) return text;
  return (
    <div>
      {text}
      <Text size="xs" c="dimmed" title="Another device has this name">
        {serial}
      </Text>
    </div>
  );
}

const STATUS_ICONS: Record<string, StatusKind> = {
  running: 'online',
  online: 'online',
  connected: 'connected',
  modified: 'intermediate',
  error: 'offline',
  offline: 'offline',
  registered: 'registered',
};

export function StatusCell({ statusKey, label }: { statusKey: string; label: string }) {
  return (
    <Group gap={6} wrap="nowrap" data-status={statusKey}>
      <StatusIcon kind={STATUS_ICONS[statusKey] ?? 'intermediate'} tooltip={label} size={16} />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

// Spec 000 §2.4: up green, down orange-red, anything else amber.
const BADGE_COLOURS = { green: 'green', orangered: '#ff4500', amber: '#f5a300' } as const;

export function WanBadge({ link }: { link: DeviceRow['wan_status'][number] | undefined }) {
  if (!link)
    return (
      <Text size="sm" c="dimmed">
        -
      </Text>
    );
  const colour = wanBadgeColor(link.status);
  return (
    <Badge color={BADGE_COLOURS[colour]} variant="filled" radius="sm" data-wan-colour={colour} aria-label={`${link.name} ${link.status}`}>
      {link.name}
    </Badge>
  );
}
