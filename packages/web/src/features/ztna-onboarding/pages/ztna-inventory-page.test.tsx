import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { DESKTOP, endpoint, fakeOnboardingApi, LAPTOP } from '@/features/ztna-onboarding/components/fake-onboarding-api';
import { ZtnaInventoryPage } from './ztna-inventory-page';

const render = (tab: string) =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[`/ztna/organization/inventory/${tab}`]}>
        <Routes>
          <Route path="/ztna/organization/inventory/:tab" element={<ZtnaInventoryPage />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
const TABLET = '1a000000-0000-4000-8000-000000000003';

describe('ZTNA inventory', { timeout: 30_000 }, () => {
  beforeEach(() => signIn('admin'));
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('lists enrolled endpoints with failed posture highlighted and unknown items marked, and searches on the server', async () => {
    const api = fakeOnboardingApi({
      enrolled: [
        endpoint(LAPTOP, 'ana-laptop'),
        endpoint(DESKTOP, 'raj-desktop', {
          user: 'raj@acme.test',
          profile: 'builders',
          config_sync: 'drifted',
          posture: { os: 'windows', os_version: null, client_version: '2.1.7', country: 'IN', disk_encrypted: true, firewall_on: false, approved: true },
        }),
      ],
    });
    const { user } = render('enrolled-inventory');
    const table = await screen.findByRole('table', { name: 'Enrolled endpoints' });
    const ana = within((await within(table).findByText('ana-laptop')).closest('tr')!);
    expect(ana.getByText('All checks pass')).toBeTruthy();
    expect(ana.getByText('Engineers')).toBeTruthy();
    const raj = within(within(table).getByText('raj-desktop').closest('tr')!);
    expect(raj.getByText('Firewall off')).toBeTruthy();
    expect(raj.getByText('OS version: unknown')).toBeTruthy();
    expect(raj.getByText('builders')).toBeTruthy();
    expect(raj.getByText('Drifted')).toBeTruthy();
    expect(screen.getByText('2 endpoints')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Search endpoints' }), 'raj{Enter}');
    await waitFor(() => expect(api.calls.some((c) => c.path === 'tenant/ztna/inventory/' && c.query.get('search') === 'raj')).toBe(true));
    const last = api.calls.filter((c) => c.path === 'tenant/ztna/inventory/').at(-1)!;
    expect(last.query.get('state')).toBe('enrolled');
    expect(last.query.get('page')).toBe('1');
  });

  it('downloads every enrolled endpoint of the search as CSV, posture in words', async () => {
    const blobs: Blob[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = vi.fn((b: Blob) => (blobs.push(b), 'blob:netloom-test'));
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      const api = fakeOnboardingApi({
        enrolled: [endpoint(LAPTOP, 'ana-laptop', { posture: { ...endpoint(LAPTOP, 'x').posture, firewall_on: false } })],
      });
      const { user } = render('enrolled-inventory');
      await screen.findByText('ana-laptop');
      await user.click(screen.getByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(blobs).toHaveLength(1));
      expect(api.calls.at(-1)!.query.get('page_size')).toBe('0');
      const text = (await blobs[0]!.text()).replace(/^\uFEFF/, '');
      expect(text.split('\r\n')[0]).toBe('Endpoint,User,OS,Client,Posture,Profile,Security groups,Configuration,Last seen,Public IP');
      expect(text).toContain('ana-laptop,ana@acme.test,Windows 11,2.1.9,Firewall off,mza,Engineers,synced');
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
      click.mockRestore();
    }
  });

  it('downloads an endpoint named like a spreadsheet formula as plain text', async () => {
    const blobs: Blob[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = vi.fn((b: Blob) => (blobs.push(b), 'blob:netloom-test'));
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      fakeOnboardingApi({ enrolled: [endpoint(LAPTOP, '=HYPERLINK("http://evil.example","x")', { user: '@evil.example' })] });
      const { user } = render('enrolled-inventory');
      await screen.findByText('=HYPERLINK("http://evil.example","x")');
      await user.click(screen.getByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(blobs).toHaveLength(1));
      const row = (await blobs[0]!.text()).replace(/^\uFEFF/, '').split('\r\n')[1]!;
      expect(row.startsWith(`"'=HYPERLINK(""http://evil.example"",""x"")",'@evil.example,`)).toBe(true);
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
      click.mockRestore();
    }
  });

  it('approves the selected pending clients in one call after a confirmation and says how many', async () => {
    const api = fakeOnboardingApi(
      {
        pending: [
          endpoint(LAPTOP, 'new-laptop', { approved: false }),
          endpoint(DESKTOP, 'new-desktop', { approved: false }),
          endpoint(TABLET, 'tablet', { approved: false }),
        ],
      },
      (c) => (c.path === 'tenant/ztna/inventory/decide/' ? jsonResponse(200, { approved: 2, rejected: 0, skipped: [] }) : undefined),
    );
    const { user } = render('approve-inventory');
    const table = await screen.findByRole('table', { name: 'Clients waiting for approval' });
    expect(await screen.findByText('3 clients waiting for approval')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(within(table).getByText('new-laptop').closest('tr')!).getByRole('checkbox'));
    await user.click(within(within(table).getByText('new-desktop').closest('tr')!).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Approve (2)' }));
    expect(await screen.findByText('Approve 2 clients?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ method: 'POST', path: 'tenant/ztna/inventory/decide/', body: { ids: [LAPTOP, DESKTOP], decision: 'approve' } });
    expect(await screen.findByText('2 approved, 0 rejected')).toBeTruthy();
  });

  it('rejects after a confirmation and names the clients it skipped', async () => {
    const api = fakeOnboardingApi({ pending: [endpoint(LAPTOP, 'new-laptop', { approved: false })] }, (c) =>
      c.path === 'tenant/ztna/inventory/decide/'
        ? jsonResponse(200, { approved: 0, rejected: 0, skipped: [{ id: LAPTOP, reason: 'already approved' }] })
        : undefined,
    );
    const { user } = render('approve-inventory');
    const table = await screen.findByRole('table', { name: 'Clients waiting for approval' });
    await user.click(within((await within(table).findByText('new-laptop')).closest('tr')!).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Reject (1)' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({ ids: [LAPTOP], decision: 'reject' });
    expect(await screen.findByText('0 approved, 0 rejected, 1 skipped')).toBeTruthy();
  });
  it('shows what each waiting client reported with its hello: OS version, disk encryption, firewall and country', async () => {
    fakeOnboardingApi({
      pending: [
        endpoint(LAPTOP, 'new-laptop', {
          approved: false,
          posture: {
            os: 'windows',
            os_version: '10.0.26100',
            client_version: '2.1.12',
            country: 'DE',
            disk_encrypted: true,
            firewall_on: false,
            approved: false,
          },
        }),
        endpoint(DESKTOP, 'old-agent', {
          approved: false,
          posture: { os: 'linux', os_version: null, client_version: null, country: null, disk_encrypted: null, firewall_on: null, approved: false },
        }),
      ],
    });
    render('approve-inventory');
    const table = await screen.findByRole('table', { name: 'Clients waiting for approval' });
    const laptop = within((await within(table).findByText('new-laptop')).closest('tr')!);
    for (const fact of ['OS 10.0.26100', 'Disk encrypted', 'Firewall off', 'Country: Germany']) expect(laptop.getByText(fact)).toBeTruthy();
    // Approval is what is being decided: not listed as a failed check.
    expect(laptop.queryByText('Not approved')).toBeNull();
    const old = within(within(table).getByText('old-agent').closest('tr')!);
    for (const fact of ['OS version: unknown', 'Disk encryption: unknown', 'Firewall: unknown', 'Country: unknown']) expect(old.getByText(fact)).toBeTruthy();
  });

  it('lists the rejected clients and lets the selected ones in again after a confirmation', async () => {
    const api = fakeOnboardingApi({ rejected: [endpoint(LAPTOP, 'kept-out', { approved: false })] }, (c) =>
      c.path === 'tenant/ztna/inventory/decide/' ? jsonResponse(200, { approved: 0, rejected: 0, readmitted: 1, skipped: [] }) : undefined,
    );
    const { user } = render('rejected-inventory');
    const table = await screen.findByRole('table', { name: 'Rejected clients' });
    expect(await screen.findByText('1 client kept out')).toBeTruthy();
    await user.click(within((await within(table).findByText('kept-out')).closest('tr')!).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Let in again (1)' }));
    expect(await screen.findByText('Let 1 client in again?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ path: 'tenant/ztna/inventory/decide/', body: { ids: [LAPTOP], decision: 'readmit' } });
    expect(await screen.findByText('1 let in again')).toBeTruthy();
    expect(api.calls.some((c) => c.path === 'tenant/ztna/inventory/' && c.query.get('state') === 'rejected')).toBe(true);
  });
});
