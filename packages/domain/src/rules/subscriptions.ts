/**
 * Subscription and active-dashboard rules of spec 000 §4 and §6.
 * The server stores subscription names; both sides derive the product flags with these functions.
 */
export const DASHBOARD_KEYS = ['sdwan', 'ztna', 'ndr', 'waf', 'rum'] as const;
export type DashboardKey = (typeof DASHBOARD_KEYS)[number];

/** Product route segments that carry a subscription check (dem and iot-gateway included). */
export const PRODUCT_KEYS = ['sdwan', 'ztna', 'ndr', 'waf', 'rum', 'dem', 'iot-gateway'] as const;
export type ProductKey = (typeof PRODUCT_KEYS)[number];

/** Subscription names a tenant can hold; `qshield` is the WAF product's name. */
export const SUBSCRIPTION_NAMES = ['sdwan', 'ztna', 'qshield', 'rum', 'dem', 'iot-gateway'] as const;
export type SubscriptionName = (typeof SUBSCRIPTION_NAMES)[number];

export type SubscriptionFlags = Record<ProductKey, boolean>;

export interface SubscriptionInput {
  subscriptions: readonly string[];
  isSuperAdmin: boolean;
  /** Tenants with all-product access bypass the subscription check (tenant 12 in the original). */
  allProductAccess: boolean;
}

const ALL_ON: SubscriptionFlags = {
  sdwan: true,
  ztna: true,
  ndr: true,
  waf: true,
  rum: true,
  dem: true,
  'iot-gateway': true,
};

export function subscriptionFlags(input: SubscriptionInput): SubscriptionFlags {
  if (input.isSuperAdmin || input.allProductAccess) return { ...ALL_ON };
  const names = new Set(input.subscriptions.map((s) => s.trim().toLowerCase()));
  // An empty list means the tenant has only the ZTNA product.
  if (names.size === 0) {
    return { sdwan: false, ztna: true, ndr: false, waf: false, rum: false, dem: false, 'iot-gateway': false };
  }
  const rum = names.has('rum');
  return {
    sdwan: names.has('sdwan'),
    ztna: names.has('ztna'),
    // The WAF product is sold as QShield: the name maps onto the waf flag.
    waf: names.has('qshield') || names.has('waf'),
    rum,
    // NDR has no subscription of its own: it comes with RUM.
    ndr: rum,
    dem: names.has('dem'),
    'iot-gateway': names.has('iot-gateway'),
  };
}

export function hasAnySubscription(flags: SubscriptionFlags): boolean {
  return PRODUCT_KEYS.some((k) => flags[k]);
}

export function isProductKey(segment: string | undefined): segment is ProductKey {
  return segment !== undefined && (PRODUCT_KEYS as readonly string[]).includes(segment);
}

export function isDashboardKey(segment: string | undefined): segment is DashboardKey {
  return segment !== undefined && (DASHBOARD_KEYS as readonly string[]).includes(segment);
}

/** First subscribed product in menu order, or null when there is none. */
export function firstSubscribedProduct(flags: SubscriptionFlags): ProductKey | null {
  return PRODUCT_KEYS.find((k) => flags[k]) ?? null;
}

/**
 * The dashboard a user lands on: ZTNA when the tenant's vpnDashboard flag is on, SD-WAN otherwise;
 * when that product is not subscribed, the first one that is.
 */
export function defaultDashboard(flags: SubscriptionFlags, vpnDashboard: boolean): ProductKey | null {
  const preferred: ProductKey = vpnDashboard ? 'ztna' : 'sdwan';
  return flags[preferred] ? preferred : firstSubscribedProduct(flags);
}

/**
 * Product switch on navigation: a subscribed product in the first URL segment becomes active,
 * anything else keeps the previous one.
 */
export function nextActiveDashboard(firstSegment: string | undefined, flags: SubscriptionFlags, previous: ProductKey | null): ProductKey | null {
  return isProductKey(firstSegment) && flags[firstSegment] ? firstSegment : previous;
}

export interface DashboardDescriptor {
  key: ProductKey;
  name: string;
  icon: string;
}

export const DASHBOARDS: readonly DashboardDescriptor[] = [
  { key: 'sdwan', name: 'SD-WAN', icon: 'router' },
  { key: 'ztna', name: 'Zero Trust', icon: 'shield-lock' },
  { key: 'ndr', name: 'NDR', icon: 'radar' },
  { key: 'waf', name: 'QShield', icon: 'wall' },
  { key: 'rum', name: 'RUM', icon: 'user-check' },
  { key: 'dem', name: 'DEM', icon: 'activity' },
  { key: 'iot-gateway', name: 'IoT Gateway', icon: 'cpu' },
];

export function dashboardName(key: ProductKey): string {
  return DASHBOARDS.find((d) => d.key === key)?.name ?? key;
}

/** Message texts of the subscription guard (spec 001 §8). */
export const subscriptionMessages = {
  notSubscribed: (product: ProductKey) => `You don't have subscription to use ${product.toUpperCase()} dashboard`,
  none: "You don't have any subscriptions",
  loadFailed: 'Failed to get your subscriptions',
  pleaseSubscribe: (name: string) => `Please Subscribe to use ${name} Dashboard`,
} as const;
