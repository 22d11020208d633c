import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { DataTable } from './data-table';
import { bodyRows, columnText, deviceColumns, devices, type Device } from './test-fixtures';

const rowsWithLocks: Device[] = [
  { id: 'a', name: 'Editable', ip: '10.0.0.1' },
  { id: 'b', name: 'Locked', ip: '10.0.0.2', readOnly: true },
  { id: 'c', name: 'Switched off', ip: '10.0.0.3', enabled: false },
];

const rowNamed = (name: string): HTMLElement => {
  const row = bodyRows().find((r) => within(r).queryByText(name));
  if (!row) throw new Error(`no row ${name}`);
  return row;
};
const isDisabled = (el: HTMLElement): boolean => (el as HTMLButtonElement).disabled;

describe('data table row actions', () => {
  it('shows only the actions the host handles', () => {
    renderWithProviders(<DataTable columns={deviceColumns} rows={devices} onEdit={vi.fn()} />);
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'View' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Toggle' })).toBeNull();
  });

  it('has no actions column at all without handlers', () => {
    renderWithProviders(<DataTable columns={deviceColumns} rows={devices} />);
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('disables the actions of read-only and disabled rows', async () => {
    const onEdit = vi.fn();
    const onView = vi.fn();
    const { user } = renderWithProviders(<DataTable columns={deviceColumns} rows={rowsWithLocks} onEdit={onEdit} onView={onView} onDelete={vi.fn()} />);
    for (const name of ['Locked', 'Switched off']) {
      const row = rowNamed(name);
      for (const action of ['Edit', 'View', 'Delete']) expect(isDisabled(within(row).getByRole('button', { name: action }))).toBe(true);
    }
    await user.click(within(rowNamed('Editable')).getByRole('button', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledWith(rowsWithLocks[0]);
    await user.click(within(rowNamed('Editable')).getByRole('button', { name: 'View' }));
    expect(onView).toHaveBeenCalledWith(rowsWithLocks[0]);
  });

  it('asks before deleting and deletes only on Yes', async () => {
    const onDelete = vi.fn();
    const { user } = renderWithProviders(<DataTable columns={deviceColumns} rows={rowsWithLocks} onDelete={onDelete} />);
    const deleteEditable = () => within(rowNamed('Editable')).getByRole('button', { name: 'Delete' });

    await user.click(deleteEditable());
    expect(await screen.findByText('Are you sure you want to delete this item?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(onDelete).not.toHaveBeenCalled();

    await user.click(deleteEditable());
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(onDelete).toHaveBeenCalledExactlyOnceWith(rowsWithLocks[0]);
  });

  it('toggles a row on and off, also a disabled one, but not a read-only one', async () => {
    const onToggle = vi.fn();
    const { user } = renderWithProviders(<DataTable columns={deviceColumns} rows={rowsWithLocks} onToggle={onToggle} />);
    const toggle = (name: string) => within(rowNamed(name)).getByRole('switch', { name: 'Toggle' }) as HTMLInputElement;
    expect(toggle('Switched off').checked).toBe(false);
    expect(toggle('Locked').disabled).toBe(true);
    await user.click(toggle('Switched off'));
    expect(onToggle).toHaveBeenCalledWith(rowsWithLocks[2], true);
    await user.click(toggle('Editable'));
    expect(onToggle).toHaveBeenCalledWith(rowsWithLocks[0], false);
  });
});

/** A host whose server answers when the test says so. */
function RefreshHost({ onRefresh }: { onRefresh: () => Promise<void> }) {
  const [rows, setRows] = useState<Device[]>(devices);
  const refresh = async () => {
    await onRefresh();
    setRows([...devices, { id: 'd9', name: 'Porto-Edge', ip: '10.0.0.7', site: 'Porto' }]);
  };
  return <DataTable columns={deviceColumns} rows={rows} options={{ sort: true, refresh: true }} onRefresh={refresh} />;
}

describe('data table refresh', () => {
  it('shows loading, then the new rows under the same search and sort', async () => {
    let answer = () => {};
    const onRefresh = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    const { user } = renderWithProviders(<RefreshHost onRefresh={onRefresh} />);
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'edge');
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(columnText(0)).toEqual(['Lyon-Edge', 'Paris-Edge']);

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledOnce();
    expect(screen.getAllByTestId('skeleton-row').length).toBeGreaterThan(0);
    expect(screen.queryByText('Paris-Edge')).toBeNull();

    answer();

    await waitFor(() => expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveProperty('value', 'edge');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(columnText(0)).toEqual(['Lyon-Edge', 'Paris-Edge', 'Porto-Edge']);
  });
});

describe('data table selection', () => {
  it('adds a Selected column whose checkboxes report the chosen rows', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<DataTable columns={deviceColumns} rows={rowsWithLocks} selection={{ onChange }} />);
    expect(screen.getByRole('columnheader', { name: 'Selected' })).toBeTruthy();
    await user.click(within(rowNamed('Editable')).getByRole('checkbox', { name: 'Select row' }));
    expect(onChange).toHaveBeenLastCalledWith(['a']);
    expect((within(rowNamed('Editable')).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect((within(rowNamed('Locked')).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
  });
});
