import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Button } from '@mantine/core';
import { renderWithProviders } from '@/test/render';
import { openFilterDialog, type FilterDialogResult } from './filter-dialog';
import type { FilterDefinition } from './filter-types';

const filters: FilterDefinition[] = [
  { type: 'input', name: 'Source IP', formControl: 'src', inputType: 'ip' },
  { type: 'multi-input', name: 'Ports', formControl: 'ports', multiInputType: 'port' },
  {
    type: 'radio',
    name: 'Action',
    formControl: 'action',
    options: [
      { id: 'a', title: 'Allow' },
      { id: 'b', title: 'Block' },
    ],
    viewKey: 'title',
    valueKey: 'id',
  },
  { type: 'date-range', name: 'Period', formControl: 'period' },
];

function Harness({ onResult }: { onResult: (r: FilterDialogResult) => void }) {
  return <Button onClick={() => void openFilterDialog(filters, { src: '10.0.0.1' }).then(onResult)}>Filters</Button>;
}

describe('openFilterDialog', () => {
  it('closes with the chosen values on Apply', async () => {
    let result: FilterDialogResult | undefined;
    const { user } = renderWithProviders(<Harness onResult={(r) => (result = r)} />);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(await screen.findByText('Select Filters')).toBeTruthy();
    expect((screen.getByLabelText('Source IP') as HTMLInputElement).value).toBe('10.0.0.1');

    await user.type(screen.getByRole('textbox', { name: 'Ports' }), '443,8443{Enter}');
    await user.click(screen.getByRole('radio', { name: 'Block' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(result).toBeDefined());
    expect(result).toEqual({
      applied: true,
      values: {
        src: '10.0.0.1',
        ports: ['443', '8443'],
        action: 'b',
        period: { start_date: null, end_date: null, start_time: null, end_time: null },
      },
    });
    await waitFor(() => expect(screen.queryByText('Select Filters')).toBeNull());
  });

  it("empties every filter with 'Clear Filters'", async () => {
    let result: FilterDialogResult | undefined;
    const { user } = renderWithProviders(<Harness onResult={(r) => (result = r)} />);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(await screen.findByRole('radio', { name: 'Allow' }));
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect((screen.getByLabelText('Source IP') as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('radio', { name: 'Allow' }) as HTMLInputElement).checked).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(result).toMatchObject({ applied: true, values: { src: '', ports: [], action: null } }));
  });

  it('keeps the dialog open while a filter is invalid', async () => {
    let result: FilterDialogResult | undefined;
    const { user } = renderWithProviders(<Harness onResult={(r) => (result = r)} />);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const src = await screen.findByLabelText('Source IP');
    await user.clear(src);
    await user.type(src, '10.0.0');
    await user.type(screen.getByLabelText('Start time hours'), '09');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText("Should be in the format 'x.x.x.x'")).toBeTruthy();
    expect(screen.getByText('Select Filters')).toBeTruthy();
    expect(result).toBeUndefined();
  });

  it('resolves as not applied when the dialog is closed', async () => {
    let result: FilterDialogResult | undefined;
    const { user } = renderWithProviders(<Harness onResult={(r) => (result = r)} />);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await screen.findByText('Select Filters');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(result).toEqual({ applied: false }));
  });
});
