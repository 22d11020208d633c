import { describe, expect, it } from 'vitest';
import { SDWAN_TOUR, ZTNA_TOUR } from '@netloom/domain';
import { sideMenuEntries } from './side-menu-items';

const menu = (product: 'sdwan' | 'ztna' | 'waf') => sideMenuEntries({ product, isSuperAdmin: false, tenantSelected: true, showLogs: true, canManage: true });
const tourKeys = (product: 'sdwan' | 'ztna') =>
  new Set(menu(product).flatMap((e) => [e.tour, ...(e.children ?? []).map((c) => c.tour)].flatMap((k) => k?.split(' ') ?? [])));

describe('side menu and the guided tours', () => {
  it('Quick Tour starts a tour on SD-WAN and ZTNA, the products that have one', () => {
    expect(menu('sdwan').find((e) => e.label === 'Quick Tour')).toMatchObject({ quickTour: true });
    expect(menu('ztna').find((e) => e.label === 'Quick Tour')).toMatchObject({ quickTour: true });
    expect(menu('waf').find((e) => e.label === 'Quick Tour')).toBeUndefined();
  });

  it('Live Chat opens the chat box from every product of a tenant, and only with a tenant', () => {
    for (const product of ['sdwan', 'ztna', 'waf'] as const)
      expect(menu(product).find((e) => e.label === 'Live Chat')).toMatchObject({ liveChat: true, tour: 'liveChat' });
    const noTenant = sideMenuEntries({ product: 'sdwan', isSuperAdmin: true, tenantSelected: false, showLogs: true, canManage: true });
    expect(noTenant.find((e) => e.label === 'Live Chat')).toBeUndefined();
  });

  it("the menu carries the tours' menu places that the console has", () => {
    for (const key of [
      'home',
      'sdWan',
      'globalMonitor',
      'logs',
      'teams',
      'teamusers',
      'group',
      'organization',
      'inventory',
      'monitor',
      'systemTools',
      'configTemplates',
    ]) {
      expect(tourKeys('sdwan'), key).toContain(key);
    }
    for (const key of [
      'dashboard',
      'endpointProfiles',
      'teams',
      'teamusers',
      'group',
      'organization',
      'inventory',
      'servers',
      'configure',
      'policies',
      'webFilter',
      'logs',
    ]) {
      expect(tourKeys('ztna'), key).toContain(key);
    }
    // Every key the menu carries is one a tour points at.
    const stepKeys = new Set([...SDWAN_TOUR, ...ZTNA_TOUR].map((s) => s.key));
    for (const key of [...tourKeys('sdwan'), ...tourKeys('ztna')]) expect(stepKeys, key).toContain(key);
  });
});

describe('side menu dashboard group', () => {
  it('offers Customize to owners and admins only, for the active product', () => {
    const dashboard = (canManage: boolean) =>
      sideMenuEntries({ product: 'ztna', isSuperAdmin: false, tenantSelected: true, showLogs: true, canManage }).find((e) => e.label === 'Dashboard');
    expect(dashboard(true)?.children).toContainEqual({ label: 'Customize', to: '/ztna/tenant-customize-dashboard' });
    expect(dashboard(false)?.children?.map((c) => c.label)).toEqual(['Overview', 'Settings']);
  });
});

describe('side menu organisation entries', () => {
  it("lead to the built pages at their spec paths: SD-WAN's Configure is Network › Configure, ZTNA's the overlay, with DNS beside it", () => {
    const organization = (product: 'sdwan' | 'ztna') => menu(product).find((e) => e.label === 'Organization')?.children ?? [];
    expect(organization('sdwan')).toContainEqual({ label: 'Configure', to: '/sdwan/network/configure' });
    expect(organization('ztna')).toContainEqual({ label: 'Configure', to: '/ztna/organization/overlay/security-group', tour: 'configure' });
    expect(organization('ztna')).toContainEqual({ label: 'DNS', to: '/ztna/organization/dns' });
  });
});

