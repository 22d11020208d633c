import { bgpNeighbourConfigSchema, bgpSectionSchema, prefixListSchema, routeMapSchema, configPageHeading, configPageTab } from '@netloom/domain';
import type { ConfigDocument } from '@netloom/domain';
import type { FamilyPageSpec } from '@/features/device-config/engine/types';
import { paths } from '@/paths';
import { enabledColumn } from './options';

const prefixLists = (doc: ConfigDocument) => (doc.bgp?.prefix_lists ?? []).map((l) => l.name);
const routeMaps = (doc: ConfigDocument) => (doc.bgp?.route_maps ?? []).map((m) => m.name);
const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));

/** A prefix list's entries as FRR writes them: '10 permit 10.0.0.0/8 ge 16 le 24'. */
const prefixEntryLines = {
  format: (e: unknown) => {
    const x = e as { seq: number; action: string; prefix: string; ge?: number; le?: number };
    return [x.seq, x.action, x.prefix, x.ge !== undefined ? `ge ${x.ge}` : '', x.le !== undefined ? `le ${x.le}` : ''].filter(Boolean).join(' ');
  },
  parse: (line: string) => {
    const m = /^(\d+)\s+(permit|deny)\s+(\S+)(?:\s+ge\s+(\d+))?(?:\s+le\s+(\d+))?$/.exec(line.trim());
    if (!m) return line;
    // ge and le only when the line names them: a strict schema reads an absent key, not an undefined one.
    return { seq: Number(m[1]), action: m[2], prefix: m[3], ...(m[4] ? { ge: num(m[4]) } : {}), ...(m[5] ? { le: num(m[5]) } : {}) };
  },
};

/** A route map's entries in one line each: '10 permit match from-isp local-pref 200 med 50 prepend 2'. */
const routeMapEntryLines = {
  format: (e: unknown) => {
    const x = e as { seq: number; action: string; match_prefix_list?: string; set_local_pref?: number; set_med?: number; set_as_path_prepend?: number };
    const parts: (string | number | undefined)[] = [x.seq, x.action];
    if (x.match_prefix_list) parts.push('match', x.match_prefix_list);
    if (x.set_local_pref !== undefined) parts.push('local-pref', x.set_local_pref);
    if (x.set_med !== undefined) parts.push('med', x.set_med);
    if (x.set_as_path_prepend !== undefined) parts.push('prepend', x.set_as_path_prepend);
    return parts.join(' ');
  },
  parse: (line: string) => {
    const m = /^(\d+)\s+(permit|deny)((?:\s+\S+\s+\S+)*)$/.exec(line.trim());
    if (!m) return line;
    const words = m[3]!.trim().split(/\s+/).filter(Boolean);
    const entry: Record<string, unknown> = { seq: Number(m[1]), action: m[2] };
    const keys: Record<string, string> = { match: 'match_prefix_list', 'local-pref': 'set_local_pref', med: 'set_med', prepend: 'set_as_path_prepend' };
    for (let i = 0; i < words.length; i += 2) {
      const key = keys[words[i]!];
      if (!key) return line;
      entry[key] = key === 'match_prefix_list' ? words[i + 1] : Number(words[i + 1]);
    }
    return entry;
  },
};

