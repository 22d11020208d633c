import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ndrDetectionDetailSchema, type NdrDetectionDetail } from '@netloom/domain';
import { fakeApi } from '@/test/fake-api';
import { signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { NdrDetectionPage } from './ndr-detection-page';

const ID = 'd0e00000-0000-4000-8000-000000000002';
const DEVICE = 'd0e00000-0000-4000-8000-0000000000d1';

const detection: NdrDetectionDetail = ndrDetectionDetailSchema.parse({
  id: ID,
  rule_id: 'ndr.port_scan',
  rule_name: 'Port scan',
  dedupe_key: '10.0.0.12|10.0.0.20',
  severity: 'medium',
  confidence: 0.8,
  host: { ip: '10.0.0.12', device_id: DEVICE },
  peer: '10.0.0.20',
  peers: ['10.0.0.20'],
  user: 'ana@acme.test',
  title: 'Port scan of 10.0.0.20',
  summary: '10.0.0.12 reached 40 distinct ports of 10.0.0.20 within 5 minutes.',
  tactics: ['TA0007'],
  techniques: ['T1046'],
  first_seen: '2026-12-01T10:00:00.000Z',
  last_seen: '2026-12-01T10:04:00.000Z',
  facts: { distinct_ports: 40 },
  evidence: [
    {
      kind: 'flow',
      time: '2026-12-01T10:00:01.000Z',
      source_id: DEVICE,
      src: '10.0.0.12',
      dst: '10.0.0.20',
      dst_port: 22,
      protocol: 6,
      bytes_out: 60,
      bytes_in: 40,
    },
  ],
  occurrences: 3,
  status: 'new',
  assignee: null,
  note: '',
  reopened: 0,
  updated_at: '2026-12-01T10:04:00.000Z',
  updated_by: null,
  device_name: 'gw-hq',
  created_at: '2026-12-01T10:00:30.000Z',
  records: { flows: [], dns: [], ids: [] },
  rule: { explanation: 'A host that reaches 20 or more distinct ports of one peer within 5 minutes.' },
  actions: [],
});

const render = () =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[`/ndr/detections/${ID}`]}>
        <Routes>
          <Route path="/ndr/detections/:detectionId" element={<NdrDetectionPage />} />
        </Routes>
      </MemoryRouter>,
    ),
  );

describe('a detection, for an editor', { timeout: 30_000 }, () => {
  signedInAs('editor');

  it('names its rule, tactic and technique, shows what raised it, and acknowledges it with the note written', async () => {
    const state = { detection };
    const api = fakeApi({
      [`GET ndr/detections/${ID}/`]: () => state.detection,
      [`PATCH ndr/detections/${ID}/`]: (c) => {
        const { status, note } = c.body as { status: 'acknowledged'; note: string };
        state.detection = { ...state.detection, status, note };
        const { records: _r, rule: _rule, actions: _a, ...row } = state.detection;
        return row;
      },
    });
    render();
    expect(await screen.findByRole('heading', { name: 'Port scan of 10.0.0.20', level: 1 })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'ATT&CK tactics' })).getByRole('listitem').textContent).toBe('TA0007 Discovery');
    expect(within(screen.getByRole('list', { name: 'ATT&CK techniques' })).getByRole('listitem').textContent).toBe('T1046 Network Service Discovery');
    expect(screen.getByText('Distinct ports')).toBeTruthy();
    const kept = within(screen.getByRole('table', { name: 'Evidence the rule kept' }));
    expect(kept.getByRole('row', { name: /10\.0\.0\.20:22/ })).toBeTruthy();

    const triage = within(screen.getByRole('region', { name: 'Triage' }));
    // New: it can be acknowledged, resolved or marked a false positive, not reopened.
    expect(triage.queryByRole('button', { name: 'Reopen' })).toBeNull();
    fireEvent.change(triage.getByRole('textbox', { name: 'Note' }), { target: { value: 'Help desk running nmap' } });
    fireEvent.click(triage.getByRole('button', { name: 'Acknowledge' }));
    expect(await triage.findByText('Acknowledged')).toBeTruthy();
    expect(api.writes()).toHaveLength(1);
    expect(api.writes()[0]!.body).toEqual({ status: 'acknowledged', note: 'Help desk running nmap' });
    expect(triage.getByText('Help desk running nmap')).toBeTruthy();
    expect(triage.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
  });

  it('marks a false positive for every peer of the host when asked', async () => {
    const api = fakeApi({
      [`GET ndr/detections/${ID}/`]: () => detection,
      [`PATCH ndr/detections/${ID}/`]: () => ({ ...detection, status: 'false_positive' }),
    });
    render();
    const triage = within(await screen.findByRole('region', { name: 'Triage' }));
    fireEvent.click(triage.getByText('This host with every peer'));
    fireEvent.click(triage.getByRole('button', { name: 'False positive' }));
    await screen.findByText('Detection marked a false positive');
    expect(api.writes()[0]!.body).toEqual({ status: 'false_positive', scope: 'host' });
  });

  it('says when there is no such detection', async () => {
    fakeApi();
    render();
    expect(await screen.findByText('No such detection')).toBeTruthy();
  });
});

describe('a detection, for a viewer', { timeout: 30_000 }, () => {
  signedInAs('viewer');

  it('shows where its triage stands, with nothing to press', async () => {
    fakeApi({ [`GET ndr/detections/${ID}/`]: () => ({ ...detection, status: 'acknowledged', note: 'Looked at it' }) });
    render();
    const triage = within(await screen.findByRole('region', { name: 'Triage' }));
    expect(triage.getByText('Acknowledged')).toBeTruthy();
    expect(triage.getByText('Looked at it')).toBeTruthy();
    expect(triage.queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Quarantine host' })).toBeNull();
  });
});
