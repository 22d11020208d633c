import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DEFAULT_WAF_POLICY, type WafPolicy } from '@netloom/domain';
import { jsonResponse, signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { APP_ID, fakeWafApi } from '@/features/waf/components/fake-waf-api';
import { WafPolicyPage } from './waf-policy-page';

const render = (search = `?application=${APP_ID}`) =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[`/waf/organization/waf-policy${search}`]}>
        <WafPolicyPage />
      </MemoryRouter>,
    ),
  );

const RULE = `SecRule REQUEST_URI "@beginsWith /admin" "id:10001,phase:1,deny,status:403"`;
const withRule: WafPolicy = {
  ...DEFAULT_WAF_POLICY,
  custom_rules: [{ id: 'c0000000-0000-4000-8000-000000000001', name: 'Admin area', enabled: true, rule: RULE }],
};

describe('WAF policy page', { timeout: 60_000 }, () => {
  signedInAs('editor');

  it("opens the attack page's exclusion pre-filled, and saves it with the policy", async () => {
    const api = fakeWafApi();
    const { user } = render(`?application=${APP_ID}&exclude_rule=942100&path=/search&parameter=q`);
    const dialog = within(await screen.findByRole('dialog', { name: 'Add exclusion' }, { timeout: 10_000 }));
    expect((dialog.getByRole('textbox', { name: 'Rule id' }) as HTMLInputElement).value).toBe('942100');
    expect((dialog.getByRole('textbox', { name: 'Path (optional)' }) as HTMLInputElement).value).toBe('/search');
    expect((dialog.getByRole('textbox', { name: 'Parameter (optional)' }) as HTMLInputElement).value).toBe('q');
    expect(dialog.getByText('SQL injection rule')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Add' }));

    const list = within(screen.getByRole('table', { name: 'Exclusions' }));
    expect(list.getByText('Rule 942100')).toBeTruthy();
    // Pasted, not typed: each key would redraw the whole policy form, which a busy machine takes long over.
    await user.click(screen.getByRole('textbox', { name: 'What changed' }));
    await user.paste('Search box false positive');
    await user.click(screen.getByRole('button', { name: 'Save policy' }));

    await waitFor(() => expect(api.writes()).toHaveLength(1));
    const [put] = api.writes();
    expect(put!.path).toBe(`waap/domains/${APP_ID}/policy/`);
    expect(put!.body).toMatchObject({
      message: 'Search box false positive',
      policy: { exclusions: [{ rule_id: 942100, tag: null, path: '/search', parameter: 'q' }] },
    });
    // The saved revision is the page's new state.
    expect(await screen.findByText('Revision 2')).toBeTruthy();
  });

  it('refuses two rate limits on one path and a custom rule outside the checked subset, sending nothing', async () => {
    const api = fakeWafApi();
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Add rate limit' }, { timeout: 10_000 }));
    await user.click(screen.getByRole('button', { name: 'Add rate limit' }));
    await user.click(screen.getByRole('button', { name: 'Save policy' }));
    expect(await screen.findByText('This path has a rate limit already')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add custom rule' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add custom rule' }));
    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Shell');
    const rule = dialog.getByRole('textbox', { name: 'Rule (SecLang)' });
    await user.clear(rule);
    await user.click(rule);
    await user.paste('SecRule ARGS "@exec /bin/sh" "id:10002,phase:2,deny"');
    await user.click(dialog.getByRole('button', { name: 'Add' }));
    expect(await dialog.findByText('@exec is not one of the operators custom rules may use')).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });

  it("shows the server's refusal of a custom rule at that rule", async () => {
    fakeWafApi({
      policy: withRule,
      answer: (c) =>
        c.method === 'PUT'
          ? jsonResponse(400, {
              detail: 'Invalid input.',
              code: 'invalid',
              errors: { 'policy.custom_rules.0.rule': ['nginx -t refused the rule: unknown variable'] },
            })
          : undefined,
    });
    const { user } = render();
    await user.click(await screen.findByRole('radio', { name: 'Detection only' }, { timeout: 10_000 }));
    await user.click(screen.getByRole('button', { name: 'Save policy' }));
    const row = within(await screen.findByRole('row', { name: 'Admin area' }));
    expect(await row.findByText('nginx -t refused the rule: unknown variable')).toBeTruthy();
    // The rule's own dialog shows it at the field too.
    await user.click(row.getByRole('button', { name: 'Edit Admin area' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit custom rule' }));
    expect(dialog.getByText('nginx -t refused the rule: unknown variable')).toBeTruthy();
  });

  it('explains each paranoia level', async () => {
    fakeWafApi({ policy: { ...DEFAULT_WAF_POLICY, paranoia_level: 2 } });
    render();
    expect((await screen.findByTestId('paranoia-text', {}, { timeout: 10_000 })).textContent).toMatch(/^Level 2/);
  });
});
