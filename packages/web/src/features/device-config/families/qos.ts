import { qosClassSchema, qosInterfaceSchema, qosRuleSchema, configPageHeading, configPageTab } from '@netloom/domain';
import type { FamilyPageSpec } from '@/features/device-config/engine/types';
import { paths } from '@/paths';
import { PROTOCOLS, allNames, enabledColumn } from './options';

const qosClasses = (doc: Parameters<typeof allNames>[0]) => (doc.qos?.classes ?? []).map((c) => c.name);
const withPorts = (v: Record<string, unknown>) => ['tcp', 'udp', 'tcpudp'].includes(String(v.protocol));

export const qosPage: FamilyPageSpec = {
  ...configPageHeading('qos'),
  subtitle: 'Shape each interface to its line, share the bandwidth between classes and put traffic into them; 1 is the first class served',
  monitor: { label: 'QoS class counters', href: (deviceId) => paths.product.deviceStatusOf('sdwanstatus/qos', deviceId) },
  emptySection: { interfaces: [], classes: [], rules: [] },
  tabs: [
    {
      kind: 'list',
      ...configPageTab('qos', 'qos_interface'),
      item: 'Shaped interface',
      path: ['interfaces'],
      schema: qosInterfaceSchema,
      withId: false,
      empty: { enabled: true },
      columns: [
        { key: 'interface', header: 'Interface' },
        { key: 'upload_kbps', header: 'Upload (kbit/s)' },
        { key: 'download_kbps', header: 'Download (kbit/s)' },
        enabledColumn,
      ],
      fields: [
        { key: 'interface', label: 'Interface', kind: 'select', required: true, options: allNames },
        { key: 'upload_kbps', label: 'Upload (kbit/s)', kind: 'number', required: true, min: 64, max: 100_000_000 },
        { key: 'download_kbps', label: 'Download (kbit/s)', kind: 'number', required: true, min: 64, max: 100_000_000 },
        { key: 'enabled', label: 'Enabled', kind: 'switch' },
      ],
    },
    {
      kind: 'list',
      ...configPageTab('qos', 'qos_class'),
      item: 'Class',
      path: ['classes'],
      schema: qosClassSchema,
      withId: true,
      empty: { priority: 4, guaranteed_pct: 10, maximum_pct: 100 },
      columns: [
        { key: 'name', header: 'Name' },
        { key: 'priority', header: 'Priority' },
        { key: 'guaranteed_pct', header: 'Guaranteed (%)' },
        { key: 'maximum_pct', header: 'Maximum (%)' },
      ],
      fields: [
        { key: 'name', label: 'Name', kind: 'text', required: true, placeholder: 'voice, video, bulk…' },
        { key: 'priority', label: 'Priority (1 is served first)', kind: 'number', required: true, min: 1, max: 7 },
        {
          key: 'guaranteed_pct',
          label: 'Guaranteed share (%)',
          kind: 'number',
          required: true,
          min: 0,
          max: 100,
          description: 'The guarantees of all classes add up to 100 % at most',
        },
        { key: 'maximum_pct', label: 'Maximum share (%)', kind: 'number', required: true, min: 1, max: 100 },
      ],
    },
    {
      kind: 'list',
      ...configPageTab('qos', 'qos_rules'),
      item: 'QoS rule',
      path: ['rules'],
      schema: qosRuleSchema,
      withId: true,
      empty: { enabled: true, protocol: 'any' },
      columns: [
        { key: 'name', header: 'Name' },
        { key: 'class', header: 'Class' },
        { key: 'application', header: 'Application' },
        { key: 'dscp', header: 'DSCP' },
        { key: 'source', header: 'Source', type: 'ip' },
        { key: 'destination', header: 'Destination', type: 'ip' },
        { key: 'protocol', header: 'Protocol' },
        { key: 'dest_port', header: 'Port' },
        enabledColumn,
      ],
      fields: [
        { key: 'name', label: 'Name', kind: 'text', required: true },
        { key: 'class', label: 'Class', kind: 'select', required: true, options: qosClasses },
        { key: 'application', label: 'Application', kind: 'text', placeholder: 'zoom, office365…' },
        { key: 'dscp', label: 'DSCP', kind: 'number', min: 0, max: 63 },
        { key: 'source', label: 'Source network', kind: 'text', placeholder: 'x.x.x.x/y' },
        { key: 'destination', label: 'Destination network', kind: 'text', placeholder: 'x.x.x.x/y' },
        { key: 'protocol', label: 'Protocol', kind: 'select', required: true, options: PROTOCOLS },
        { key: 'src_port', label: 'Source port', kind: 'text', placeholder: '443 or 8000:8080', when: withPorts },
        { key: 'dest_port', label: 'Destination port', kind: 'text', placeholder: '443 or 8000:8080', when: withPorts },
        { key: 'enabled', label: 'Enabled', kind: 'switch' },
      ],
    },
  ],
};
