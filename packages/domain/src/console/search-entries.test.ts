import { describe, expect, it } from 'vitest';
import { CONFIG_PAGES } from './config-pages';
import {
  entryAtPath,
  exactEntry,
  matchEntries,
  rememberRecent,
  SEARCH_ENTRIES,
  SEARCH_RECENT_MAX,
  searchEntriesFor,
  searchEntryHref,
  type SearchEntry,
} from './search-entries';

const both = { sdwan: true, ztna: true };
const every = { sdwan: true, ztna: true, ndr: true, 'iot-gateway': true };
const labels = (entries: readonly SearchEntry[]) => entries.map((e) => e.label);
const byHref = (href: string) => SEARCH_ENTRIES.find((e) => searchEntryHref(e) === href)!;

describe('search catalogue', () => {
  it('names each page once per product, under a relative route', () => {
    for (const product of ['sdwan', 'ztna', 'ndr', 'iot-gateway'] as const) {
      const mine = SEARCH_ENTRIES.filter((e) => e.product === product);
      expect(new Set(labels(mine)).size).toBe(mine.length);
      expect(new Set(mine.map((e) => e.path)).size).toBe(mine.length);
    }
    for (const e of SEARCH_ENTRIES) expect(e.path).toMatch(/^[A-Za-z0-9]/);
  });

  it('groups SD-WAN configuration and monitor pages as gateway pages that need a device', () => {
    const staticRoutes = byHref('/sdwan/device/configure/staticroutes');
    expect(staticRoutes).toMatchObject({ label: 'Static Routes', group: 'SD-WAN configure', needsDevice: true });
    expect(byHref('/sdwan/device/configure/firewall/inboundrules')).toMatchObject({ label: 'Firewall › Inbound rules', group: 'SD-WAN configure' });
    expect(byHref('/sdwan/device/status/netflow/topTalkers')).toMatchObject({ label: 'Netflow › Top Talkers', group: 'SD-WAN monitor', needsDevice: true });
    expect(byHref('/sdwan/device/status/alarms/wan')).toMatchObject({ group: 'SD-WAN monitor', needsDevice: true });
    // Tenant-wide pages and every ZTNA page work without a chosen device.
    expect(SEARCH_ENTRIES.filter((e) => e.needsDevice).every((e) => e.product === 'sdwan' && e.group !== 'Organization')).toBe(true);
    expect(byHref('/sdwan/organization/monitor/globalBGP').needsDevice).toBe(false);
  });

  it('lists each configuration page and, where it has several, each tab, by the names the page shows', () => {
    for (const page of CONFIG_PAGES) {
      expect(byHref(`/sdwan/device/configure/${page.route}`)).toMatchObject({ label: page.title, needsDevice: true });
      const tabs = SEARCH_ENTRIES.filter((e) => e.path.startsWith(`device/configure/${page.route}/`));
      expect(labels(tabs)).toEqual(page.tabs.length > 1 ? page.tabs.map((t) => `${page.title} › ${t.label}`) : []);
    }
    expect(byHref('/sdwan/device/configure/services/dhcp').label).toBe('Services › DHCP pools');
  });

  it('finds a page by its spec route name as well as by its label', () => {
    expect(labels(matchEntries('inboundrules', SEARCH_ENTRIES))).toEqual(['Firewall › Inbound rules']);
    expect(labels(matchEntries('mza-update', SEARCH_ENTRIES))).toEqual(['MicroZAccess Updates']);
  });
});

