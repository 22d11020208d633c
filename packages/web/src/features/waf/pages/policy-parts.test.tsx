import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { application, APP_ID, fakeWafApi } from '@/features/waf/components/fake-waf-api';
import { DdosPage } from './ddos-page';
import { DpopPage } from './dpop-page';

const render = (page: React.ReactElement) =>
  renderWithProviders(withQueryClient(<MemoryRouter initialEntries={[`/waf/organization/x?application=${APP_ID}`]}>{page}</MemoryRouter>));

describe("a policy's DDoS and DPoP pages", { timeout: 30_000 }, () => {
  signedInAs('editor');

  it('refuses a strict DDoS limit above the normal one, then saves the limits with the rest of the policy', async () => {
    const api = fakeWafApi();
    const { user } = render(<DdosPage />);
    await user.click(await screen.findByRole('switch', { name: 'DDoS limits on' }, { timeout: 10_000 }));
    const strict = screen.getByRole('textbox', { name: 'Strict requests per second per client' });
    await user.tripleClick(strict);
    await user.keyboard('80');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The strict limit should not be above the normal one')).toBeTruthy();
    expect(api.writes()).toEqual([]);

    await user.tripleClick(strict);
    await user.keyboard('10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toMatchObject({ policy: { ddos: { enabled: true, strict_requests_per_second_per_client: 10 }, paranoia_level: 1 } });
  });

  it('says DPoP is for API applications when the application is not one', async () => {
    fakeWafApi({ applications: [application({ api: false })] });
    render(<DpopPage />);
    expect(await screen.findByText('Not an API application', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Require DPoP proofs' })).toBeNull();
  });

  it("edits an API application's DPoP paths", async () => {
    fakeWafApi({ applications: [application({ api: true })] });
    render(<DpopPage />);
    expect(await screen.findByRole('switch', { name: 'Require DPoP proofs' }, { timeout: 10_000 })).toBeTruthy();
  });
});
