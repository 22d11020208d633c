import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { jsonResponse, signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { APP_ID, fakeWafApi } from '@/features/waf/components/fake-waf-api';
import { PacPage } from './pac-page';

const render = () =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[`/waf/organization/pac?application=${APP_ID}`]}>
        <PacPage />
      </MemoryRouter>,
    ),
  );

describe('policy as code', { timeout: 30_000 }, () => {
  signedInAs('editor');

  it('exports the YAML on demand, and shows what the server refused in an import, by field', async () => {
    const api = fakeWafApi({
      answer: (c) =>
        c.method === 'PUT' && c.path.endsWith('/policy-as-code/')
          ? jsonResponse(400, { detail: 'Invalid input.', code: 'invalid', errors: { 'spec.paranoia_level': ['Number must be less than or equal to 4'] } })
          : undefined,
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Export' }, { timeout: 10_000 }));
    expect((await screen.findByLabelText('Policy YAML', { selector: 'pre' })).textContent).toContain('kind: WafPolicy');

    await user.click(screen.getByRole('textbox', { name: 'Policy YAML' }));
    await user.paste('apiVersion: netloom.io/qshield/v1\nkind: WafPolicy\nspec:\n  paranoia_level: 9\n');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Number must be less than or equal to 4')).toBeTruthy();
    expect(screen.getByText('spec.paranoia_level')).toBeTruthy();
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({ yaml: 'apiVersion: netloom.io/qshield/v1\nkind: WafPolicy\nspec:\n  paranoia_level: 9\n' });
  });
});
