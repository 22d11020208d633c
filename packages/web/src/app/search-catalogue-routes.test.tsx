import { describe, expect, it } from 'vitest';
import { SEARCH_ENTRIES, searchEntryHref } from '@netloom/domain';
import { drawingOf } from '@/test/route-drawing';
import { NotBuiltPage } from '@/features/products/pages/not-built-page';
import { familyPage } from '@/features/device-config/families';
import { STATUS_SECTIONS } from '@/features/device-status/pages/status-sections';
import { routes } from './router';
import { ConfigFamilyRoute } from './routes/config-family-route';

/**
 * Every page the header's search offers must exist: a route of the console's table that is not
 * the 404 catch-all nor a section's "not built" notice, and for the pages drawn from a
 * description (configuration families, gateway status sections) a family and tab that exist.
 */
describe('the search catalogue against the route table', () => {
  it.each(SEARCH_ENTRIES.map((e) => [e.label, e.product, searchEntryHref(e)] as const))('%s (%s) has its page at %s', async (_label, _product, href) => {
    const { leaf, drawn } = await drawingOf(routes, href);
    expect(leaf, `no route for ${href}`).not.toBeNull();
    expect(leaf!.path, `${href} falls through to the 404 route`).not.toBe('*');
    expect(drawn, `${href} draws nothing`).not.toBeNull();
    if (drawn === 'redirect' || drawn === null) return;
    expect(drawn.type, `${href} is a "not built" notice`).not.toBe(NotBuiltPage);

    if (drawn.type === ConfigFamilyRoute) {
      const spec = familyPage(leaf!.params.family);
      expect(spec, `${href}: no configuration family '${leaf!.params.family}'`).toBeDefined();
      const tab = leaf!.params['*']?.split('/')[0];
      if (tab) expect(spec!.tabs.map((t) => t.route)).toContain(tab);
    }
    const section = /^\/sdwan\/device\/status\/([^/]+)\/(.+)$/.exec(href);
    if (section && section[1]! in STATUS_SECTIONS) {
      const tabs = STATUS_SECTIONS[section[1] as keyof typeof STATUS_SECTIONS].tabs.map((t) => t.route);
      expect(tabs, `${href}: no such tab`).toContain(section[2]);
    }
  });
});
