import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ndrRuleById, ndrRuleRowSchema, type NdrRuleRow } from '@netloom/domain';
import { fakeApi } from '@/test/fake-api';
import { signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { NdrRulesPage } from './ndr-rules-page';

const portScan = ndrRuleById('ndr.port_scan')!;
const defaults = portScan.defaults() as Record<string, unknown>;
const suppression = (peer: string | null) => ({
  rule_id: 'ndr.port_scan',
  host_ip: '10.0.0.12',
  peer,
  created_at: '2026-12-01T10:00:00.000Z',
  created_by: 'owner@acme.test',
  reason: 'lab scanner',
  expires_at: null,
});

const rule: NdrRuleRow = ndrRuleRowSchema.parse({
  id: 'ndr.port_scan',
  name: 'Port scan',
  severity: 'medium',
  tactics: [{ id: 'TA0007', name: 'Discovery', url: 'https://attack.mitre.org/tactics/TA0007/' }],
  techniques: [{ id: 'T1046', name: 'Network Service Discovery', url: 'https://attack.mitre.org/techniques/T1046/' }],
  reads: ['flow'],
  explanation: portScan.explain(defaults),
  enabled: true,
  params: defaults,
  defaults,
  overrides: {},
  suppressions: [suppression('10.0.0.20'), suppression(null)],
  detections_open: 2,
});

const render = () =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter>
        <NdrRulesPage />
      </MemoryRouter>,
    ),
  );

describe('the detection rules, for an editor', { timeout: 30_000 }, () => {
  signedInAs('editor');

  it('turns a rule off, saves only the parameters changed, and lifts one suppression by sending the others', async () => {
    const api = fakeApi({ 'GET ndr/rules/': () => ({ results: [rule] }), 'PATCH ndr/rules/ndr.port_scan/': () => rule });
    const { user } = render();
    await user.click(await screen.findByRole('switch', { name: 'Port scan enabled' }));
    await screen.findByText('Port scan disabled');
    expect(api.writes()[0]!.body).toEqual({ enabled: false });

    await user.click(screen.getByRole('button', { name: 'Tune Port scan' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Port scan' }));
    const minPorts = dialog.getByRole('textbox', { name: 'Min ports' });
    await user.clear(minPorts);
    await user.type(minPorts, '40');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await screen.findByText('Port scan edited successfully');
    expect(api.writes()[1]!.body).toEqual({ params: { min_ports: 40 } });

    await user.click(screen.getByRole('button', { name: 'Tune Port scan' }));
    const again = within(await screen.findByRole('dialog', { name: 'Port scan' }));
    await user.click(again.getByRole('tab', { name: 'Suppressions (2)' }));
    await user.click(again.getByRole('button', { name: 'Lift the suppression of 10.0.0.12 with every peer' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Lift the suppression?' })).getByRole('button', { name: 'Lift' }));
    await screen.findByText('Suppression lifted');
    expect(api.writes()[2]!.body).toEqual({ suppressions: [suppression('10.0.0.20')] });
  });
});
