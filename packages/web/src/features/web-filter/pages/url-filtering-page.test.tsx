import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { fakeWebFilterApi } from '@/features/web-filter/components/fake-web-filter-api';
import { UrlFilteringPage } from './url-filtering-page';

const render = () =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter>
        <UrlFilteringPage />
      </MemoryRouter>,
    ),
  );

/** The organisation-wide controls as a user finds them: the switch, the default action, the lists' save. */
async function settingsControls() {
  const toggle = await screen.findByRole('switch', { name: /^Web filter/ }, { timeout: 10_000 });
  const defaults = within(screen.getByRole('radiogroup', { name: 'Default action' }));
  const lists = within(screen.getByTestId('organisation-url-lists'));
  return { toggle, block: await defaults.findByRole('radio', { name: 'Block' }), lists };
}

describe('URL filtering: who changes the organisation-wide settings', () => {
  describe('an editor', () => {
    signedInAs('editor');
    it('reads the switch, the default action and the lists but cannot change them; policies stay theirs to write', async () => {
      fakeWebFilterApi();
      render();
      const { toggle, block, lists } = await settingsControls();
      expect((toggle as HTMLInputElement).disabled).toBe(true);
      expect((block as HTMLInputElement).disabled).toBe(true);
      expect(lists.queryByRole('button', { name: 'Save lists' })).toBeNull();
      expect(screen.getByText('Owners and admins change these settings.')).toBeTruthy();
      expect((await screen.findAllByRole('button', { name: 'Create Policy' })).length).toBeGreaterThan(0);
    }, 30_000);
  });

  describe('an admin', () => {
    signedInAs('admin');
    it('may change them', async () => {
      fakeWebFilterApi();
      render();
      const { toggle, block, lists } = await settingsControls();
      expect((toggle as HTMLInputElement).disabled).toBe(false);
      expect((block as HTMLInputElement).disabled).toBe(false);
      expect(lists.getByRole('button', { name: 'Save lists' })).toBeTruthy();
      expect(screen.queryByText('Owners and admins change these settings.')).toBeNull();
    }, 30_000);
  });
});
