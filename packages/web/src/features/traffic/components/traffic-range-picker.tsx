import { useState } from 'react';
import dayjs from 'dayjs';
import { Button, Group, Popover, SegmentedControl, Text } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { dateRangeError, EMPTY_DATE_RANGE, formatDate, MAX_TRAFFIC_WINDOW_DAYS, TRAFFIC_RANGES, type TrafficRangeMinutes } from '@netloom/domain';
import { DateTimeRangePicker } from '@/components/inputs/date-time-range-picker';
import { rangeToInstants } from '@/lib/date-range-instants';
import type { TrafficWindow } from './traffic-window';

const QUICK = TRAFFIC_RANGES.map((r) => ({ value: String(r.minutes), label: r.minutes === 60 ? '1 h' : r.minutes === 1440 ? '24 h' : '1 week' }));
const CUSTOM = 'custom';
const SHOWN = 'DD MMM YY HH:mm';

interface TrafficRangePickerProps {
  value: TrafficWindow;
  onChange: (w: TrafficWindow) => void;
  timezone: string | null;
}

/**
 * The traffic pages' window: 1 h, 24 h or a week ending now, or dates or times picked with the
 * shared date/time range picker and its rules. Days older than the hour rollups keep cannot be
 * picked, nor days to come.
 */
export function TrafficRangePicker({ value, onChange, timezone }: TrafficRangePickerProps) {
  const [opened, setOpened] = useState(false);
  const [picked, setPicked] = useState(EMPTY_DATE_RANGE);
  const today = dayjs();
  const minDate = today.subtract(MAX_TRAFFIC_WINDOW_DAYS - 1, 'day').format('YYYY-MM-DD');
  const maxDate = today.format('YYYY-MM-DD');
  const instants = rangeToInstants(picked, today);
  // A time range is of today: one that ends before it starts is not a window.
  const backwards = instants !== null && Date.parse(instants.end_time) <= Date.parse(instants.start_time);
  const valid = instants !== null && !backwards && dateRangeError(picked, { minDate, maxDate, submit: true }) === null;
  const apply = () => {
    if (!instants || !valid) return;
    onChange({ kind: 'between', from: instants.start_time, to: instants.end_time });
    setOpened(false);
  };

  return (
    <Group gap="sm">
      <SegmentedControl
        aria-label="Time range"
        size="xs"
        data={[...QUICK, { value: CUSTOM, label: 'Custom' }]}
        value={value.kind === 'last' ? String(value.minutes) : CUSTOM}
        onChange={(v) => (v === CUSTOM ? setOpened(true) : onChange({ kind: 'last', minutes: Number(v) as TrafficRangeMinutes }))}
      />
      <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" width={360} withinPortal>
        <Popover.Target>
          <Button variant="default" size="xs" leftSection={<IconCalendar size={14} />} onClick={() => setOpened((o) => !o)}>
            {value.kind === 'between'
              ? `${formatDate(value.from, { timezone, format: SHOWN })} – ${formatDate(value.to, { timezone, format: SHOWN })}`
              : 'Pick dates'}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <DateTimeRangePicker value={picked} onChange={setPicked} minDate={minDate} maxDate={maxDate} />
          {backwards && (
            <Text size="xs" c="red" mt={4}>
              The end comes before the start.
            </Text>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" size="xs" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button size="xs" onClick={apply} disabled={!valid}>
              Apply
            </Button>
          </Group>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
