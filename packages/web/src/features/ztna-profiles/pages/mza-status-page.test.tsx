import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { signIn, withQueryClient } from '@/test/query-wrapper';
import { fleetSelection } from '@/lib/fleet-selection';
import { sessionStore } from '@/lib/session/session-store';
import { tenantSelection } from '@/lib/tenant-selection';
import { endpoint, fakeProfilesApi, LAPTOP } from '@/features/ztna-profiles/components/fake-ztna-profiles-api';
import { MzaStatusPage } from './mza-status-page';

const render = () =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={['/ztna/mza/status']}>
        <MzaStatusPage />
      </MemoryRouter>,
    ),
  );

describe('Endpoint Status', { timeout: 30_000 }, () => {
  beforeEach(() => signIn('viewer'));
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
    localStorage.clear();
    // The device selection is read from storage: forget it for the next test.
    tenantSelection.refresh();
  });

  it('asks for a device first', async () => {
    fakeProfilesApi();
    render();
    expect(await screen.findByText('Please Select Device')).toBeTruthy();
  });

  it("shows the chosen endpoint's posture field by field (unknown as such), profile, sync and client against the latest", async () => {
    fakeProfilesApi({
      endpoints: [
        endpoint(LAPTOP, 'ana-laptop', {
          profile: 'builders',
          posture: { os: 'windows', os_version: '11.0', client_version: '2.1.9', country: null, disk_encrypted: null, firewall_on: false, approved: true },
        }),
      ],
    });
    fleetSelection.selectDevice({ id: LAPTOP, name: 'ana-laptop' });
    render();
    expect(await screen.findByRole('heading', { name: 'ana-laptop' })).toBeTruthy();
    const posture = screen.getByRole('table', { name: 'Posture' });
    const cell = (label: string) => within(within(posture).getByText(label).closest('tr')!);
    expect(cell('Country').getByText('Unknown')).toBeTruthy();
    expect(cell('Disk encryption').getByText('Unknown')).toBeTruthy();
    expect(cell('Firewall').getByText('Off')).toBeTruthy();
    expect(cell('Device approved').getByText('Approved')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'builders' })).toBeTruthy();
    expect(screen.getByText('Update available: 2.1.12')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Who can reach what' }).getAttribute('href')).toBe(`/ztna/organization/policies?device=${LAPTOP}`);
  });
});
