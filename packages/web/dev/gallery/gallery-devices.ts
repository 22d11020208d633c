import type { DataTableColumn } from '@/components/data-table/types';

export interface GalleryDevice {
  id: string;
  name: string;
  state: 'running' | 'error' | 'registered' | 'connected';
  ip: string;
  lastSeen: string | null;
  traffic: number;
  wans: { name: string }[];
  status: 1 | 0;
  note: string;
  readOnly?: boolean;
}

const SITES = ['Paris', 'Berlin', 'Austin', 'Lyon', 'Madrid', 'Oslo', 'Pune', 'Tokyo', 'Lagos', 'Lima'];
const ROLES = ['Edge', 'Core', 'Branch'];
const STATES: GalleryDevice['state'][] = ['running', 'running', 'running', 'error', 'connected', 'registered'];
const WANS = [[{ name: 'wan1' }], [{ name: 'wan1' }, { name: 'wan2' }], [{ name: 'wan1' }, { name: 'lte' }], []];

/** A fixed fleet (no randomness) so the gallery and its test see the same rows every time. */
export function galleryDevices(count = 60, now = Date.UTC(2026, 4, 12, 9, 30)): GalleryDevice[] {
  return Array.from({ length: count }, (_, i) => {
    const state = STATES[i % STATES.length]!;
    return {
      id: `dev-${i + 1}`,
      name: `${SITES[i % SITES.length]}-${ROLES[i % ROLES.length]}-${String(Math.floor(i / 10) + 1).padStart(2, '0')}`,
      state,
      ip: `203.0.${113 + (i % 3)}.${((i * 7) % 254) + 1}`,
      lastSeen: state === 'registered' ? null : new Date(now - i * 47 * 60_000).toISOString(),
      traffic: ((i * 7919) % 5000) * 1024 ** 2 + i * 313,
      wans: WANS[i % WANS.length]!,
      status: i % 4 === 3 ? 0 : 1,
      note: i === 4 ? '<b>Primary</b> hub for <i>EMEA</i><script>alert(1)</script>' : '',
      readOnly: i === 2 || i === 9 ? true : undefined,
    };
  });
}

export const galleryColumns: DataTableColumn<GalleryDevice>[] = [
  { key: 'name', header: 'Device Name' },
  {
    key: 'state',
    header: 'Status',
    type: 'icon',
    headAlign: 'center',
    rowAlign: 'center',
    icons: { running: 'online', error: 'offline', connected: 'connected', registered: 'registered' },
  },
  { key: 'ip', header: 'Public IP', type: 'ip' },
  { key: 'lastSeen', header: 'Last Seen', type: 'date' },
  { key: 'traffic', header: 'Traffic', type: 'bytes', headAlign: 'right', rowAlign: 'right' },
  { key: 'wans', header: 'WAN Links', type: 'array', itemKey: 'name' },
  { key: 'status', header: 'Alerts', booleanLabels: ['Enabled', 'Disabled'] },
  { key: 'note', header: 'Note', type: 'html', sortable: false },
];

export const galleryCsv = {
  title: 'Device Details',
  titles: ['Device Name', 'Status', 'Public IP', 'Last Seen', 'Traffic (bytes)', 'WAN Links'],
  keys: ['name', 'state', 'ip', 'lastSeen', 'traffic', 'wans'],
  joins: [null, null, null, null, null, ' | '],
  abstractions: [null, null, null, null, null, 'name'],
};
