import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { createSpotlight } from '@mantine/spotlight';
import {
  entryAtPath,
  SEARCH_GROUPS,
  SEARCH_RESULT_KINDS,
  searchEntriesFor,
  searchEntryHref,
  type ProductKey,
  type SearchEntry,
  type SearchProduct,
  type SearchResultKind,
  type SubscriptionFlags,
  type User,
} from '@netloom/domain';
import { useTenantSearch } from './api/tenant-search';
import { SearchBox } from './components/search-box';
import { SearchDialog, type SearchItem } from './components/search-dialog';
import { useRecentPages } from './hooks/recent-pages';
import { entryTarget, resultTarget, useOpenTarget, type SearchTarget } from './hooks/search-targets';
import { useSearchHotkey } from './hooks/use-search-hotkey';

const RECENT_GROUP = 'Recent pages';
const RESULT_GROUPS: Record<SearchResultKind, string> = {
  device: 'Devices',
  device_group: 'Device groups',
  user: 'Users',
  group: 'Groups',
  template: 'Templates',
  webfilter_policy: 'Policies',
  access_policy: 'Policies',
};

/** The active product's groups first: its pages win an exact match shared with the other product. */
function ordered(entries: readonly SearchEntry[], first: SearchProduct): SearchEntry[] {
  const rank = (e: SearchEntry) => (e.product === first ? 0 : 1) * SEARCH_GROUPS.length + SEARCH_GROUPS.indexOf(e.group);
  return [...entries].sort((a, b) => rank(a) - rank(b));
}

export interface GlobalSearchProps {
  user: User;
  /** The tenant's product flags; null while they load. */
  flags: SubscriptionFlags | null;
  active: ProductKey | null;
}

/**
 * The header's search (spec 000 §2.14, §2.15, §5): the box, the hotkey 's' and the dialog. Super
 * admins have none (§6).
 */
export function GlobalSearch({ user, flags, active }: GlobalSearchProps) {
  if (user.isSuperAdmin || !user.tenantId) return null;
  return <TenantSearch user={user} tenantId={user.tenantId} flags={flags} active={active} />;
}

function TenantSearch({ user, tenantId, flags, active }: GlobalSearchProps & { tenantId: string }) {
  const [[store, dialog]] = useState(() => createSpotlight());
  const [query, setQuery] = useState('');
  const products = useMemo(
    () => ({ sdwan: flags?.sdwan === true, ztna: flags?.ztna === true, ndr: flags?.ndr === true, 'iot-gateway': flags?.['iot-gateway'] === true }),
    [flags],
  );
  // Users, groups and devices open in SD-WAN or ZTNA, the products that have their pages.
  const preferred = active === 'ztna' || (active !== 'sdwan' && !products.sdwan) ? 'ztna' : 'sdwan';
  // The active product's pages first, whichever it is.
  const first: SearchProduct = active !== null && active in products ? (active as SearchProduct) : preferred;
  const entries = useMemo(
    () => ordered(searchEntriesFor({ products, role: user.role, isSuperAdmin: user.isSuperAdmin }), first),
    [products, user.role, user.isSuperAdmin, first],
  );
  const openTarget = useOpenTarget();
  useSearchHotkey(dialog.open, entries.length > 0);

  // Every page of the catalogue this user opens becomes a recent page, however it was reached.
  const { pathname } = useLocation();
  const [recentHrefs, rememberRecent] = useRecentPages(user.id);
  useEffect(() => {
    const seen = entryAtPath(pathname, entries);
    if (seen) rememberRecent(searchEntryHref(seen));
  }, [pathname, entries, rememberRecent]);

  const entryItem = useCallback((e: SearchEntry): SearchItem => ({ id: `${e.product}:${e.path}`, label: e.label, group: e.group, target: entryTarget(e) }), []);
  const recent = useMemo(
    () =>
      recentHrefs.flatMap((href) => {
        const e = entryAtPath(href, entries);
        return e ? [{ ...entryItem(e), id: `recent:${href}`, group: RECENT_GROUP, description: e.group }] : [];
      }),
    [recentHrefs, entries, entryItem],
  );

  const search = useTenantSearch(query, tenantId);
  const serverItems = useMemo(() => {
    const byKind = [...search.results].sort((a, b) => SEARCH_RESULT_KINDS.indexOf(a.kind) - SEARCH_RESULT_KINDS.indexOf(b.kind));
    return byKind.flatMap((r) => {
      const target: SearchTarget | null = resultTarget(r, products, preferred);
      return target ? [{ id: `${r.kind}:${r.id}`, label: r.name, description: r.detail, group: RESULT_GROUPS[r.kind], target }] : [];
    });
  }, [search.results, products, preferred]);

  if (entries.length === 0) return null;
  return (
    <>
      <SearchBox onOpen={dialog.open} />
      <SearchDialog
        store={store}
        entries={entries}
        entryItem={entryItem}
        recent={recent}
        query={query}
        onQueryChange={setQuery}
        server={{ items: serverItems, searching: search.searching, failed: search.failed }}
        onOpen={openTarget}
        onClose={dialog.close}
      />
    </>
  );
}
