import { describe, expect, it } from 'vitest';
import { configPreferenceBodySchema } from './settings';

describe('tenant settings body', () => {
  it('parses the settings save body of the spec and refuses unknown flags', () => {
    expect(configPreferenceBodySchema.parse({ dashboard: { vpnDashboard: true }, devReg_autoApprove: false })).toEqual({
      dashboard: { vpnDashboard: true },
      devReg_autoApprove: false,
    });
    expect(configPreferenceBodySchema.safeParse({ dashboard: { nope: true } }).success).toBe(false);
    expect(configPreferenceBodySchema.safeParse({ dashboard: { wan3: 'yes' } }).success).toBe(false);
  });
});
