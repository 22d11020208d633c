import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { wafSelection } from '@/features/waf/hooks/waf-selection';
import { APP_ID, fakeWafApi } from './fake-waf-api';
import { WafHeaderSelectors } from './waf-header-selectors';

const TENANT = '00000000-0000-4000-8000-00000000000a';
const render = () => renderWithProviders(withQueryClient(<WafHeaderSelectors />));

describe('the WAF device and domain selectors', { timeout: 30_000 }, () => {
  signedInAs('viewer');

  it("says 'Failed to load waf devices' when the device list fails", async () => {
    fakeWafApi({ answer: (c) => (c.path === 'auth/waf-waf-pops/' ? jsonResponse(500, { detail: 'Internal Server Error', code: 'error' }) : undefined) });
    render();
    expect(await screen.findByText('Failed to load waf devices', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('keeps the chosen domain for the pages', async () => {
    fakeWafApi();
    const { user } = render();
    await user.click(await screen.findByRole('combobox', { name: 'Select domain' }));
    await user.click(await screen.findByRole('option', { name: 'shop · shop.example.com' }));
    expect(wafSelection.get()).toMatchObject({ tenant: TENANT, applicationId: APP_ID });
  });
});
