import { describe, expect, it } from 'vitest';
import { isValidElement, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { SEARCH_ENTRIES, searchEntryHref } from '@netloom/domain';
import { NotBuiltPage } from '@/features/products/pages/not-built-page';
import { familyPage } from '@/features/device-config/families';
import { STATUS_SECTIONS } from '@/features/device-status/pages/status-sections';
import { routes } from './router';
import { ConfigFamilyRoute } from './routes/config-family-route';

type Resolved = { element?: unknown; Component?: ComponentType | null };

/** What a matched route draws: its element, or its lazily loaded element or component. */
async function drawnBy(route: RouteObject): Promise<ReactElement | 'redirect' | null> {
  const own = route as Resolved;
  const resolved: Resolved = typeof route.lazy === 'function' ? ((await route.lazy()) as Resolved) : own;
  if (isValidElement(resolved.element)) return resolved.element;
  if (resolved.Component) return { type: resolved.Component, props: {} } as ReactElement;
  // A route without anything to draw only redirects (redirect-route.ts) to a page of its section.
  return route.loader ? 'redirect' : null;
}

/**
 * Every page the header's search offers must exist: a route of the console's table that is not
 * the 404 catch-all nor a section's "not built yet" notice, and for the pages drawn from a
 * description (configuration families, gateway status sections) a family and tab that exist.
 */
describe('the search catalogue against the route table', () => {
  it.each(SEARCH_ENTRIES.map((e) => [e.label, e.product, searchEntryHref(e)] as const))('%s (%s) has its page at %s', async (_label, _product, href) => {
    const matches = matchRoutes(routes, href);
    expect(matches, `no route for ${href}`).not.toBeNull();
    const leaf = matches!.at(-1)!;
    expect(leaf.route.path, `${href} falls through to the 404 route`).not.toBe('*');
    const drawn = await drawnBy(leaf.route);
    expect(drawn, `${href} draws nothing`).not.toBeNull();
    if (drawn === 'redirect' || drawn === null) return;
    expect(drawn.type, `${href} is a "not built yet" notice`).not.toBe(NotBuiltPage);

    if (drawn.type === ConfigFamilyRoute) {
      const spec = familyPage(leaf.params.family);
      expect(spec, `${href}: no configuration family '${leaf.params.family}'`).toBeDefined();
      const tab = leaf.params['*']?.split('/')[0];
      if (tab) expect(spec!.tabs.map((t) => t.route)).toContain(tab);
    }
    const section = /^\/sdwan\/device\/status\/([^/]+)\/(.+)$/.exec(href);
    if (section && section[1]! in STATUS_SECTIONS) {
      const tabs = STATUS_SECTIONS[section[1] as keyof typeof STATUS_SECTIONS].tabs.map((t) => t.route);
      expect(tabs, `${href}: no such tab`).toContain(section[2]);
    }
  });
});
