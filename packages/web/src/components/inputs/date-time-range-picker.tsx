import { Group, Stack, Text } from '@mantine/core';
import { DatePickerInput, TimePicker } from '@mantine/dates';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import { dateRangeError, formatTime12, toTime24, type DateRangeValue } from '@netloom/domain';

export interface DateTimeRangePickerProps {
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  /** YYYY-MM-DD bounds; days outside them cannot be picked. */
  minDate?: string;
  maxDate?: string;
  label?: string;
  disabled?: boolean;
  /** A message from the form, e.g. dateRangeError(value, { submit: true }) after Apply. */
  error?: string | null;
}

/**
 * Either a date range or a time-of-day range (spec 000 §5). Times are picked and shown on the
 * 12-hour clock and stored on the 24-hour one.
 */
export function DateTimeRangePicker({ value, onChange, minDate, maxDate, label, disabled, error }: DateTimeRangePickerProps) {
  const shownError = dateRangeError(value, { minDate, maxDate }) ?? error ?? null;
  const set = (patch: Partial<DateRangeValue>) => onChange({ ...value, ...patch });
  const timeSummary = value.start_time && value.end_time ? `${formatTime12(value.start_time)} – ${formatTime12(value.end_time)}` : null;

  return (
    <Stack gap={6}>
      {label && (
        <Text size="sm" fw={500}>
          {label}
        </Text>
      )}
      <DatePickerInput
        type="range"
        label="Date range"
        placeholder="Pick start and end dates"
        leftSection={<IconCalendar size={16} />}
        valueFormat="DD MMM YY"
        clearable
        allowSingleDateInRange
        disabled={disabled}
        minDate={minDate}
        maxDate={maxDate}
        value={[value.start_date, value.end_date]}
        onChange={([start, end]) => set({ start_date: start, end_date: end })}
      />
      <Group grow gap="sm" align="flex-start">
        <TimePicker
          label="Start time"
          format="12h"
          clearable
          disabled={disabled}
          leftSection={<IconClock size={16} />}
          hoursInputLabel="Start time hours"
          minutesInputLabel="Start time minutes"
          amPmInputLabel="Start time AM/PM"
          value={value.start_time ?? ''}
          onChange={(t) => set({ start_time: toTime24(t) })}
        />
        <TimePicker
          label="End time"
          format="12h"
          clearable
          disabled={disabled}
          leftSection={<IconClock size={16} />}
          hoursInputLabel="End time hours"
          minutesInputLabel="End time minutes"
          amPmInputLabel="End time AM/PM"
          value={value.end_time ?? ''}
          onChange={(t) => set({ end_time: toTime24(t) })}
        />
      </Group>
      {timeSummary && !shownError && (
        <Text size="xs" c="dimmed">
          Time range: {timeSummary}
        </Text>
      )}
      {shownError && (
        <Text size="xs" c="red" role="alert">
          {shownError}
        </Text>
      )}
    </Stack>
  );
}
