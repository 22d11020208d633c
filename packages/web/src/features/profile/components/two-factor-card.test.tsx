import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { WRONG_TWO_FACTOR_CODE, type User } from '@netloom/domain';
import { fakeApi } from '@/test/fake-api';
import { jsonResponse, signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { TwoFactorCard } from './two-factor-card';

const user = { email: 'admin@acme.test', twoFactorEnabled: true } as User;

describe('two-factor card', () => {
  signedInAs('admin');

  it('says what is wrong with a refused code in words, not "Invalid input."', async () => {
    // The answer's detail is the generic one; the field's own message is what a user can act on.
    fakeApi({
      'POST auth/2fa/disable/': () => jsonResponse(400, { detail: 'Invalid input.', code: 'invalid_code', errors: { code: [WRONG_TWO_FACTOR_CODE] } }),
    });
    const { user: u } = renderWithProviders(withQueryClient(<TwoFactorCard user={user} />));
    await u.type(screen.getByRole('textbox', { name: 'Code or recovery code to turn it off' }), '123456');
    await u.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(WRONG_TWO_FACTOR_CODE)).toBeTruthy();
    expect(screen.queryByText('Invalid input.')).toBeNull();
  });

  it('checks the code before sending it', async () => {
    const api = fakeApi();
    const { user: u } = renderWithProviders(withQueryClient(<TwoFactorCard user={user} />));
    await u.type(screen.getByRole('textbox', { name: 'Code or recovery code to turn it off' }), '12');
    await u.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Enter the 6-digit code or a recovery code')).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });
});
