import { describe, expect, it } from 'vitest';
import { CONFIG_FAMILIES } from '../config/document';
import { CONFIG_PAGES, configPageHeading, configPageTab } from './config-pages';

describe('configuration pages', () => {
  it('has one page per family, each route and tab route once', () => {
    expect(CONFIG_PAGES.map((p) => p.family).sort()).toEqual([...CONFIG_FAMILIES].sort());
    expect(new Set(CONFIG_PAGES.map((p) => p.route)).size).toBe(CONFIG_PAGES.length);
    for (const page of CONFIG_PAGES) expect(new Set(page.tabs.map((t) => t.route)).size).toBe(page.tabs.length);
  });

  it("gives a page's heading and a tab's label by their family and route", () => {
    expect(configPageHeading('firewall')).toEqual({ family: 'firewall', route: 'firewall', title: 'Firewall' });
    expect(configPageTab('firewall', 'inboundrules')).toEqual({ route: 'inboundrules', label: 'Inbound rules' });
    // A route the page does not have is a type error; at run time it still says which.
    expect(() => configPageTab('nat', 'zones' as never)).toThrow("no tab 'zones' on the 'nat' page");
  });
});
