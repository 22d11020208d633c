import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { DialogsGallery } from './dialogs-gallery';

describe('DialogsGallery', () => {
  it('opens the filter dialog with every kind of filter and reports what was applied', async () => {
    const { user } = renderWithProviders(<DialogsGallery />);
    await user.click(screen.getByRole('button', { name: 'Select Filters' }));
    expect(await screen.findByLabelText('Source IP')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Block' })).toBeTruthy();
    expect(screen.getByRole('slider')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/"applied":true/)).toBeTruthy();
  });

  it('opens the edit dialog whose Reset asks first', async () => {
    const { user } = renderWithProviders(<DialogsGallery />);
    await user.click(screen.getByRole('button', { name: 'Edit dialog' }));
    expect(await screen.findByText('Edit Network')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Are you sure? Changes would Reset!')).toBeTruthy();
  });
});
