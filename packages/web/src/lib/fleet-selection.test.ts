import { describe, expect, it } from 'vitest';
import { deviceChoiceTarget } from './fleet-selection';

describe('where choosing a device leads (spec 000 §2.19)', () => {
  it('goes back to the current page with its search params', () => {
    expect(deviceChoiceTarget('sdwan', { pathname: '/sdwan/device/configure/nat', search: '?tab=2' })).toBe('/sdwan/device/configure/nat?tab=2');
  });
  it('from a dashboard or the tenant selection goes to the device page of the product', () => {
    expect(deviceChoiceTarget('sdwan', { pathname: '/sdwan/dashboard', search: '' })).toBe('/sdwan/device/status/network/routes');
    expect(deviceChoiceTarget('ztna', { pathname: '/ztna/dashboard', search: '?status=online' })).toBe('/ztna/device/configure/overlay-mesh-vpn');
    expect(deviceChoiceTarget('sdwan', { pathname: '/superAdmin/tenant-selection', search: '' })).toBe('/sdwan/device/status/network/routes');
  });
});
