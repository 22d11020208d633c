import { z } from 'zod';
import { DASHBOARD_FLAG_KEYS, type DashboardFlagKey } from '../rules/tenant-settings';

// Tenant settings (spec 000 §2.12, §3): GET and POST tenant/config/config-preference/?tid=

const flagsSchema = z.object(Object.fromEntries(DASHBOARD_FLAG_KEYS.map((k) => [k, z.boolean()])) as Record<DashboardFlagKey, z.ZodBoolean>);
export const settingsPaginationSchema = z.object({ pageSize: z.number().int().min(1).max(1000), needPagination: z.boolean() });

export const configPreferenceSchema = z.object({
  dashboard: flagsSchema,
  devReg_autoApprove: z.boolean(),
  pagination: settingsPaginationSchema,
  /** True when a device of the tenant has a third WAN link: the WAN 3 toggle is enabled then. */
  wan3_available: z.boolean(),
});
export type ConfigPreference = z.infer<typeof configPreferenceSchema>;

/** Save body {dashboard:{flags}, devReg_autoApprove}; flags left out keep their stored value. */
export const configPreferenceBodySchema = z
  .object({
    dashboard: flagsSchema.partial().strict().default({}),
    devReg_autoApprove: z.boolean().optional(),
    pagination: settingsPaginationSchema.partial().optional(),
  })
  .strict();
export type ConfigPreferenceBody = z.input<typeof configPreferenceBodySchema>;

/** The toggles of the Settings page, in order (spec 000 §2.12). */
export interface SettingToggle {
  key: DashboardFlagKey | 'devReg_autoApprove';
  name: string;
  description: string;
  customizable: boolean;
  hide?: boolean;
}
export const SETTING_TOGGLES: readonly SettingToggle[] = [
  {
    key: 'commercialDashboard',
    name: 'Commercial View',
    description: 'Show the commercial data (amount and date per WAN link) on the device dashboard.',
    customizable: true,
  },
  { key: 'netflow', name: 'Usage Graph', description: 'Show the usage (netflow) graphs on the dashboards.', customizable: true },
  { key: 'url_stats', name: 'URL Stats', description: 'Show the web filter URL statistics.', customizable: true },
  { key: 'vpnStatus', name: 'VPN Status', description: 'Show the VPN status column and page.', customizable: true },
  { key: 'wan3', name: 'WAN 3', description: 'Show the third WAN link column (needs a device with WAN 3 configured).', customizable: true },
  { key: 'vpnDashboard', name: 'VPN Dashboard', description: 'Open the Zero Trust dashboard instead of SD-WAN.', customizable: true },
  { key: 'devReg_autoApprove', name: 'Auto Registeration', description: 'Approve newly enrolled devices automatically.', customizable: true },
];
