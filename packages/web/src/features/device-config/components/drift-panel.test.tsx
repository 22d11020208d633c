import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { deviceConfigSchema } from '@netloom/domain';
import { renderWithProviders } from '@/test/render';
import { fakeApi } from '@/test/fake-api';
import { signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { DriftPanel } from './drift-panel';

const GW = '11111111-1111-4111-8111-111111111111';
const lan = { lan: [{ name: 'lan1', ip: '192.168.1.1', prefix: 24, mtu: 1500 }], wan: [], vlans: [] };
const route = { id: '33333333-3333-4333-8333-333333333333', name: 'local-1', destination: '10.99.0.0/16', gateway: '192.168.1.254', metric: 0, enabled: true };
const config = (state: 'drifted' | 'syncing', resyncs: number) =>
  deviceConfigSchema.parse({
    device_id: GW,
    revision: null,
    document: { interfaces: lan },
    sync: { state, desired_hash: 'h1', reported_hash: 'h2', error: null },
    sections: [{ family: 'interfaces', template: null }],
    disabled_families: [],
    auto_sync: false,
    render_error: null,
    draft: null,
    drift: { at: '2026-11-29T10:00:00.000Z', reported_hash: 'h2', box_document: { interfaces: lan, static_routes: [route] }, resyncs_24h: resyncs },
  });

afterEach(() => sessionStore.clear());

describe('a change made on the box', () => {
  it('shows what the box runs against the desired configuration, and an editor re-syncs it', async () => {
    const api = fakeApi({ [`POST device/config/${GW}/resync/`]: () => config('syncing', 1) });
    signIn('editor');
    const { user } = renderWithProviders(withQueryClient(<DriftPanel deviceId={GW} config={config('drifted', 0)} writer timezone="UTC" />));
    const panel = screen.getByTestId('config-drift');
    expect(panel.textContent).toContain('Changed on the box');
    expect(panel.textContent).toContain('Auto-sync is off');
    const diff = screen.getByRole('table', { name: 'Configuration differences' });
    expect(diff.textContent).toContain('local-1');
    await user.click(screen.getByRole('button', { name: 'Re-sync' }));
    expect(await screen.findByText('Re-sync sent')).toBeTruthy();
    expect(api.writes()).toHaveLength(1);
  });

  it('says how often a gateway that keeps drifting was sent its configuration again, and a viewer cannot re-sync', () => {
    fakeApi();
    signIn('viewer');
    renderWithProviders(withQueryClient(<DriftPanel deviceId={GW} config={config('drifted', 3)} writer={false} timezone="UTC" />));
    expect(screen.getByTestId('config-drift').textContent).toContain('sent again 3 times in the last 24 hours');
    expect(screen.queryByRole('button', { name: 'Re-sync' })).toBeNull();
  });
});
