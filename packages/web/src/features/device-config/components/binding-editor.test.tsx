import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { fakeApi } from '@/test/fake-api';
import { signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { BindingEditor } from './binding-editor';

const GW = '11111111-1111-4111-8111-111111111111';
const BRANCH = '22222222-2222-4222-8222-222222222222';
const branch = {
  id: BRANCH,
  name: 'Branch',
  description: null,
  sections: { static_routes: [{ name: 'hq-{{site}}' }] },
  defaults: {},
  variables: ['site'],
  version: 1,
  networks: 1,
  devices: 0,
  updated_at: '2026-11-24T10:00:00.000Z',
};

afterEach(() => sessionStore.clear());

describe("a device's templates", () => {
  it('lets a device give its own value to a variable of a template it inherits from its group, without binding that template itself', async () => {
    const api = fakeApi({
      'GET template/config/': () => ({ count: 1, next: null, previous: null, results: [branch] }),
      [`GET template/bindings/device/${GW}/`]: () => ({ template_ids: [], variables: {}, inherited_template_ids: [BRANCH] }),
      [`PUT template/bindings/device/${GW}/`]: () => ({ template_ids: [], variables: { site: '7' }, inherited_template_ids: [BRANCH], operation_id: null }),
    });
    signIn('editor');
    const { user } = renderWithProviders(
      withQueryClient(
        <MemoryRouter>
          <BindingEditor kind="device" targetId={GW} writer />
        </MemoryRouter>,
      ),
    );
    expect(await screen.findByText('From its device group: Branch')).toBeTruthy();
    await user.type(screen.getByLabelText('Value of site'), '7');
    await user.click(screen.getByRole('button', { name: 'Save and push' }));
    expect(await screen.findByText('Templates edited successfully')).toBeTruthy();
    expect(api.writes()[0]!.body).toEqual({ template_ids: [], variables: { site: '7' } });
  });
});
