import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { DataTable } from './data-table';
import { columnText, deviceColumns, manyDevices } from './test-fixtures';
import type { DataTableView, DataTableViewChange } from './types';

const START: DataTableView = { search: '', page: 2, pageSize: 10, sort: null };

/** A host keeping the view, like a URL: each change comes back only after `lagMs`, as a router navigation does. */
function Host({ lagMs, changes }: { lagMs: number; changes: DataTableViewChange[] }) {
  const [view, setView] = useState(START);
  return (
    <>
      <button onClick={() => setView({ search: 'Device 0004', page: 1, pageSize: 25, sort: { key: 'name', desc: true } })}>Open link</button>
      <DataTable
        columns={deviceColumns}
        rows={manyDevices(60)}
        options={{ sort: true }}
        view={view}
        onViewChange={(next, change) => {
          changes.push(change);
          setTimeout(() => setView(next), lagMs);
        }}
      />
    </>
  );
}

const search = () => screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement;

describe('data table with a view kept by its host', () => {
  it("starts from the host's view and reports each change with what changed", async () => {
    const changes: DataTableViewChange[] = [];
    const { user } = renderWithProviders(<Host lagMs={0} changes={changes} />);
    expect(screen.getByText('11–20 of 60')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '25');
    await user.click(screen.getByRole('button', { name: /Name/ }));
    await user.type(search(), 'x');
    expect(changes).toEqual(['page', 'pageSize', 'sort', 'search']);
  });

  it('keeps every keystroke when the host hands the changes back late', async () => {
    const { user } = renderWithProviders(<Host lagMs={40} changes={[]} />);
    await user.type(search(), 'Device 0001');
    expect(columnText(0)).toEqual([
      'Device 00010',
      'Device 00011',
      'Device 00012',
      'Device 00013',
      'Device 00014',
      'Device 00015',
      'Device 00016',
      'Device 00017',
      'Device 00018',
      'Device 00019',
    ]);
    // The echoes of 'D', 'De', … arrive now and must not put the earlier text back.
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(search().value).toBe('Device 0001');
    expect(screen.getByText('1–10 of 10')).toBeTruthy();
  });

  it('follows the host when its view changes from elsewhere (Back, a link)', async () => {
    const { user } = renderWithProviders(<Host lagMs={0} changes={[]} />);
    await user.click(screen.getByRole('button', { name: 'Open link' }));
    expect(search().value).toBe('Device 0004');
    expect(screen.getByText('1–10 of 10')).toBeTruthy();
    expect(columnText(0)[0]).toBe('Device 00049');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
  });
});
