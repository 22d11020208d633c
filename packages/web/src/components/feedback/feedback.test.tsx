import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Button } from '@mantine/core';
import { renderWithProviders } from '@/test/render';
import { toast } from './toast';
import { StepGuideList } from './step-guide-list';
import { ConfigPageHeader } from './config-page-header';
import { CardSkeleton, TableSkeleton } from './skeletons';

describe('toast', () => {
  it("says '{item} added/edited/deleted successfully' and 'error' by default", async () => {
    const { user } = renderWithProviders(
      <>
        <Button onClick={() => toast.success('Network')}>add</Button>
        <Button onClick={() => toast.edited('Policy')}>edit</Button>
        <Button onClick={() => toast.deleted('User')}>delete</Button>
        <Button onClick={() => toast.error()}>fail</Button>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'add' }));
    await user.click(screen.getByRole('button', { name: 'edit' }));
    await user.click(screen.getByRole('button', { name: 'delete' }));
    await user.click(screen.getByRole('button', { name: 'fail' }));
    expect(await screen.findByText('Network added successfully')).toBeTruthy();
    expect(screen.getByText('Policy edited successfully')).toBeTruthy();
    expect(screen.getByText('User deleted successfully')).toBeTruthy();
    expect(screen.getByText('error')).toBeTruthy();
  });

  it('goes away after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderWithProviders(<Button onClick={() => toast.success('Tenant')}>add</Button>);
      screen.getByRole('button', { name: 'add' }).click();
      expect(await screen.findByText('Tenant added successfully')).toBeTruthy();
      await vi.advanceTimersByTimeAsync(2_500);
      expect(screen.queryByText('Tenant added successfully')).toBeTruthy();
      // 3 s on screen, then the notification's exit animation.
      await vi.advanceTimersByTimeAsync(1_500);
      await waitFor(() => expect(screen.queryByText('Tenant added successfully')).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('StepGuideList', () => {
  it('numbers the steps in order', () => {
    renderWithProviders(<StepGuideList steps={[{ title: 'Download', description: 'Get the installer' }, { title: 'Install' }]} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['1DownloadGet the installer', '2Install']);
  });
});

describe('ConfigPageHeader', () => {
  it('offers Refresh always, Settings and the toggle only when given', async () => {
    const onRefresh = vi.fn();
    const onSettings = vi.fn();
    const onToggle = vi.fn();
    const { user, rerender } = renderWithProviders(<ConfigPageHeader title="DNS" onRefresh={onRefresh} />);
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);

    rerender(
      <ConfigPageHeader
        title="DNS"
        onRefresh={onRefresh}
        onSettings={onSettings}
        toggle={{ label: 'Enable DNS filtering', checked: false, onChange: onToggle }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await user.click(screen.getByRole('switch', { name: 'Enable DNS filtering' }));
    expect(onSettings).toHaveBeenCalledTimes(1);
    expect(onToggle).toHaveBeenCalledWith(true);
  });
});

describe('skeletons', () => {
  it('draw the requested number of placeholder rows while loading', () => {
    renderWithProviders(
      <>
        <TableSkeleton rows={3} columns={2} />
        <CardSkeleton />
      </>,
    );
    const table = screen.getByRole('table', { name: 'Loading table' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByLabelText('Loading').getAttribute('aria-busy')).toBe('true');
  });
});
