import { useState } from 'react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { DateTimeRangePicker } from './date-time-range-picker';
import { dateRangeError, EMPTY_DATE_RANGE, type DateRangeValue } from '@netloom/domain';

function Harness({ initial = EMPTY_DATE_RANGE, minDate }: { initial?: DateRangeValue; minDate?: string }) {
  const [value, setValue] = useState(initial);
  const [submitError, setSubmitError] = useState<string | null>(null);
  return (
    <>
      <DateTimeRangePicker value={value} onChange={setValue} minDate={minDate} error={submitError} />
      <button type="button" onClick={() => setSubmitError(dateRangeError(value, { submit: true }))}>
        Apply
      </button>
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const stored = () => JSON.parse(screen.getByTestId('value').textContent ?? '{}') as DateRangeValue;

describe('DateTimeRangePicker', () => {
  it('shows 12-hour time and stores it as 24-hour HH:mm:ss', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.type(screen.getByLabelText('Start time hours'), '02');
    await user.type(screen.getByLabelText('Start time minutes'), '30');
    await user.selectOptions(screen.getByLabelText('Start time AM/PM'), 'PM');
    await user.type(screen.getByLabelText('End time hours'), '11');
    await user.type(screen.getByLabelText('End time minutes'), '45');
    await user.selectOptions(screen.getByLabelText('End time AM/PM'), 'PM');

    expect(stored()).toMatchObject({ start_time: '14:30:00', end_time: '23:45:00', start_date: null });
    expect((screen.getByLabelText('Start time hours') as HTMLInputElement).value).toBe('02');
    expect(screen.getByText('Time range: 02:30 PM – 11:45 PM')).toBeTruthy();
  });

  it('stores the picked days as YYYY-MM-DD', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: /Date range/ }));
    const month = dayjs().startOf('month');
    await user.click(await screen.findByRole('button', { name: month.add(9, 'day').format('D MMMM YYYY') }));
    await user.click(screen.getByRole('button', { name: month.add(11, 'day').format('D MMMM YYYY') }));
    expect(stored()).toMatchObject({
      start_date: month.add(9, 'day').format('YYYY-MM-DD'),
      end_date: month.add(11, 'day').format('YYYY-MM-DD'),
    });
  });

  it('refuses a time range on top of a date range', async () => {
    const { user } = renderWithProviders(<Harness initial={{ ...EMPTY_DATE_RANGE, start_date: '2025-03-01', end_date: '2025-03-05' }} />);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(screen.getByLabelText('Start time hours'), '09');
    await user.type(screen.getByLabelText('Start time minutes'), '00');
    await user.selectOptions(screen.getByLabelText('Start time AM/PM'), 'AM');
    expect(screen.getByRole('alert').textContent).toBe('Cannot select both date and time ranges');
  });

  it('asks for a date or time range when applied empty', async () => {
    const { user } = renderWithProviders(<Harness />);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select either a date range or a time range');
  });

  it('names a start date before the minimum and an end date before the start', () => {
    const { unmount } = renderWithProviders(
      <Harness minDate="2025-01-01" initial={{ ...EMPTY_DATE_RANGE, start_date: '2024-12-30', end_date: '2025-01-02' }} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid start date');
    unmount();
    renderWithProviders(<Harness initial={{ ...EMPTY_DATE_RANGE, start_date: '2025-01-05', end_date: '2025-01-02' }} />);
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid end date');
  });
});
