import { describe, expect, it } from 'vitest';
import { DEFAULT_TENANT_SETTINGS, withSettingDefaults } from './tenant-settings';

describe('tenant settings defaults', () => {
  it('has every dashboard flag off and auto-approve on by default', () => {
    expect(Object.values(DEFAULT_TENANT_SETTINGS.dashboard).every((v) => v === false)).toBe(true);
    expect(DEFAULT_TENANT_SETTINGS.devReg_autoApprove).toBe(true);
  });

  it('keeps stored values and fills the gaps', () => {
    const merged = withSettingDefaults({ dashboard: { vpnDashboard: true } as never, devReg_autoApprove: false });
    expect(merged.dashboard.vpnDashboard).toBe(true);
    expect(merged.dashboard.netflow).toBe(false);
    expect(merged.devReg_autoApprove).toBe(false);
    expect(withSettingDefaults(null)).toEqual(DEFAULT_TENANT_SETTINGS);
  });
});
