/** Tenant dashboard settings of spec 000 §3 with their defaults. */
export const DASHBOARD_FLAG_KEYS = ['wan3', 'vpnStatus', 'commercialDashboard', 'netflow', 'url_stats', 'vpnDashboard'] as const;
export type DashboardFlagKey = (typeof DASHBOARD_FLAG_KEYS)[number];
export type DashboardFlags = Record<DashboardFlagKey, boolean>;

export interface TenantSettings {
  dashboard: DashboardFlags;
  devReg_autoApprove: boolean;
  pagination: { pageSize: number; needPagination: boolean };
}

export const DEFAULT_TENANT_SETTINGS: TenantSettings = {
  dashboard: {
    wan3: false,
    vpnStatus: false,
    commercialDashboard: false,
    netflow: false,
    url_stats: false,
    vpnDashboard: false,
  },
  devReg_autoApprove: true,
  pagination: { pageSize: 10, needPagination: true },
};

/** Stored settings may predate a flag: fill every gap with its default. */
export function withSettingDefaults(stored: Partial<TenantSettings> | null | undefined): TenantSettings {
  return {
    dashboard: { ...DEFAULT_TENANT_SETTINGS.dashboard, ...(stored?.dashboard ?? {}) },
    devReg_autoApprove: stored?.devReg_autoApprove ?? DEFAULT_TENANT_SETTINGS.devReg_autoApprove,
    pagination: { ...DEFAULT_TENANT_SETTINGS.pagination, ...(stored?.pagination ?? {}) },
  };
}
