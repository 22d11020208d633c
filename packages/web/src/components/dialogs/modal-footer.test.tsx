import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { ModalFooter } from './modal-footer';
import { ModalHeader } from './modal-header';

describe('ModalFooter', () => {
  it('shows Add in add mode and no Reset', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<ModalFooter mode="add" onSubmit={onSubmit} onReset={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });

  it('resets in edit mode only after the user confirms "Are you sure? Changes would Reset!"', async () => {
    const onReset = vi.fn();
    const { user } = renderWithProviders(<ModalFooter mode="edit" onSubmit={() => {}} onReset={onReset} />);
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Are you sure? Changes would Reset!')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(onReset).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it('disables every button while a request is loading', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(
      <>
        <ModalHeader title="Edit rule" onClose={() => {}} loading />
        <ModalFooter mode="edit" loading onSubmit={onSubmit} onReset={() => {}} onCancel={() => {}} />
      </>,
    );
    for (const name of ['Save changes', 'Reset', 'Cancel', 'Close']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
