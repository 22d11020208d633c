import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { ChipInput, type ChipInputProps } from './chip-input';

function Harness(props: Partial<ChipInputProps> & { initial?: string[] }) {
  const { initial = [], ...rest } = props;
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <ChipInput type="ip" label="Allowed IPs" value={value} onChange={setValue} {...rest} />
      <output data-testid="value">{value.join('|')}</output>
    </>
  );
}

const field = () => screen.getByRole('textbox', { name: 'Allowed IPs' });
const stored = () => screen.getByTestId('value').textContent;

describe('ChipInput', () => {
  it('adds a chip on Enter, comma and space', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.type(field(), '10.0.0.1{Enter}10.0.0.2,10.0.0.3 ');
    expect(stored()).toBe('10.0.0.1|10.0.0.2|10.0.0.3');
    expect(screen.getByText('10.0.0.2')).toBeTruthy();
    expect((field() as HTMLInputElement).value).toBe('');
  });

  it("shows the type's message for an invalid value and keeps the text to correct", async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.type(field(), '10.0.0.256{Enter}');
    expect(screen.getByText('Should be in the format x.x.x.x')).toBeTruthy();
    expect(stored()).toBe('');
    expect((field() as HTMLInputElement).value).toBe('10.0.0.256');

    await user.type(field(), '{Backspace}{Backspace}4{Enter}');
    expect(stored()).toBe('10.0.0.24');
    expect(screen.queryByText('Should be in the format x.x.x.x')).toBeNull();
  });

  it('refuses a duplicate with "Duplicate Value Found"', async () => {
    const { user } = renderWithProviders(<Harness initial={['10.0.0.1']} />);
    await user.type(field(), '10.0.0.1{Enter}');
    expect(screen.getByText('Duplicate Value Found')).toBeTruthy();
    expect(stored()).toBe('10.0.0.1');
  });

  it('keeps only the valid new values of a paste and says how many were invalid', async () => {
    renderWithProviders(<Harness initial={['10.0.0.1']} />);
    fireEvent.paste(field(), {
      clipboardData: { getData: () => '10.0.0.2; 300.1.1.1\n10.0.0.3,abc 10.0.0.1' },
    });
    expect(stored()).toBe('10.0.0.1|10.0.0.2|10.0.0.3');
    expect(await screen.findByText('You Have Pasted 2 Invalid IPs and 3 Valid IPs')).toBeTruthy();
    expect(screen.getByText('Duplicate Value Found')).toBeTruthy();
  });

  it('words an all-valid paste as "You Have Pasted N IP(s)"', async () => {
    renderWithProviders(<Harness />);
    fireEvent.paste(field(), { clipboardData: { getData: () => '1.1.1.1 8.8.8.8' } });
    expect(stored()).toBe('1.1.1.1|8.8.8.8');
    expect(await screen.findByText('You Have Pasted 2 IP(s)')).toBeTruthy();
  });

  it('removes one chip with its × and all with Clear All, which shows only over 1 item', async () => {
    const { user } = renderWithProviders(<Harness initial={['1.1.1.1', '2.2.2.2']} />);
    await user.click(screen.getByRole('button', { name: 'Remove 1.1.1.1' }));
    expect(stored()).toBe('2.2.2.2');
    expect(screen.queryByRole('button', { name: 'Clear All' })).toBeNull();

    await user.type(field(), '3.3.3.3{Enter}');
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(stored()).toBe('');
  });

  it('offers a search over more than 2 items that filters the chips shown', async () => {
    const { user } = renderWithProviders(<Harness initial={['10.0.0.1', '192.168.1.1']} />);
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();

    await user.type(field(), '192.168.1.2{Enter}');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(screen.getByRole('textbox', { name: 'Search values' }), '192.168');
    const chips = screen.getByRole('textbox', { name: 'Allowed IPs' }).parentElement as HTMLElement;
    expect(within(chips).queryByText('10.0.0.1')).toBeNull();
    expect(within(chips).getByText('192.168.1.1')).toBeTruthy();
    expect(within(chips).getByText('192.168.1.2')).toBeTruthy();
    // Filtering only hides: the stored value keeps all three.
    expect(stored()).toBe('10.0.0.1|192.168.1.1|192.168.1.2');
  });

  it('says "Field is required" when a required input is left empty', async () => {
    const { user } = renderWithProviders(<Harness required />);
    await user.click(field());
    await user.tab();
    expect(screen.getByText('Field is required')).toBeTruthy();
  });

  it('checks values with the rule of its type', async () => {
    const { user } = renderWithProviders(<Harness type="port" />);
    await user.type(field(), '70000{Enter}');
    expect(screen.getByText('Port should be within 1-65535')).toBeTruthy();
    await user.clear(field());
    await user.type(field(), '443{Enter}');
    expect(stored()).toBe('443');
  });

  it('cannot be changed when disabled', async () => {
    const { user } = renderWithProviders(<Harness disabled initial={['1.1.1.1', '2.2.2.2']} />);
    expect((field() as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Remove 1.1.1.1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear All' })).toBeNull();
    await user.type(field(), '3.3.3.3{Enter}');
    expect(stored()).toBe('1.1.1.1|2.2.2.2');
  });
});
