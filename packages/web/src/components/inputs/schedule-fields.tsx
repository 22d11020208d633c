import { memo } from 'react';
import { ActionIcon, Button, Chip, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { WEEKDAYS, type ScheduleWindow, type Weekday, type WebFilterSchedule } from '@netloom/domain';
import { TimeZoneSelect } from '@/components/inputs/time-zone-select';

/** A new schedule starts as office hours in the admin's own time zone, the most common wish. */
const officeHours = (): WebFilterSchedule => ({
  time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '17:00' }],
});

const DAY_LABEL: Record<Weekday, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

export interface ScheduleFieldsProps {
  value: WebFilterSchedule | null;
  onChange: (value: WebFilterSchedule | null) => void;
  error?: string;
}

function WindowRow({
  window: w,
  index,
  onChange,
  onRemove,
}: {
  window: ScheduleWindow;
  index: number;
  onChange: (w: ScheduleWindow) => void;
  onRemove?: () => void;
}) {
  return (
    <Paper withBorder p="xs">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Chip.Group multiple value={w.days} onChange={(days) => onChange({ ...w, days: WEEKDAYS.filter((d) => days.includes(d)) })}>
          <Group gap={4} aria-label={`Days of window ${index + 1}`} role="group">
            {WEEKDAYS.map((d) => (
              <Chip key={d} value={d} size="xs">
                {DAY_LABEL[d]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <TimeInput
          label="From"
          aria-label={`Start of window ${index + 1}`}
          value={w.start}
          onChange={(e) => onChange({ ...w, start: e.currentTarget.value })}
          w={110}
        />
        <TimeInput
          label="To"
          aria-label={`End of window ${index + 1}`}
          value={w.end}
          onChange={(e) => onChange({ ...w, end: e.currentTarget.value })}
          w={110}
        />
        {onRemove && (
          <ActionIcon variant="subtle" color="red" aria-label={`Remove window ${index + 1}`} onClick={onRemove} mb={4}>
            <IconTrash size={16} />
          </ActionIcon>
        )}
      </Group>
    </Paper>
  );
}

/**
 * The weekly times a policy holds, in one time zone (web filter and zero-trust policies share the
 * shape). An end before the start runs past midnight (a night shift); without a schedule the policy
 * always holds.
 */
export const ScheduleFields = memo(function ScheduleFields({ value, onChange, error }: ScheduleFieldsProps) {
  const setWindows = (windows: ScheduleWindow[]) => value && onChange({ ...value, windows });
  return (
    <Stack gap="xs">
      <Switch label="Only at certain times" checked={value !== null} onChange={(e) => onChange(e.currentTarget.checked ? officeHours() : null)} />
      {value && (
        <>
          <TimeZoneSelect
            label="Time zone"
            value={value.time_zone}
            onChange={(z) => onChange({ ...value, time_zone: z ?? Intl.DateTimeFormat().resolvedOptions().timeZone })}
          />
          {value.windows.map((w, i) => (
            <WindowRow
              key={i}
              window={w}
              index={i}
              onChange={(next) => setWindows(value.windows.map((x, j) => (j === i ? next : x)))}
              onRemove={value.windows.length > 1 ? () => setWindows(value.windows.filter((_, j) => j !== i)) : undefined}
            />
          ))}
          <Group>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPlus size={14} />}
              onClick={() => setWindows([...value.windows, officeHours().windows[0]!])}
            >
              Add time window
            </Button>
          </Group>
        </>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
});
