import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { DataTable } from './data-table';
import type { DataTableColumn } from './types';
import { bodyRows } from './test-fixtures';

const cells = (): string[] =>
  within(bodyRows()[0]!)
    .getAllByRole('cell')
    .map((c) => c.textContent ?? '');

describe('data table cells', () => {
  it('formats dates in the user’s zone, bytes by 1024, lists as chips and missing text as Not Available', () => {
    const columns: DataTableColumn<object>[] = [
      { key: 'seen', header: 'Last Seen', type: 'date' },
      { key: 'traffic', header: 'Traffic', type: 'bytes' },
      { key: 'wans', header: 'WAN', type: 'array', itemKey: 'name' },
      { key: 'owner.name', header: 'Owner' },
      { key: 'bad', header: 'Bad date', type: 'date' },
    ];
    const rows = [{ id: 1, seen: '2026-11-21T14:05:09Z', traffic: 1536, wans: [{ name: 'wan1' }, { name: 'lte' }], owner: { name: '' }, bad: 'soon' }];
    renderWithProviders(<DataTable columns={columns} rows={rows} timezone="Asia/Kolkata" />);
    expect(cells()).toEqual(['21 Nov 26, 07:35:09', '1.5 KB', 'wan1lte', 'Not Available', 'N/A']);
    expect(screen.getByText('wan1')).toBeTruthy();
  });

  it('shows a 1/0 status as a badge and select/total as the inclusion status', () => {
    const columns: DataTableColumn<object>[] = [
      { key: 'name', header: 'Name' },
      { key: 'status', header: 'Status' },
      { key: 'select', header: 'Inclusion' },
    ];
    const rows = [
      { id: 1, name: 'A', status: 1, select: 0, total: 4 },
      { id: 2, name: 'B', status: 0, select: 2, total: 4 },
      { id: 3, name: 'C', status: 1, select: 4, total: 4 },
    ];
    renderWithProviders(<DataTable columns={columns} rows={rows} />);
    expect(
      bodyRows().map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['A', 'Enabled', 'Not included'],
      ['B', 'Disabled', 'Partial'],
      ['C', 'Enabled', 'Fully included'],
    ]);
  });

  it('draws icon cells from kinds, mapped values or {kind, tooltip}', () => {
    const columns: DataTableColumn<object>[] = [{ key: 'state', header: 'State', type: 'icon', icons: { running: 'online' } }];
    const rows = [{ state: 'tick' }, { state: 'running' }, { state: { kind: 'block', tooltip: 'Blocked by WAF' } }, { state: 'mystery' }];
    renderWithProviders(<DataTable columns={columns} rows={rows} />);
    expect(screen.getByRole('img', { name: 'Accept' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Online' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Blocked by WAF' })).toBeTruthy();
    expect(screen.getByText('mystery')).toBeTruthy();
  });

  it('keeps the markup of html cells but strips scripts and event handlers', () => {
    const columns: DataTableColumn<object>[] = [{ key: 'note', header: 'Note', type: 'html' }];
    const note = '<b>Core</b> link<script>window.hacked = true</script><img src="x" onerror="window.hacked = true">';
    const { container } = renderWithProviders(<DataTable columns={columns} rows={[{ note }]} />);
    const cell = within(bodyRows()[0]!).getByRole('cell');
    expect(within(cell).getByText('Core').tagName).toBe('B');
    expect(container.querySelector('script')).toBeNull();
    expect(cell.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('holds long text to 10rem with the whole text in the tooltip', () => {
    const long = 'Branch-Office-Paris-Champs-Elysees-Gateway-01';
    renderWithProviders(<DataTable columns={[{ key: 'name', header: 'Name' }]} rows={[{ name: long }]} />);
    const text = screen.getByTitle(long);
    expect(text.style.maxWidth).toBe('10rem');
  });

  it('hides columns marked invisible but still finds rows by them', async () => {
    const columns: DataTableColumn<object>[] = [
      { key: 'name', header: 'Name' },
      { key: 'serial', header: 'Serial', visible: false },
    ];
    const { user } = renderWithProviders(
      <DataTable
        columns={columns}
        rows={[
          { name: 'A', serial: 'SN-77' },
          { name: 'B', serial: 'SN-12' },
        ]}
      />,
    );
    expect(screen.queryByRole('columnheader', { name: 'Serial' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'SN-77');
    expect(bodyRows().map((r) => r.textContent)).toEqual(['A']);
  });
});

interface Rule {
  id: string;
  name: string;
  action: string;
  ports: string[];
  readOnly?: boolean;
}

function EditableHost({ onCellChange }: { onCellChange: (row: Rule, key: string, value: unknown) => void }) {
  const [rows, setRows] = useState<Rule[]>([
    { id: 'r1', name: 'web', action: 'allow', ports: ['80'] },
    { id: 'r2', name: 'locked', action: 'deny', ports: [], readOnly: true },
  ]);
  const columns: DataTableColumn<Rule>[] = [
    { key: 'name', header: 'Name', type: 'input' },
    { key: 'action', header: 'Action', type: 'dropdown', options: ['allow', 'deny'] },
    { key: 'ports', header: 'Ports', type: 'multi-input' },
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      options={{ search: false }}
      onCellChange={(row, key, value) => {
        onCellChange(row, key, value);
        setRows((all) => all.map((r) => (r.id === row.id ? { ...r, [key]: value } : r)));
      }}
    />
  );
}

describe('data table editable cells', () => {
  it('reports edits of input, dropdown and multi-input cells, and locks read-only rows', async () => {
    const onCellChange = vi.fn();
    const { user } = renderWithProviders(<EditableHost onCellChange={onCellChange} />);
    const [nameInput, lockedName] = screen.getAllByRole('textbox', { name: 'Name' }) as HTMLInputElement[];
    expect(lockedName!.disabled).toBe(true);

    await user.type(nameInput!, '-1');
    expect(nameInput!.value).toBe('web-1');
    expect(onCellChange).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'r1' }), 'name', 'web-1');

    const [ports] = screen.getAllByRole('textbox', { name: 'Ports' }) as HTMLInputElement[];
    await user.type(ports!, ', 443,{Enter}');
    expect(onCellChange).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'r1' }), 'ports', ['80', '443']);
    expect(ports!.value).toBe('80, 443');

    const action = screen.getAllByRole('combobox', { name: 'Action' })[0]!;
    await user.click(action);
    // The open list is the one this select controls (Mantine keeps it mid-transition in jsdom).
    const list = await waitFor(() => {
      const el = document.getElementById(action.getAttribute('aria-controls') ?? '');
      if (!el) throw new Error('the list did not open');
      return el;
    });
    await user.click(within(list).getByRole('option', { name: 'deny', hidden: true }));
    expect(onCellChange).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'r1' }), 'action', 'deny');
  });
});
