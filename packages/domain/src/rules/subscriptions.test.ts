import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  PRODUCT_KEYS,
  defaultDashboard,
  firstSubscribedProduct,
  hasAnySubscription,
  nextActiveDashboard,
  subscriptionFlags,
  subscriptionMessages,
} from './subscriptions';

const tenant = (subscriptions: string[], extra: Partial<{ isSuperAdmin: boolean; allProductAccess: boolean }> = {}) =>
  subscriptionFlags({ subscriptions, isSuperAdmin: false, allProductAccess: false, ...extra });

describe('subscription flags', () => {
  it('turns subscription names into product flags', () => {
    expect(tenant(['sdwan', 'ztna'])).toMatchObject({ sdwan: true, ztna: true, waf: false, rum: false, ndr: false });
  });

  it('maps qshield onto the WAF product', () => {
    expect(tenant(['qshield']).waf).toBe(true);
    expect(tenant(['ztna']).waf).toBe(false);
  });

  it('derives NDR from RUM', () => {
    expect(tenant(['rum'])).toMatchObject({ rum: true, ndr: true });
    expect(tenant(['sdwan']).ndr).toBe(false);
  });

  it('treats an empty list as ZTNA only', () => {
    const flags = tenant([]);
    expect(PRODUCT_KEYS.filter((k) => flags[k])).toEqual(['ztna']);
  });

  it('gives all-product tenants and super admins every product', () => {
    for (const flags of [tenant(['sdwan'], { allProductAccess: true }), tenant([], { isSuperAdmin: true })]) {
      expect(PRODUCT_KEYS.every((k) => flags[k])).toBe(true);
    }
  });

  it('ignores case and stray spaces in stored names', () => {
    expect(tenant([' SDWAN ']).sdwan).toBe(true);
  });

  it('never leaves a tenant with no product at all', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('sdwan', 'ztna', 'qshield', 'rum', 'dem', 'iot-gateway', 'unknown')), (names) => {
        const flags = tenant(names);
        // Only a list made of unknown names can leave nothing on; that is the "no subscriptions" case.
        if (names.some((n) => n !== 'unknown') || names.length === 0) expect(hasAnySubscription(flags)).toBe(true);
      }),
    );
  });
});

describe('active dashboard', () => {
  it('defaults to SD-WAN, and to Zero Trust when vpnDashboard is on', () => {
    expect(defaultDashboard(tenant(['sdwan', 'ztna']), false)).toBe('sdwan');
    expect(defaultDashboard(tenant(['sdwan', 'ztna']), true)).toBe('ztna');
  });

  it('falls back to the first subscribed product when the preferred one is not subscribed', () => {
    expect(defaultDashboard(tenant(['ztna']), false)).toBe('ztna');
    expect(defaultDashboard(tenant(['rum']), true)).toBe('ndr');
    expect(firstSubscribedProduct(tenant(['unknown']))).toBeNull();
  });

  it('switches on a subscribed first path segment and keeps the previous one otherwise', () => {
    const flags = tenant(['sdwan', 'ztna']);
    expect(nextActiveDashboard('ztna', flags, 'sdwan')).toBe('ztna');
    expect(nextActiveDashboard('waf', flags, 'sdwan')).toBe('sdwan');
    expect(nextActiveDashboard('settings', flags, 'ztna')).toBe('ztna');
    expect(nextActiveDashboard(undefined, flags, null)).toBeNull();
  });

  it('words the subscription messages as the catalogue does', () => {
    expect(subscriptionMessages.notSubscribed('sdwan')).toBe("You don't have subscription to use SDWAN dashboard");
    expect(subscriptionMessages.none).toBe("You don't have any subscriptions");
    expect(subscriptionMessages.loadFailed).toBe('Failed to get your subscriptions');
  });
});
