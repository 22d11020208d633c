import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { FormModal } from './form-modal';

describe('form modal', () => {
  it('is a dialog named for what it edits, holding the form, and closes on Escape', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <FormModal opened onClose={onClose} label="Edit policy: Alpha">
        <form aria-label="Edit access policy" />
      </FormModal>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit policy: Alpha' });
    expect(within(dialog).getByRole('form', { name: 'Edit access policy' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('draws nothing while closed', () => {
    renderWithProviders(
      <FormModal opened={false} onClose={vi.fn()} label="Create Policy">
        <form aria-label="Create policy" />
      </FormModal>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
