import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { emailMessages } from '@netloom/domain';
import { renderWithProviders } from '@/test/render';
import { InviteUserForm } from './invite-user-form';

const owner = { isSuperAdmin: false, role: 'owner' as const };
const admin = { isSuperAdmin: false, role: 'admin' as const };

describe('invite user form', () => {
  it('refuses an invalid e-mail and a missing role without calling the server', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const { user } = renderWithProviders(<InviteUserForm actor={owner} onSubmit={onSubmit} onCancel={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(emailMessages.invalid)).toBeTruthy();
    expect(screen.getByText('Field is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the trimmed, lower-cased e-mail with the chosen role', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const { user } = renderWithProviders(<InviteUserForm actor={owner} onSubmit={onSubmit} onCancel={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: /Email/ }), '  New.Person@Acme.test ');
    await user.click(screen.getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'editor' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSubmit).toHaveBeenCalledWith({ email: 'new.person@acme.test', role: 'editor', first_name: '', last_name: '' });
  });

  it('offers an admin every role but owner', async () => {
    const { user } = renderWithProviders(<InviteUserForm actor={admin} onSubmit={vi.fn()} onCancel={vi.fn()} />);
    await user.click(screen.getByRole('combobox', { name: /Role/ }));
    expect(await screen.findByRole('option', { name: 'viewer' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'owner' })).toBeNull();
  });

  it("shows the server's refusal above the form", async () => {
    const { ApiError } = await import('@/lib/http/api-error');
    const onSubmit = vi.fn(() =>
      Promise.reject(new ApiError({ status: 409, code: 'conflict', detail: 'This user is already a member of this organisation.' })),
    );
    const { user } = renderWithProviders(<InviteUserForm actor={owner} onSubmit={onSubmit} onCancel={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'editor@acme.test');
    await user.click(screen.getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'viewer' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This user is already a member of this organisation.');
  });
});
