import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider, Button } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { openLogoutDialog } from './logout-dialog';

function Harness({ onConfirm }: { onConfirm: () => void }) {
  return (
    <MantineProvider>
      <ModalsProvider>
        <Button onClick={() => openLogoutDialog(onConfirm)}>Log out</Button>
      </ModalsProvider>
    </MantineProvider>
  );
}

describe('logout dialog', () => {
  it('asks with the exact texts of the spec and logs out only on "Yes, Logout"', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(<Harness onConfirm={onConfirm} />);

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Log Out Account')).toBeTruthy();
    expect(screen.getByText('Are you sure you want to log out?')).toBeTruthy();
    expect(screen.getByText('Once logout you need to login again!')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'No, Stay logged in' }));
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, Logout' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