describe("QShield's menu", () => {
  it("links every page of the spec's WAF menu, each to a built route", () => {
    const entries = menu('waf');
    // The product's own entries (the dashboard and its settings) come first; the spec's menu follows.
    const links = entries.flatMap((e) => (e.children ?? []).map((c) => c.to)).filter((to) => /^\/waf\/(?!dashboard|tenant-)/.test(to ?? ''));
    expect(entries.some((e) => e.soon)).toBe(false);
    expect(links).toEqual([
      '/waf/threat-analytics/backend-waf',
      '/waf/threat-analytics/compailnce-status',
      '/waf/threat-analytics/api-discovery',
      '/waf/threat-analytics/graphql',
      '/waf/threat-analytics/log',
      '/waf/events/attacks',
      '/waf/events/vulnerabilities',
      '/waf/api-security/api-inventry',
      '/waf/api-security/api-discovery',
      '/waf/api-security/diff-logs',
      '/waf/api-security/shadow-api',
      '/waf/api-security/zero-trust-api',
      '/waf/api-security/vuln-testing',
      '/waf/bot/dashboard',
      '/waf/bot/api-abuse-protection',
      '/waf/bot/auth-abuse-protection',
      '/waf/organization/onboard',
      '/waf/organization/waf-policy',
      '/waf/organization/pac',
      '/waf/organization/threat-intel',
      '/waf/organization/ddos',
      '/waf/organization/dpop',
    ]);
  });
});

describe("DEM's menu", () => {
  const dem = (canManage: boolean) => sideMenuEntries({ product: 'dem', isSuperAdmin: false, tenantSelected: true, showLogs: true, canManage });
  const links = (canManage: boolean) => dem(canManage).flatMap((e) => [e.to, ...(e.children ?? []).map((c) => c.to)].filter(Boolean));

  it('leads to the overview, the scores by application, user, location and network, the alarms and the monitored applications', () => {
    expect(links(false)).toEqual([
      '/dem/dashboard',
      '/settings/dashboard-settings',
      '/dem/scores/application',
      '/dem/scores/user',
      '/dem/scores/location',
      '/dem/scores/network',
      '/dem/alarms',
      '/dem/organization/applications',
    ]);
  });

  it('offers the notification channels to owners and admins only, and no dashboard to customize', () => {
    expect(links(true)).toContain('/dem/organization/notifications');
    expect(links(false)).not.toContain('/dem/organization/notifications');
    expect(links(true)).not.toContain('/dem/tenant-customize-dashboard');
  });
});

describe("NDR's menu", () => {
  const links = (canManage: boolean) =>
    sideMenuEntries({ product: 'ndr', isSuperAdmin: false, tenantSelected: true, showLogs: true, canManage }).flatMap((e) =>
      [e.to, ...(e.children ?? []).map((c) => c.to)].filter(Boolean),
    );

  it('leads to the overview, the detections, the hosts at risk, the response actions and the detection rules', () => {
    expect(links(false)).toEqual([
      '/ndr/dashboard',
      '/settings/dashboard-settings',
      '/ndr/detections',
      '/ndr/hosts',
      '/ndr/actions',
      '/ndr/organization/rules',
    ]);
  });

  it('offers the notification channels to owners and admins only, and no dashboard to customize', () => {
    expect(links(true)).toContain('/ndr/organization/notifications');
    expect(links(false)).not.toContain('/ndr/organization/notifications');
    expect(links(true)).not.toContain('/ndr/tenant-customize-dashboard');
  });
});

describe("IoT Gateway's menu", () => {
  const links = (canManage: boolean) =>
    sideMenuEntries({ product: 'iot-gateway', isSuperAdmin: false, tenantSelected: true, showLogs: true, canManage }).flatMap((e) =>
      [e.to, ...(e.children ?? []).map((c) => c.to)].filter(Boolean),
    );

  it('leads to the overview, the devices, the segments and the forwarding rules, and no dashboard to customize', () => {
    expect(links(true)).toEqual([
      '/iot-gateway/dashboard',
      '/settings/dashboard-settings',
      '/iot-gateway/devices',
      '/iot-gateway/organization/segments',
      '/iot-gateway/organization/forwarding-rules',
    ]);
  });
});
