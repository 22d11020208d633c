import type { ConfigPreference, ConfigPreferenceBody, SettingToggle } from '@netloom/domain';

type Key = SettingToggle['key'];

/** The stored value of a toggle: the dashboard flags and the auto-approve setting live apart. */
export function settingValue(pref: ConfigPreference, key: Key): boolean {
  return key === 'devReg_autoApprove' ? pref.devReg_autoApprove : pref.dashboard[key];
}

/** The save body of one toggle ({dashboard:{flag}} or {devReg_autoApprove}). */
export function settingBody(key: Key, value: boolean): ConfigPreferenceBody {
  return key === 'devReg_autoApprove' ? { devReg_autoApprove: value } : { dashboard: { [key]: value } };
}

/**
 * Why a toggle cannot be switched, or null. WAN 3 needs a device with a third WAN link; one that
 * is already on can still be turned off.
 */
export function unavailableReason(pref: ConfigPreference, key: Key): string | null {
  if (key === 'wan3' && !pref.wan3_available && !pref.dashboard.wan3) return 'No device has a third WAN link configured.';
  return null;
}
