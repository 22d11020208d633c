import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { MultiSelectField, SelectField, type SelectOption } from './select-field';
import { applySelectAll, withSelectAll } from './select-all';

const zones = (n: number): SelectOption[] => Array.from({ length: n }, (_, i) => ({ value: `z${i + 1}`, label: `Zone ${i + 1}` }));

function MultiHarness({ options = zones(3) }: { options?: SelectOption[] }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <>
      <MultiSelectField label="Zones" options={options} value={value} onChange={setValue} selectAll />
      <output data-testid="value">{value.join('|')}</output>
    </>
  );
}

function SingleHarness({ count }: { count: number }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <SelectField label="Zone" options={zones(count)} value={value} onChange={setValue} />
      <output data-testid="value">{value ?? ''}</output>
    </>
  );
}

const stored = () => screen.getByTestId('value').textContent;

describe('MultiSelectField', () => {
  it("'Select all' chooses every option and choosing it again clears them", async () => {
    const { user } = renderWithProviders(<MultiHarness />);
    await user.click(screen.getByRole('combobox', { name: 'Zones' }));
    await user.click(await screen.findByRole('option', { name: 'Select all' }));
    expect(stored()).toBe('z1|z2|z3');

    await user.click(screen.getByRole('option', { name: 'Select all' }));
    expect(stored()).toBe('');
  });

  it("drops '*' when one option is taken out, and shows it again when all are picked by hand", async () => {
    const { user } = renderWithProviders(<MultiHarness />);
    await user.click(screen.getByRole('combobox', { name: 'Zones' }));
    await user.click(await screen.findByRole('option', { name: 'Select all' }));
    await user.click(screen.getByRole('option', { name: 'Zone 2' }));
    expect(stored()).toBe('z1|z3');
    expect(screen.getByRole('option', { name: 'Select all' }).getAttribute('aria-selected')).toBe('false');

    await user.click(screen.getByRole('option', { name: 'Zone 2' }));
    expect(screen.getByRole('option', { name: 'Select all' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('SelectField', () => {
  it('lets the user type to search only above 4 options', async () => {
    const { unmount } = renderWithProviders(<SingleHarness count={4} />);
    expect(screen.getByRole('combobox', { name: 'Zone' }).hasAttribute('readonly')).toBe(true);
    unmount();

    const { user } = renderWithProviders(<SingleHarness count={6} />);
    const input = screen.getByRole('combobox', { name: 'Zone' });
    expect(input.hasAttribute('readonly')).toBe(false);
    await user.type(input, 'Zone 5');
    expect(screen.queryByRole('option', { name: 'Zone 1' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Zone 5' }));
    expect(stored()).toBe('z5');
  });
});

describe('applySelectAll', () => {
  const all = ['a', 'b', 'c'];
  it('never reports the * value itself', () => {
    expect(applySelectAll(['*'], [], all)).toEqual(all);
    expect(applySelectAll(['a', 'b', 'c'], ['*', 'a', 'b', 'c'], all)).toEqual([]);
    expect(applySelectAll(['*', 'a', 'c'], ['*', 'a', 'b', 'c'], all)).toEqual(['a', 'c']);
    expect(withSelectAll(['c', 'b', 'a'], all)).toEqual(['*', 'c', 'b', 'a']);
    expect(withSelectAll([], [])).toEqual([]);
  });
});
