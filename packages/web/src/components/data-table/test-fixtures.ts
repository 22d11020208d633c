import { screen, within } from '@testing-library/react';
import type { DataTableColumn } from './types';

export interface Device {
  id: string;
  name: string;
  ip: string;
  site?: string;
  readOnly?: boolean;
  enabled?: boolean;
}

export const deviceColumns: DataTableColumn<Device>[] = [
  { key: 'name', header: 'Name' },
  { key: 'ip', header: 'IP Address', type: 'ip' },
  { key: 'site', header: 'Site' },
];

export const devices: Device[] = [
  { id: 'd1', name: 'Paris-Edge', ip: '10.0.0.2', site: 'Paris' },
  { id: 'd2', name: 'Berlin-Core', ip: '10.0.0.10', site: '' },
  { id: 'd3', name: 'Austin-Branch', ip: '10.0.0.1', site: 'Austin' },
  { id: 'd4', name: 'Lyon-Edge', ip: '10.0.0.3' },
];

export const manyDevices = (n: number): Device[] =>
  Array.from({ length: n }, (_, i) => ({ id: `id-${i + 1}`, name: `Device ${String(i + 1).padStart(5, '0')}`, ip: `10.1.${Math.floor(i / 250)}.${i % 250}` }));

/** Body rows as a user sees them (the header row and hidden spacer rows left out). */
export const bodyRows = (): HTMLElement[] => screen.getAllByRole('row').slice(1);

/** The text of one column, top to bottom. */
export const columnText = (column: number): string[] => bodyRows().map((row) => within(row).getAllByRole('cell')[column]?.textContent ?? '');
