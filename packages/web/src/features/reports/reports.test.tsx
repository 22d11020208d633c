import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ReportRow } from '@netloom/domain';
import { renderWithProviders } from '@/test/render';
import { signIn, withQueryClient } from '@/test/query-wrapper';
import { fakeApi } from '@/test/fake-api';
import { FakeSocket } from '@/test/fake-socket';
import { sessionStore } from '@/lib/session/session-store';
import { ReportGenerationPage } from './pages/report-generation-page';
import { upsertReport } from './api/reports';

const TENANT = '00000000-0000-4000-8000-00000000000a';
const ID = '44444444-4444-4444-8444-444444444444';

function rowOf(body: { kind: ReportRow['kind']; format: ReportRow['format']; product: ReportRow['product']; from: string; to: string }): ReportRow {
  return {
    id: ID,
    ...body,
    status: 'queued',
    progress: 0,
    error: null,
    file_name: null,
    size: null,
    created_by: 'owner@acme.test',
    schedule_id: null,
    created_at: '2026-11-27T10:00:00Z',
    finished_at: null,
    expires_at: '2026-12-27T10:00:00Z',
  };
}

const progressOf = () => screen.getByRole('progressbar', { name: 'Progress of Fleet inventory and status' });

describe('report generation', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('generates a report whose row follows its progress over the socket to done, or to its error', async () => {
    signIn('owner', { timezone: 'UTC' });
    // The server's reports, newest first; what the socket says is what the server holds.
    const server = new Map<string, ReportRow>();
    let created: ReportRow | null = null;
    const api = fakeApi({
      'GET tenant/reports/': () => [...server.values()].reverse(),
      'POST tenant/reports/': (call) => {
        created = rowOf(call.body as Parameters<typeof rowOf>[0]);
        server.set(created.id, created);
        return new Response(JSON.stringify(created), { status: 201, headers: { 'Content-Type': 'application/json' } });
      },
    });
    const { user } = renderWithProviders(
      withQueryClient(
        <MemoryRouter>
          <ReportGenerationPage product="sdwan" />
        </MemoryRouter>,
      ),
    );
    expect(await screen.findByText('No reports yet')).toBeTruthy();
    await vi.waitFor(() => expect(FakeSocket.of('reports')?.sent.length).toBe(1));
    expect(FakeSocket.of('reports')!.url).toMatch(new RegExp(`/ws/status/${TENANT}\\?feed=reports$`));

    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await vi.waitFor(() => expect(api.writes()).toHaveLength(1));
    const sent = api.writes()[0]!.body as Record<string, string>;
    expect(sent).toMatchObject({ kind: 'inventory', format: 'pdf', product: 'sdwan', tenant_id: TENANT });
    // The default period: the last 7 days, up to now.
    expect(Date.parse(sent.to!) - Date.parse(sent.from!)).toBe(7 * 86_400_000);
    expect(Math.abs(Date.parse(sent.to!) - Date.now())).toBeLessThan(60_000);

    const row = await screen.findByRole('row', { name: /Fleet inventory and status/ });
    expect(within(row).getByText('Queued')).toBeTruthy();
    expect(progressOf().getAttribute('aria-valuenow')).toBe('0');
    expect(within(row).getByText('Kept until 27 Dec 26, 10:00 AM')).toBeTruthy();
    expect((within(row).getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(true);

    const socket = FakeSocket.of('reports')!;
    const push = (report: ReportRow) => {
      server.set(report.id, report);
      socket.receive({ kind: 'report', report });
    };
    push({ ...created!, status: 'running', progress: 40 });
    await vi.waitFor(() => expect(progressOf().getAttribute('aria-valuenow')).toBe('40'));
    expect(within(row).getByText('Running')).toBeTruthy();

    push({ ...created!, status: 'done', progress: 100, file_name: 'inventory.pdf', size: 2048 });
    expect(await within(row).findByText('Done')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(within(row).getByText('2.0 KB')).toBeTruthy();
    expect((within(row).getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(false);

    // Another product's report, or a message of another kind, leaves this table alone.
    push({ ...created!, id: 'other', product: 'ztna' });
    socket.receive({ kind: 'announcement', id: ID });
    // A report someone else asked for joins the list, and fails with its reason.
    const other: ReportRow = { ...created!, id: '66666666-6666-4666-8666-666666666666', kind: 'availability' };
    push({ ...other, status: 'running', progress: 30 });
    push({ ...other, status: 'failed', progress: 30, error: 'The database did not answer' });
    const failed = await screen.findByRole('row', { name: /Availability per device and WAN link/ });
    expect(await within(failed).findByText('The database did not answer')).toBeTruthy();
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(screen.getAllByRole('row', { name: /Fleet inventory/ })).toHaveLength(1);
    expect(within(row).getByText('Done')).toBeTruthy();
  }, 20_000);

  it('keeps a report done over the socket when the answer to its request arrives later, still queued', () => {
    const queued = rowOf({ kind: 'inventory', format: 'pdf', product: 'sdwan', from: 'a', to: 'b' });
    const done: ReportRow = { ...queued, status: 'done', progress: 100 };
    expect(upsertReport([done], queued)).toEqual([done]);
    expect(upsertReport([queued], done)).toEqual([done]);
    expect(upsertReport([{ ...queued, status: 'running', progress: 60 }], { ...queued, status: 'running', progress: 20 })![0]!.progress).toBe(60);
    expect(upsertReport([], queued)).toEqual([queued]);
  });

  it('is for owners and admins', async () => {
    signIn('editor');
    const api = fakeApi({});
    renderWithProviders(
      withQueryClient(
        <MemoryRouter>
          <ReportGenerationPage product="ztna" />
        </MemoryRouter>,
      ),
    );
    expect(await screen.findByText('Owners and admins only')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    expect(FakeSocket.all).toHaveLength(0);
  });
});
