import {
  DEFAULT_CATEGORY_ACTIONS,
  IDS_CATEGORIES,
  IDS_SIGNATURES,
  MAX_SID,
  configPageHeading,
  configPageTab,
  idsCategoriesSchema,
  idsExceptionSchema,
  idsIpsSectionSchema,
} from '@netloom/domain';
import type { FamilyPageSpec, FieldSpec } from '@/features/device-config/engine/types';
import { paths } from '@/paths';
import { allNames } from './options';

const MODES = [
  { value: 'off', label: 'Off' },
  { value: 'detect', label: 'Detect (IDS): report what the rules match' },
  { value: 'prevent', label: 'Prevent (IPS): also drop what a category set to drop matches' },
];
const ACTIONS = [
  { value: 'alert', label: 'Alert' },
  { value: 'drop', label: 'Drop (prevent mode only)' },
  { value: 'disable', label: 'Disable' },
];
/** In detect mode the engine only listens: a drop is reported as an alert. */
const DROP_NOTE = 'Drop blocks the traffic only in prevent mode; in detect mode it is reported as an alert.';

const categoryFields: FieldSpec[] = IDS_CATEGORIES.map((c, i) => ({
  key: c.key,
  label: c.label,
  kind: 'select',
  required: true,
  options: ACTIONS,
  description: i === 0 ? `${c.description}. ${DROP_NOTE}` : c.description,
}));

const signature = (sid: unknown) => IDS_SIGNATURES.find((s) => s.sid === sid)?.message ?? '–';

const emptySection = { mode: 'off', interfaces: [], home_networks: [], categories: DEFAULT_CATEGORY_ACTIONS, exceptions: [] };

export const idsIpsPage: FamilyPageSpec = {
  ...configPageHeading('ids_ips'),
  subtitle: `Intrusion detection and prevention on chosen interfaces: rule categories to alert on, drop or leave out, and exceptions per signature. ${DROP_NOTE}`,
  monitor: { label: 'Intrusion alerts', href: (deviceId) => paths.product.deviceStatusOf('firewallstatus/ids', deviceId) },
  emptySection,
  tabs: [
    {
      kind: 'settings',
      ...configPageTab('ids_ips', 'settings'),
      path: [],
      schema: idsIpsSectionSchema,
      empty: emptySection,
      fields: [
        { key: 'mode', label: 'Mode', kind: 'select', required: true, options: MODES },
        {
          key: 'interfaces',
          label: 'Inspected interfaces',
          kind: 'list',
          options: allNames,
          description: 'Traffic in or out of these interfaces is inspected',
        },
        {
          key: 'home_networks',
          label: 'Home networks',
          kind: 'list',
          placeholder: 'x.x.x.x/y',
          description: "What the rules treat as inside ($HOME_NET); none: the gateway's LAN subnets",
        },
      ],
    },
    {
      kind: 'settings',
      ...configPageTab('ids_ips', 'categories'),
      path: ['categories'],
      schema: idsCategoriesSchema,
      empty: DEFAULT_CATEGORY_ACTIONS,
      fields: categoryFields,
    },
    {
      kind: 'list',
      ...configPageTab('ids_ips', 'exceptions'),
      item: 'Exception',
      path: ['exceptions'],
      schema: idsExceptionSchema,
      withId: false,
      empty: {},
      columns: [
        { key: 'sid', header: 'Signature id' },
        { key: 'message', header: 'Signature', render: (r) => signature(r.sid) },
        { key: 'address', header: 'Address or network' },
        { key: 'comment', header: 'Comment', render: (r) => String(r.comment ?? '–') },
      ],
      fields: [
        {
          key: 'sid',
          label: 'Signature id',
          kind: 'number',
          required: true,
          min: 1,
          max: MAX_SID,
          description: 'The sid of the rule to silence, 2044401 for example',
        },
        {
          key: 'address',
          label: 'Address or network',
          kind: 'text',
          required: true,
          placeholder: 'x.x.x.x or x.x.x.x/y',
          description: 'The signature stays silent when either end of the traffic is here',
        },
        { key: 'comment', label: 'Comment', kind: 'text' },
      ],
    },
  ],
};