describe('who is offered what', () => {
  it('gives super admins and guests no search at all', () => {
    expect(searchEntriesFor({ products: both, role: null, isSuperAdmin: true })).toEqual([]);
    expect(searchEntriesFor({ products: both, role: 'owner', isSuperAdmin: true })).toEqual([]);
    expect(searchEntriesFor({ products: both, role: 'guest-user', isSuperAdmin: false })).toEqual([]);
  });

  it("offers only the tenant's products", () => {
    const sdwanOnly = searchEntriesFor({ products: { sdwan: true, ztna: false }, role: 'owner', isSuperAdmin: false });
    expect(new Set(sdwanOnly.map((e) => e.group))).toEqual(new Set(['SD-WAN configure', 'SD-WAN monitor', 'Organization']));
    const ztnaOnly = searchEntriesFor({ products: { sdwan: false, ztna: true }, role: 'owner', isSuperAdmin: false });
    expect(new Set(ztnaOnly.map((e) => e.group))).toEqual(new Set(['ZTNA']));
    expect(new Set(searchEntriesFor({ products: both, role: 'owner', isSuperAdmin: false }).map((e) => e.product))).toEqual(new Set(['sdwan', 'ztna']));
    const ndrOnly = searchEntriesFor({ products: { ndr: true }, role: 'viewer', isSuperAdmin: false });
    expect(labels(ndrOnly)).toEqual(['NDR Overview', 'Detections', 'Hosts at Risk', 'Response Actions', 'Detection Rules']);
    expect(labels(matchEntries('mqtt', searchEntriesFor({ products: every, role: 'owner', isSuperAdmin: false })))).toEqual(['Forwarding Rules']);
    expect(searchEntriesFor({ products: every, role: 'owner', isSuperAdmin: false })).toHaveLength(SEARCH_ENTRIES.length);
  });

  it('keeps logs and the owners’ tools from editors and viewers, as the side menu does', () => {
    const owner = labels(searchEntriesFor({ products: both, role: 'admin', isSuperAdmin: false }));
    const viewer = labels(searchEntriesFor({ products: both, role: 'viewer', isSuperAdmin: false }));
    for (const kept of [
      'Logs › Login Logs',
      'Logs › ZTNA Session Logs',
      'Logs Management',
      'Notification Channels',
      'Report Generation',
      'Customize Dashboard',
    ]) {
      expect(owner).toContain(kept);
      expect(viewer).not.toContain(kept);
    }
    expect(viewer).toContain('Static Routes');
    expect(viewer).toContain('Teams › Users');
  });
});

describe('exact match on Enter (spec 000 §5)', () => {
  const entries = searchEntriesFor({ products: both, role: 'owner', isSuperAdmin: false });

  it('ignores case and every whitespace, and the page/tab separator', () => {
    expect(exactEntry('Static Routes', entries)?.path).toBe('device/configure/staticroutes');
    expect(exactEntry('  sTaTiC\troutes ', entries)?.path).toBe('device/configure/staticroutes');
    expect(exactEntry('staticroutes', entries)?.path).toBe('device/configure/staticroutes');
    expect(exactEntry('firewall inbound rules', entries)?.path).toBe('device/configure/firewall/inboundrules');
  });

  it('needs the whole name: a part, or nothing, leads nowhere', () => {
    expect(exactEntry('Static', entries)).toBeNull();
    expect(exactEntry('Static Routes!', entries)).toBeNull();
    expect(exactEntry('   ', entries)).toBeNull();
  });

  it('takes the first of equal names, so the caller decides the order', () => {
    const sdwanFirst = exactEntry('teams › users', entries);
    expect(sdwanFirst?.product).toBe('sdwan');
    const ztnaFirst = exactEntry('teams › users', [...entries.filter((e) => e.product === 'ztna'), ...entries.filter((e) => e.product !== 'ztna')]);
    expect(ztnaFirst?.product).toBe('ztna');
  });
});

describe('listing for typed text', () => {
  it('needs every word, puts name matches before route-word matches, and lists all for no text', () => {
    const found = labels(matchEntries('firewall rules', SEARCH_ENTRIES));
    expect(found).toEqual(['Firewall › Inbound rules', 'Firewall › Outbound rules', 'Firewall Status › Rules']);
    expect(matchEntries('', SEARCH_ENTRIES)).toHaveLength(SEARCH_ENTRIES.length);
    const netflow = labels(matchEntries('netflow', SEARCH_ENTRIES));
    expect(netflow[0]).toBe('Netflow');
  });
});

describe('recent pages', () => {
  it('keeps the newest first, each page once, at most five', () => {
    let recent: string[] = [];
    for (const href of ['/a', '/b', '/c', '/a', '/d', '/e', '/f']) recent = rememberRecent(recent, href);
    expect(recent).toEqual(['/f', '/e', '/d', '/a', '/c']);
    expect(recent).toHaveLength(SEARCH_RECENT_MAX);
  });

  it('knows the page a URL shows, query aside', () => {
    expect(entryAtPath('/sdwan/device/configure/staticroutes?device=1', SEARCH_ENTRIES)?.label).toBe('Static Routes');
    expect(entryAtPath('/ztna/organization/dns/', SEARCH_ENTRIES)?.label).toBe('DNS');
    expect(entryAtPath('/sdwan/dashboard', SEARCH_ENTRIES)).toBeNull();
  });
});
