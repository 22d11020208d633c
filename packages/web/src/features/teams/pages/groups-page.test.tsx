import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { GroupsPage } from './groups-page';

const noRows = { count: 0, next: null, previous: null, results: [] };

describe('groups page without groups', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('invites an admin to create the first group, with the action right there', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, noRows)),
    );
    signIn('admin');
    renderWithProviders(withQueryClient(<GroupsPage />));
    const empty = (await screen.findByText('Create your First Group')).parentElement!;
    expect(within(empty).getByRole('button', { name: 'Create group' })).toBeTruthy();
  });

  it('tells a viewer, who cannot create one, that there are none yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, noRows)),
    );
    signIn('viewer');
    renderWithProviders(withQueryClient(<GroupsPage />));
    expect(await screen.findByText('No Groups yet')).toBeTruthy();
    expect(screen.queryByText('Create your First Group')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create group' })).toBeNull();
  });
});
