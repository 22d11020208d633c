import dayjs from 'dayjs';
import type { DateRangeValue } from '@netloom/domain';

/**
 * The picker's date range (whole days) or time range (today) as ISO instants for the server,
 * or null when nothing complete is chosen.
 */
export function rangeToInstants(v: DateRangeValue, now = dayjs()): { start_time: string; end_time: string } | null {
  if (v.start_date && v.end_date) {
    return { start_time: dayjs(v.start_date).startOf('day').toISOString(), end_time: dayjs(v.end_date).endOf('day').toISOString() };
  }
  if (v.start_time && v.end_time) {
    const at = (t: string) => {
      const [h = 0, m = 0] = t.split(':').map(Number);
      return now.hour(h).minute(m).second(0).millisecond(0).toISOString();
    };
    return { start_time: at(v.start_time), end_time: at(v.end_time) };
  }
  return null;
}
