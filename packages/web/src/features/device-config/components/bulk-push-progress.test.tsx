import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { fakeApi, pageOf } from '@/test/fake-api';
import { signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { BindingEditor } from './binding-editor';
import { OperationProgress } from './operation-progress';
import { RecentOperations } from './recent-operations';
import { deviceRow } from '@/test/device-row';

const GROUP = '11111111-1111-4111-8111-111111111111';
const TPL = '22222222-2222-4222-8222-222222222222';
const OP = '33333333-3333-4333-8333-333333333333';
const OLDER = '44444444-4444-4444-8444-444444444444';
const counts = (over: Record<string, number>) => ({
  queued: 0,
  offline: 0,
  syncing: 0,
  synced: 0,
  failed: 0,
  superseded: 0,
  unchanged: 0,
  invalid: 0,
  ...over,
});
const operation = (id: string, title: string, c: Record<string, number>, done: boolean) => ({
  id,
  title,
  template_id: null,
  author_email: 'editor@acme.test',
  created_at: '2026-11-24T10:00:00.000Z',
  counts: counts(c),
  done,
});
const withDevices = (op: ReturnType<typeof operation>) => ({
  ...op,
  devices: [
    { device_id: 'd1', name: 'edge-paris', state: 'synced', error: null },
    { device_id: 'd2', name: 'edge-lyon', state: op.done ? 'synced' : 'syncing', error: null },
  ],
});
const template = {
  id: TPL,
  name: 'Branch',
  description: null,
  sections: {},
  defaults: {},
  variables: [],
  version: 1,
  networks: 0,
  devices: 0,
  updated_at: '2026-11-24T10:00:00.000Z',
};

/** Where the console is, as the address bar shows it. */
function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('a bulk push started from a device group', () => {
  const api = () =>
    fakeApi({
      'GET template/config/': () => pageOf([template]),
      [`GET template/bindings/network/${GROUP}/`]: () => ({ template_ids: [], variables: {} }),
      [`PUT template/bindings/network/${GROUP}/`]: () => ({ template_ids: [TPL], variables: {}, operation_id: OP }),
      [`GET template/operations/${OP}/`]: () => withDevices(operation(OP, 'Templates of Branches changed', { synced: 1, syncing: 1 }, false)),
    });
  const renderAt = (url: string) =>
    renderWithProviders(
      withQueryClient(
        <MemoryRouter initialEntries={[url]}>
          <BindingEditor kind="network" targetId={GROUP} writer />
          <Address />
        </MemoryRouter>,
      ),
    );

  it('keeps the push in the address, next to what was there, so its progress can be left and come back to', async () => {
    api();
    signIn('editor');
    const { user } = renderAt(`/sdwan/network/${GROUP}?view=map`);
    await user.click(await screen.findByRole('combobox', { name: "This group's templates" }));
    await user.click(await screen.findByRole('option', { name: 'Branch' }));
    await user.click(screen.getByRole('button', { name: 'Save and push' }));
    expect(await screen.findByTestId('operation-progress')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe(`/sdwan/network/${GROUP}?view=map&operation=${OP}`);
    // Clicks through a select and a save: more than the default 5 s on a loaded machine.
  }, 15_000);

  it('shows the push of the address on arrival', async () => {
    api();
    signIn('viewer');
    renderAt(`/sdwan/network/${GROUP}?operation=${OP}`);
    const progress = await screen.findByTestId('operation-progress');
    expect(within(progress).getByText('Templates of Branches changed')).toBeTruthy();
    expect(within(progress).getByTestId('operation-syncing').textContent).toBe('Syncing: 1');
  });
});

describe("the tenant's recent pushes", () => {
  it('lists them with their progress, and opens one to show its devices', async () => {
    fakeApi({
      'GET template/operations/': () =>
        pageOf([
          operation(OP, 'Template Branch applied', { synced: 1, syncing: 1 }, false),
          operation(OLDER, 'Templates of Branches changed', { synced: 2, failed: 1 }, true),
        ]),
      [`GET template/operations/${OP}/`]: () => withDevices(operation(OP, 'Template Branch applied', { synced: 1, syncing: 1 }, false)),
    });
    signIn('viewer');
    const onSelect = vi.fn();
    const { user, rerender } = renderWithProviders(withQueryClient(<RecentOperations timezone={null} selected={null} onSelect={onSelect} />));
    const table = await screen.findByRole('table', { name: 'Recent pushes' });
    const applied = (await within(table).findByText('Template Branch applied')).closest('tr')!;
    expect(within(applied).getByText('1 syncing · 1 synced')).toBeTruthy();
    expect(within(applied).getByText('In progress')).toBeTruthy();
    const older = within(table).getByText('Templates of Branches changed').closest('tr')!;
    expect(within(older).getByText('2 synced · 1 failed')).toBeTruthy();
    expect(within(older).getByText('Done')).toBeTruthy();
    await user.click(within(applied).getByRole('button', { name: /view/i }));
    expect(onSelect).toHaveBeenCalledWith(OP);
    rerender(withQueryClient(<RecentOperations timezone={null} selected={OP} onSelect={onSelect} />));
    const progress = await screen.findByTestId('operation-progress');
    expect(await within(progress).findByText('edge-lyon')).toBeTruthy();
  });
});

describe('a push to gateways of one name', () => {
  it('names each device of the push with its serial', async () => {
    fakeApi({
      'GET device/list/': () => pageOf([deviceRow('d1', { name: 'branch', serial: 'SN-1' }), deviceRow('d2', { name: 'branch', serial: 'SN-2' })]),
      [`GET template/operations/${OP}/`]: () => ({
        ...operation(OP, 'Template Branch applied', { synced: 1, failed: 1 }, true),
        devices: [
          { device_id: 'd1', name: 'branch', state: 'synced', error: null },
          { device_id: 'd2', name: 'branch', state: 'failed', error: 'Refused by the device' },
        ],
      }),
    });
    signIn('viewer');
    renderWithProviders(withQueryClient(<OperationProgress operationId={OP} />));
    const table = await screen.findByRole('table', { name: 'Devices of the push' });
    expect((await within(table).findByText('branch · SN-2')).closest('tr')!.textContent).toContain('Refused by the device');
    expect(within(table).getByText('branch · SN-1').closest('tr')!.textContent).not.toContain('Refused');
  });
});
