import { describe, expect, it } from 'vitest';
import { devicePickerTarget } from './device-picker-target';

describe('device picker destination (spec 000 §2.19)', () => {
  it('goes back to the current page with its search params', () => {
    expect(devicePickerTarget('sdwan', { pathname: '/sdwan/device/configure/nat', search: '?tab=2' })).toBe('/sdwan/device/configure/nat?tab=2');
  });
  it('from a dashboard or the tenant selection goes to the device page of the product', () => {
    expect(devicePickerTarget('sdwan', { pathname: '/sdwan/dashboard', search: '' })).toBe('/sdwan/device/status');
    expect(devicePickerTarget('ztna', { pathname: '/ztna/dashboard', search: '?status=online' })).toBe('/ztna/device/configure/overlay-mesh-vpn');
    expect(devicePickerTarget('sdwan', { pathname: '/superAdmin/tenant-selection', search: '' })).toBe('/sdwan/device/status');
  });
});
