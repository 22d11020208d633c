import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { signIn, withQueryClient } from '@/test/query-wrapper';
import { fakeApi } from '@/test/fake-api';
import { sessionStore } from '@/lib/session/session-store';
import { ReportGenerationPage } from './pages/report-generation-page';

const TENANT = '00000000-0000-4000-8000-00000000000a';

describe('report schedules', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('checks name and recipients, then saves the schedule and lists its next run', async () => {
    signIn('admin', { timezone: 'UTC' });
    let rows: unknown[] = [];
    const api = fakeApi({
      'GET tenant/report-schedules/': () => rows,
      'POST tenant/report-schedules/': (call) => {
        const body = call.body as Record<string, unknown>;
        rows = [{ id: '55555555-5555-4555-8555-555555555555', ...body, next_run_at: '2026-12-01T00:00:00Z', last_run_at: null }];
        return rows[0];
      },
    });
    const { user } = renderWithProviders(
      withQueryClient(
        <MemoryRouter initialEntries={['/sdwan/organization/systemtools/reportGeneration?tab=schedules']}>
          <ReportGenerationPage product="sdwan" />
        </MemoryRouter>,
      ),
    );
    expect(await screen.findByText('No schedules yet')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Add schedule' })[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Field is required')).toBeTruthy();
    expect(within(dialog).getByText('Add at least one recipient')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Monthly fleet' } });
    await user.click(within(dialog).getByText('Monthly'));
    expect(within(dialog).getByText(/On the 1st of each month/)).toBeTruthy();
    await user.click(within(dialog).getByText('CSV'));
    const recipients = within(dialog).getByRole('textbox', { name: 'Recipients' });
    await user.type(recipients, 'not-an-address{Enter}');
    expect(within(dialog).getByText('Enter valid Email')).toBeTruthy();
    await user.clear(recipients);
    await user.type(recipients, 'noc@acme.test{Enter}');
    expect(within(dialog).getByText('noc@acme.test')).toBeTruthy();
    await user.click(within(dialog).getByText('Enabled'));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Schedule added successfully')).toBeTruthy();
    expect(api.writes()).toHaveLength(1);
    expect(api.writes()[0]!.query.get('tenant_id')).toBe(TENANT);
    expect(api.writes()[0]!.body).toEqual({
      name: 'Monthly fleet',
      kind: 'inventory',
      format: 'csv',
      product: 'sdwan',
      cadence: 'monthly',
      recipients: ['noc@acme.test'],
      enabled: false,
    });
    const row = await screen.findByRole('row', { name: /Monthly fleet/ });
    expect(within(row).getByText('Disabled')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
    // Edit stays open to a disabled schedule: turning it back on is done there.
    expect((within(row).getByRole('button', { name: 'Edit' }) as HTMLButtonElement).disabled).toBe(false);
  }, 30_000);
});
