import {
  CONTENT_FILTER_CATEGORIES,
  categoryName,
  configPageHeading,
  configPageTab,
  contentFilterCategorySchema,
  contentFilterSectionSchema,
} from '@netloom/domain';
import type { FamilyPageSpec } from '@/features/device-config/engine/types';
import { paths } from '@/paths';

const ACTIONS = [
  { value: 'block', label: 'Block' },
  { value: 'allow', label: 'Allow' },
  { value: 'monitor', label: 'Monitor (allow and log)' },
];
const CATEGORY_OPTIONS = CONTENT_FILTER_CATEGORIES.map((c) => ({ value: c, label: categoryName(c) }));
const emptySection = { categories: [], blocked_urls: [], allowed_urls: [] };
const URL_PLACEHOLDER = 'example.com, *.example.com or example.com/path';

export const contentFilterPage: FamilyPageSpec = {
  ...configPageHeading('content_filter'),
  subtitle:
    'What the gateway does with the sites of each category and with the URLs you name, on the LANs URL Filtering filters. An allowed URL is let through whatever its category; a blocked URL is blocked even in an allowed category',
  monitor: { label: 'Categories and their hits', href: (deviceId) => paths.product.deviceStatusOf('url-ops/urlfilterstatus', deviceId) },
  emptySection,
  tabs: [
    {
      kind: 'list',
      ...configPageTab('content_filter', 'category-filter'),
      item: 'Category',
      path: ['categories'],
      schema: contentFilterCategorySchema,
      withId: false,
      empty: { action: 'block' },
      columns: [
        { key: 'category', header: 'Category', render: (r) => categoryName(String(r.category)) },
        { key: 'action', header: 'Action', render: (r) => ACTIONS.find((a) => a.value === r.action)?.label ?? String(r.action) },
      ],
      fields: [
        { key: 'category', label: 'Category', kind: 'select', required: true, options: CATEGORY_OPTIONS },
        { key: 'action', label: 'Action', kind: 'select', required: true, options: ACTIONS },
      ],
    },
    {
      kind: 'settings',
      ...configPageTab('content_filter', 'url-blocking'),
      path: [],
      schema: contentFilterSectionSchema,
      empty: emptySection,
      fields: [
        { key: 'blocked_urls', label: 'Blocked URLs', kind: 'list', placeholder: URL_PLACEHOLDER, description: 'Blocked whatever their category' },
        {
          key: 'allowed_urls',
          label: 'Allowed URLs',
          kind: 'list',
          placeholder: URL_PLACEHOLDER,
          description: 'Let through even when their category is blocked; a URL is on one list only',
        },
      ],
    },
  ],
};
