import { netflowSectionSchema, configPageHeading, configPageTab } from '@netloom/domain';
import type { FamilyPageSpec } from '@/features/device-config/engine/types';
import { paths } from '@/paths';
import { allNames } from './options';

/** External collectors as 'address:port' lines, the way exporters are usually configured. */
const collectorLines = {
  format: (c: unknown) => {
    const { address, port } = c as { address: string; port: number };
    return `${address}:${port}`;
  },
  parse: (line: string) => {
    const m = /^(\S+):(\d+)$/.exec(line.trim());
    return m ? { address: m[1], port: Number(m[2]) } : line;
  },
};

const empty = {
  enabled: true,
  interfaces: [],
  sampling: 1,
  active_timeout_s: 60,
  inactive_timeout_s: 15,
  version: 'ipfix',
  netloom_collector: true,
  collectors: [],
};

export const netflowPage: FamilyPageSpec = {
  ...configPageHeading('netflow'),
  subtitle: "Which interfaces' flows the gateway exports, sampled how, and to which collectors: Netloom's own and up to two more",
  monitor: { label: 'Records sent per collector', href: (deviceId) => paths.product.deviceStatusOf('sdwanstatus/flowexport', deviceId) },
  emptySection: empty,
  tabs: [
    {
      kind: 'settings',
      ...configPageTab('netflow', 'netflowconfig'),
      path: [],
      schema: netflowSectionSchema,
      empty,
      fields: [
        { key: 'enabled', label: 'Export flows', kind: 'switch' },
        { key: 'interfaces', label: 'Interfaces', kind: 'list', options: allNames, description: 'Flows in or out of these interfaces are exported' },
        { key: 'sampling', label: 'Sampling 1:N', kind: 'number', min: 1, max: 65535, description: '1 counts every packet' },
        { key: 'active_timeout_s', label: 'Active timeout (s)', kind: 'number', min: 1, max: 3600 },
        { key: 'inactive_timeout_s', label: 'Inactive timeout (s)', kind: 'number', min: 1, max: 600 },
        {
          key: 'version',
          label: 'Version',
          kind: 'select',
          options: [
            { value: 'v9', label: 'NetFlow v9' },
            { value: 'ipfix', label: 'IPFIX' },
          ],
        },
        { key: 'netloom_collector', label: "Send to Netloom's collector", kind: 'switch' },
        {
          key: 'collectors',
          label: 'External collectors',
          kind: 'list',
          placeholder: '192.0.2.9:2055',
          description: 'Up to two, as address:port',
          lines: collectorLines,
        },
      ],
    },
  ],
};
