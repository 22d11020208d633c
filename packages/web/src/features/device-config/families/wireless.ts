import {
  COUNTRIES,
  countryByCode,
  WIFI_BAND_LABELS,
  WIFI_BANDS,
  WIFI_WIDTHS,
  isEnterprise,
  isPersonal,
  ssidSchema,
  wirelessSectionSchema,
  configPageHeading,
  configPageTab,
  type WifiBand,
} from '@netloom/domain';
import type { FamilyPageSpec, FieldSpec } from '@/features/device-config/engine/types';
import { paths } from '@/paths';
import { enabledColumn } from './options';

const SECURITY = [
  { value: 'open', label: 'Open' },
  { value: 'wpa2-personal', label: 'WPA2-Personal' },
  { value: 'wpa3-personal', label: 'WPA3-Personal' },
  { value: 'wpa2-enterprise', label: 'WPA2-Enterprise' },
  { value: 'wpa3-enterprise', label: 'WPA3-Enterprise' },
];
const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));

/** Bands written as people say them ('5 GHz'); a line that is no band is kept as text, and the schema refuses it. */
const bandLines = {
  format: (band: unknown) => WIFI_BAND_LABELS[band as WifiBand] ?? String(band),
  parse: (line: string) => WIFI_BANDS.find((b) => WIFI_BAND_LABELS[b].toLowerCase() === line.trim().toLowerCase()) ?? line,
};
const security = (v: Record<string, unknown>) => String(v.security ?? '');

/** A radio's inputs, one set per band: off unless switched on. */
const radioFields = (band: WifiBand): FieldSpec[] => {
  const at = (key: string) => `radios.${band}.${key}`;
  const on = (v: Record<string, unknown>) => (v.radios as Record<string, { enabled?: boolean } | undefined> | undefined)?.[band]?.enabled === true;
  const label = WIFI_BAND_LABELS[band];
  return [
    { key: at('enabled'), label: `${label} radio`, kind: 'switch' },
    { key: at('channel'), label: `${label} channel`, kind: 'number', min: 0, max: 233, description: '0: the radio picks the quietest', when: on },
    {
      key: at('width_mhz'),
      label: `${label} channel width (MHz)`,
      kind: 'select',
      numeric: true,
      options: WIFI_WIDTHS[band].map(String),
      when: on,
    },
    { key: at('tx_power_dbm'), label: `${label} transmit power (dBm)`, kind: 'number', min: 1, max: 30, when: on },
  ];
};

const emptySection = { country: '', radios: {}, ssids: [], advanced: { band_steering: false, fast_roaming: false, beacon_interval_ms: 100, dtim_period: 1 } };

export const wirelessPage: FamilyPageSpec = {
  ...configPageHeading('wireless'),
  subtitle: "The gateway's radios, the networks they broadcast and how clients move between them",
  monitor: { label: 'SSIDs and clients', href: (deviceId) => paths.product.deviceStatusOf('sdwanstatus/wireless', deviceId) },
  emptySection,
  tabs: [
    {
      kind: 'list',
      ...configPageTab('wireless', 'wirelesssetting'),
      item: 'SSID',
      path: ['ssids'],
      schema: ssidSchema,
      withId: true,
      // A new wireless section has no country yet, and radios may only go on under a country's rules.
      before: (section) =>
        countryByCode(String(section.country ?? ''))
          ? null
          : `Choose the country the radios obey under ${configPageTab('wireless', 'wirelessadvanced').label} first: SSIDs are added once it is set.`,
      empty: { security: 'wpa2-personal', radius_port: 1812, hidden: false, client_isolation: false, radios: [], enabled: true },
      columns: [
        { key: 'name', header: 'SSID' },
        { key: 'security', header: 'Security', render: (r) => SECURITY.find((s) => s.value === r.security)?.label ?? String(r.security) },
        { key: 'radios', header: 'Bands', render: (r) => ((r.radios as WifiBand[] | undefined) ?? []).map((b) => WIFI_BAND_LABELS[b]).join(', ') },
        { key: 'vlan', header: 'VLAN', render: (r) => (r.vlan === undefined ? '–' : String(r.vlan)) },
        enabledColumn,
      ],
      fields: [
        { key: 'name', label: 'SSID', kind: 'text', required: true },
        { key: 'security', label: 'Security', kind: 'select', required: true, options: SECURITY },
        {
          key: 'passphrase',
          label: 'Pass phrase',
          kind: 'password',
          required: true,
          description: 'What clients type to join',
          when: (v) => isPersonal(security(v)),
        },
        { key: 'radius_server', label: 'RADIUS server', kind: 'text', required: true, placeholder: 'x.x.x.x', when: (v) => isEnterprise(security(v)) },
        { key: 'radius_port', label: 'RADIUS port', kind: 'number', min: 1, max: 65535, when: (v) => isEnterprise(security(v)) },
        { key: 'secret', label: 'RADIUS secret', kind: 'password', required: true, when: (v) => isEnterprise(security(v)) },
        {
          key: 'radios',
          label: 'Bands',
          kind: 'list',
          required: true,
          options: () => WIFI_BANDS.map((b) => WIFI_BAND_LABELS[b]),
          lines: bandLines,
        },
        { key: 'vlan', label: 'VLAN', kind: 'number', min: 1, max: 4094 },
        { key: 'hidden', label: 'Hidden: not broadcast by name', kind: 'switch' },
        { key: 'client_isolation', label: 'Client isolation: clients cannot reach each other', kind: 'switch' },
        { key: 'enabled', label: 'Enabled', kind: 'switch' },
      ],
    },
    {
      kind: 'settings',
      ...configPageTab('wireless', 'wirelessadvanced'),
      path: [],
      schema: wirelessSectionSchema,
      empty: emptySection,
      fields: [
        { key: 'country', label: 'Country', kind: 'select', required: true, options: COUNTRY_OPTIONS },
        ...WIFI_BANDS.flatMap(radioFields),
        { key: 'advanced.band_steering', label: 'Band steering: move dual-band clients to 5 or 6 GHz', kind: 'switch' },
        { key: 'advanced.fast_roaming', label: 'Fast roaming (802.11r)', kind: 'switch' },
        { key: 'advanced.beacon_interval_ms', label: 'Beacon interval (ms)', kind: 'number', min: 100, max: 1000 },
        { key: 'advanced.dtim_period', label: 'DTIM period', kind: 'number', min: 1, max: 255 },
      ],
    },
  ],
};
