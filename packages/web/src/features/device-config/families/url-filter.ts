import { BLOCK_PAGE_MESSAGE_MAX, configPageHeading, configPageTab, urlFilterSectionSchema } from '@netloom/domain';
import type { FamilyPageSpec } from '@/features/device-config/engine/types';
import { paths } from '@/paths';
import { lanNames } from './options';

const empty = { enabled: true, interfaces: [], exempt_clients: [], safesearch: false, block_page_message: '', log_allowed: false };

export const urlFilterPage: FamilyPageSpec = {
  ...configPageHeading('url_filter'),
  subtitle:
    "Where and how the gateway's own filter runs: the LANs whose visits Content Filtering decides, the clients it leaves alone, and what a blocked visitor reads. Off, nothing is blocked",
  monitor: { label: 'Sites visited and blocked', href: (deviceId) => paths.product.deviceStatusOf('url-ops/urltracking', deviceId) },
  emptySection: empty,
  tabs: [
    {
      kind: 'settings',
      ...configPageTab('url_filter', 'url-filter'),
      path: [],
      schema: urlFilterSectionSchema,
      empty,
      fields: [
        { key: 'enabled', label: 'Filter URLs', kind: 'switch' },
        { key: 'interfaces', label: 'LAN interfaces and VLANs', kind: 'list', options: lanNames, description: 'The visits of clients on these are filtered' },
        {
          key: 'exempt_clients',
          label: 'Exempt clients',
          kind: 'list',
          placeholder: 'x.x.x.x or x.x.x.x/y',
          description: 'Addresses and subnets never filtered',
        },
        { key: 'safesearch', label: 'Enforce SafeSearch', kind: 'switch', description: 'Search engines return safe results only' },
        {
          key: 'block_page_message',
          label: 'Block page message',
          kind: 'text',
          placeholder: 'This site is blocked by your organisation',
          description: `Shown to a blocked visitor; at most ${BLOCK_PAGE_MESSAGE_MAX} characters`,
        },
        { key: 'log_allowed', label: 'Log allowed visits', kind: 'switch', description: 'Blocked visits are always logged' },
      ],
    },
  ],
};
