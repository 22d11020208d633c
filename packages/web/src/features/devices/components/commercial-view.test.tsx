import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { CommercialData } from '@netloom/domain';
import { CommercialView } from './commercial-view';
import { D1, D2, device, renderInApp } from './device-table.fixtures';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('@/lib/http/client', () => ({ api: http }));

const stored: CommercialData = {
  [D1]: { WAN1: { amount: '1200', date: '2025-01-05', lastUpdated: '2025-01-05T10:00:00.000Z' } },
};

function renderView() {
  return renderInApp(
    <CommercialView
      tenantId="t1"
      devices={[device(D1, { name: 'alpha' }), device(D2, { name: 'beta' })]}
      wanColumns={2}
      pageSizes={[5, 10, 15, 20, 'None']}
      defaultPageSize={10}
    />,
  );
}

describe('commercial view', () => {
  beforeEach(() => {
    http.get.mockReset().mockResolvedValue(stored);
    http.post.mockReset();
  });

  it('shows rupees and d/M/yy per WAN link and the totals', async () => {
    renderView();
    expect(await screen.findByText('WAN1 · 5/1/25')).toBeTruthy();
    expect(screen.getByTestId('commercial-total').textContent).toBe('Total: ₹1,200');
  });

  it('tells two devices of one name apart: the serial under the name and in the names of their controls', async () => {
    renderInApp(
      <CommercialView
        tenantId="t1"
        devices={[device(D1, { name: 'branch', serial: 'SN-1' }), device(D2, { name: 'branch', serial: 'SN-2' })]}
        wanColumns={1}
        pageSizes={[5, 10, 15, 20, 'None']}
        defaultPageSize={10}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Edit branch · SN-1 WAN1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit branch · SN-2 WAN1' })).toBeTruthy();
    expect(screen.getByText('SN-1')).toBeTruthy();
    expect(screen.getByText('SN-2')).toBeTruthy();
  });

  it('allows one edit at a time; a second pencil asks to save or cancel first', async () => {
    const { user } = renderView();
    await user.click(await screen.findByRole('button', { name: 'Edit alpha WAN1' }));
    expect((screen.getByRole('textbox', { name: 'Amount for alpha WAN1' }) as HTMLInputElement).value).toBe('1200');
    await user.click(screen.getByRole('button', { name: 'Edit beta WAN2' }));
    expect(await screen.findByText('Please save or cancel the current edit')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Amount for beta WAN2' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Amount for alpha WAN1' })).toBeNull();
    expect(http.post).not.toHaveBeenCalled();
  });

  it('save posts the whole map with a new lastUpdated, recalculates the total and says so', async () => {
    http.post.mockImplementation((_path: string, body: CommercialData) => Promise.resolve(body));
    const { user } = renderView();
    await user.click(await screen.findByRole('button', { name: 'Edit alpha WAN2' }));
    // No date yet: the draft is refused before any call.
    await user.type(screen.getByRole('textbox', { name: 'Amount for alpha WAN2' }), '800');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(http.post).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Edit alpha WAN1' }));
    const amount = screen.getByRole('textbox', { name: 'Amount for alpha WAN1' });
    await user.clear(amount);
    await user.type(amount, '1500');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(http.post).toHaveBeenCalledTimes(1));
    const [, body] = http.post.mock.calls[0] as [string, CommercialData];
    expect(body[D1]!.WAN1).toMatchObject({ amount: '1500', date: '2025-01-05' });
    expect(body[D1]!.WAN1!.lastUpdated).not.toBe(stored[D1]!.WAN1!.lastUpdated);
    expect(await screen.findByText('Commercial Data Updated')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('commercial-total').textContent).toBe('Total: ₹1,500'));
  });

  it('a failed save keeps the edit open and reports the error', async () => {
    http.post.mockRejectedValue(new Error('boom'));
    const { user } = renderView();
    await user.click(await screen.findByRole('button', { name: 'Edit alpha WAN1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('There was an error in updating data')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Amount for alpha WAN1' })).toBeTruthy();
  });
});
