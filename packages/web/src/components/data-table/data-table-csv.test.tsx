import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { DataTable } from './data-table';
import { deviceColumns, devices } from './test-fixtures';

interface Capture {
  blobs: Blob[];
  names: string[];
}

let capture: Capture;
const { createObjectURL, revokeObjectURL } = URL;

beforeEach(() => {
  capture = { blobs: [], names: [] };
  // jsdom has no object URLs and cannot navigate: record what the browser would have saved.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    capture.blobs.push(blob);
    return 'blob:netloom-test';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    capture.names.push(this.download);
  });
});

afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  vi.restoreAllMocks();
});

const savedText = async (): Promise<string> => {
  const blob = capture.blobs[0];
  if (!blob) throw new Error('nothing was downloaded');
  return (await blob.text()).replace(/^\uFEFF/, '');
};

describe('data table CSV download', () => {
  it('saves the rows as filtered and sorted, under the title given', async () => {
    const { user } = renderWithProviders(
      <DataTable
        columns={deviceColumns}
        rows={[...devices, { id: 'd5', name: 'Quote "HQ", main', ip: '10.0.0.9', site: 'Nice' }]}
        options={{ sort: true }}
        csv={{ title: 'Device Details', titles: ['Device', 'Address'], keys: ['name', 'ip'] }}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'e');
    await user.click(screen.getByRole('button', { name: /Name/ }));
    await user.click(screen.getByRole('button', { name: /Name/ }));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    expect(capture.names).toEqual(['Device Details.csv']);
    expect(await savedText()).toBe(
      ['Device,Address', '"Quote ""HQ"", main",10.0.0.9', 'Paris-Edge,10.0.0.2', 'Lyon-Edge,10.0.0.3', 'Berlin-Core,10.0.0.10'].join('\r\n'),
    );
  });

  it('uses the visible columns when the host gives no CSV lists', async () => {
    const { user } = renderWithProviders(<DataTable columns={deviceColumns} rows={devices.slice(0, 1)} csv={{ title: 'Edges' }} />);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(capture.names).toEqual(['Edges.csv']);
    expect(await savedText()).toBe('Name,IP Address,Site\r\nParis-Edge,10.0.0.2,Paris');
  });

  it('joins list values with the host’s separator and field', async () => {
    const rows = [{ id: 'g1', name: 'Gateway', wans: [{ name: 'wan1' }, { name: 'lte' }] }];
    const { user } = renderWithProviders(
      <DataTable
        columns={[{ key: 'name', header: 'Name' }]}
        rows={rows}
        csv={{ title: 'Links', titles: ['Name', 'WAN'], keys: ['name', 'wans'], joins: [null, ' | '], abstractions: [null, 'name'] }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await savedText()).toBe('Name,WAN\r\nGateway,wan1 | lte');
  });

  it('saves a name a spreadsheet would run as a formula as plain text', async () => {
    const rows = [
      { id: 'd1', name: '=HYPERLINK("http://evil.example","x")', ip: '10.0.0.2', site: '@SUM(A1)' },
      { id: 'd2', name: '-2+3', ip: '+10.0.0.3', site: 'Lyon' },
    ];
    const { user } = renderWithProviders(<DataTable columns={deviceColumns} rows={rows} csv={{ title: 'Device Details' }} />);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await savedText()).toBe(
      ['Name,IP Address,Site', `"'=HYPERLINK(""http://evil.example"",""x"")",10.0.0.2,'@SUM(A1)`, `'-2+3,'+10.0.0.3,Lyon`].join('\r\n'),
    );
  });

  it('downloads nothing when titles and keys do not line up', async () => {
    const { user } = renderWithProviders(
      <DataTable columns={deviceColumns} rows={devices} csv={{ title: 'Broken', titles: ['Name'], keys: ['name', 'ip'] }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(capture.blobs).toHaveLength(0);
    expect(capture.names).toHaveLength(0);
  });

  it('has no download button when the host turns it off', () => {
    renderWithProviders(<DataTable columns={deviceColumns} rows={devices} options={{ download: false }} />);
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });
});