export const bgpPage: FamilyPageSpec = {
  ...configPageHeading('bgp'),
  subtitle: 'The BGP speaker of the gateway: its AS, the networks it announces, its neighbours and the filters between them',
  monitor: { label: 'BGP status', href: (deviceId) => paths.product.deviceStatusOf('bgp', deviceId) },
  emptySection: { neighbours: [], networks: [], prefix_lists: [], route_maps: [], redistribute: { connected: false, static: false } },
  tabs: [
    {
      kind: 'settings',
      ...configPageTab('bgp', 'bgp'),
      path: [],
      schema: bgpSectionSchema,
      empty: { neighbours: [], networks: [], prefix_lists: [], route_maps: [], redistribute: { connected: false, static: false } },
      fields: [
        { key: 'asn', label: 'Local AS number', kind: 'number', required: true, min: 1, max: 4_294_967_295 },
        { key: 'router_id', label: 'Router id', kind: 'text', required: true, placeholder: 'x.x.x.x' },
        { key: 'networks', label: 'Announced networks', kind: 'list', placeholder: 'x.x.x.x/y' },
        { key: 'redistribute.connected', label: 'Redistribute connected networks', kind: 'switch' },
        { key: 'redistribute.static', label: 'Redistribute static routes', kind: 'switch' },
      ],
    },
    {
      kind: 'list',
      ...configPageTab('bgp', 'neighbours'),
      item: 'BGP neighbour',
      path: ['neighbours'],
      schema: bgpNeighbourConfigSchema,
      withId: true,
      empty: { enabled: true, keepalive_s: 60, hold_s: 180 },
      columns: [
        { key: 'address', header: 'Neighbour', type: 'ip' },
        { key: 'remote_asn', header: 'Remote AS' },
        { key: 'description', header: 'Description' },
        { key: 'keepalive_s', header: 'Keepalive (s)' },
        { key: 'hold_s', header: 'Hold (s)' },
        enabledColumn,
      ],
      fields: [
        { key: 'address', label: 'Neighbour address', kind: 'text', required: true, placeholder: 'x.x.x.x' },
        { key: 'remote_asn', label: 'Remote AS number', kind: 'number', required: true, min: 1, max: 4_294_967_295 },
        { key: 'description', label: 'Description', kind: 'text' },
        { key: 'keepalive_s', label: 'Keepalive (s)', kind: 'number', min: 1, max: 21845 },
        { key: 'hold_s', label: 'Hold time (s)', kind: 'number', min: 0, max: 65535, description: '0, or at least 3 × the keepalive' },
        { key: 'ebgp_multihop', label: 'eBGP multihop', kind: 'number', min: 1, max: 255 },
        { key: 'prefix_list_in', label: 'Prefix list in', kind: 'select', options: prefixLists },
        { key: 'prefix_list_out', label: 'Prefix list out', kind: 'select', options: prefixLists },
        { key: 'route_map_in', label: 'Route map in', kind: 'select', options: routeMaps },
        { key: 'route_map_out', label: 'Route map out', kind: 'select', options: routeMaps },
        { key: 'enabled', label: 'Enabled', kind: 'switch' },
      ],
    },
    {
      kind: 'list',
      ...configPageTab('bgp', 'prefixlists'),
      item: 'Prefix list',
      path: ['prefix_lists'],
      schema: prefixListSchema,
      withId: true,
      empty: { entries: [] },
      columns: [
        { key: 'name', header: 'Name' },
        { key: 'entries', header: 'Entries', render: (r) => (Array.isArray(r.entries) ? r.entries.map(prefixEntryLines.format).join(' · ') : '') },
      ],
      fields: [
        { key: 'name', label: 'Name', kind: 'text', required: true },
        {
          key: 'entries',
          label: 'Entries',
          kind: 'list',
          required: true,
          placeholder: '10 permit 10.0.0.0/8 le 24',
          description: "One per line: sequence, permit or deny, prefix, then 'ge n' and 'le n' if wanted",
          lines: prefixEntryLines,
        },
      ],
    },
    {
      kind: 'list',
      ...configPageTab('bgp', 'routemaps'),
      item: 'Route map',
      path: ['route_maps'],
      schema: routeMapSchema,
      withId: true,
      empty: { entries: [] },
      columns: [
        { key: 'name', header: 'Name' },
        { key: 'entries', header: 'Entries', render: (r) => (Array.isArray(r.entries) ? r.entries.map(routeMapEntryLines.format).join(' · ') : '') },
      ],
      fields: [
        { key: 'name', label: 'Name', kind: 'text', required: true },
        {
          key: 'entries',
          label: 'Entries',
          kind: 'list',
          required: true,
          placeholder: '10 permit match from-isp local-pref 200',
          description: "One per line: sequence, permit or deny, then any of 'match <prefix list>', 'local-pref n', 'med n', 'prepend n'",
          lines: routeMapEntryLines,
        },
      ],
    },
  ],
};
