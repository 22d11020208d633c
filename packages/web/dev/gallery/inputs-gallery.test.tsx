import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { InputsGallery } from './inputs-gallery';

describe('InputsGallery', () => {
  it('shows the ip chip input pre-filled with two IPs, ready to take more', async () => {
    const { user } = renderWithProviders(<InputsGallery />);
    const chips = screen.getByTestId('gallery-chip-input');
    expect(within(chips).getByText('10.0.0.1')).toBeTruthy();
    expect(within(chips).getByText('192.168.1.1')).toBeTruthy();
    await user.type(within(chips).getByRole('textbox'), '172.16.0.9{Enter}');
    expect(within(chips).getByText('172.16.0.9')).toBeTruthy();
    expect(within(chips).getByRole('button', { name: 'Search' })).toBeTruthy();
  });
});
