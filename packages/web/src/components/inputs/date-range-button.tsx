import { useState } from 'react';
import { Button, Group, Popover } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { EMPTY_DATE_RANGE, formatDate } from '@netloom/domain';
import { rangeToInstants } from '@/lib/date-range-instants';
import { DateTimeRangePicker } from './date-time-range-picker';

interface InstantRange {
  start_time: string;
  end_time: string;
}

interface DateRangeButtonProps {
  /** The range in force (ISO instants), shown on the button; 'Any time' without one. */
  start?: string;
  end?: string;
  timezone: string | null;
  /** Apply gives the picked range; Clear gives null. */
  onApply: (range: InstantRange | null) => void;
}

const SHOWN = 'DD MMM YY HH:mm';

/** A log page's date range: the button says what is in force, its popover picks a new one (past days only). */
export function DateRangeButton({ start, end, timezone, onApply }: DateRangeButtonProps) {
  const [range, setRange] = useState(EMPTY_DATE_RANGE);
  const picked = rangeToInstants(range);
  return (
    <Popover position="bottom-start" shadow="md" width={360} withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconCalendar size={16} />}>
          {start && end ? `${formatDate(start, { timezone, format: SHOWN })} – ${formatDate(end, { timezone, format: SHOWN })}` : 'Any time'}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <DateTimeRangePicker value={range} onChange={setRange} maxDate={new Date().toISOString().slice(0, 10)} />
        <Group justify="flex-end" mt="sm">
          <Button
            variant="default"
            size="xs"
            onClick={() => {
              setRange(EMPTY_DATE_RANGE);
              onApply(null);
            }}
          >
            Clear
          </Button>
          <Button size="xs" onClick={() => onApply(picked)} disabled={!picked}>
            Apply
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
