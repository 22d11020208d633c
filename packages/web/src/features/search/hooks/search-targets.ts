import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { searchEntryHref, type SearchEntry, type SearchProduct, type SearchResult } from '@netloom/domain';
import { paths } from '@/paths';
import { fleetSelection } from '@/lib/fleet-selection';
import { snack } from '@/lib/notify';

/** Where choosing something in the dialog leads. */
export type SearchTarget =
  /** A page; a gateway page is refused while no device is chosen. */
  | { kind: 'page'; href: string; needsDevice: boolean }
  /** A device: it becomes the chosen one, then its page opens. */
  | { kind: 'device'; device: { id: string; name: string }; href: string };

export const entryTarget = (e: SearchEntry): SearchTarget => ({ kind: 'page', href: searchEntryHref(e), needsDevice: e.needsDevice });

/** The spec's refusal (000 §5) when a gateway page is chosen without a device. */
const SELECT_DEVICE_MESSAGE = 'Please Select Device';

/**
 * The page of a server result in the user's products, or null when it belongs to a product they
 * do not have. Results of both products (users, groups) open in `preferred`.
 */
export function resultTarget(
  r: SearchResult,
  products: Readonly<Record<SearchProduct, boolean>>,
  preferred: NonNullable<SearchResult['product']>,
): SearchTarget | null {
  const product = r.product ?? preferred;
  if (!products[product]) return null;
  const page = (href: string): SearchTarget => ({ kind: 'page', href, needsDevice: false });
  switch (r.kind) {
    case 'device':
      // As the header's device picker does from a dashboard: a gateway's overview, an endpoint's profiles.
      return { kind: 'device', device: { id: r.id, name: r.name }, href: product === 'sdwan' ? paths.product.deviceOverview : paths.ztnaEndpointProfiles };
    case 'device_group':
      return page(`${paths.product.network(product)}/${r.id}`);
    case 'user':
      return page(paths.product.teamsUserDetails(product, r.id));
    case 'group':
      return page(paths.product.teamsGroups(product));
    case 'template':
      return products.sdwan ? page(paths.product.configTemplate('sdwan', r.id)) : null;
    case 'webfilter_policy':
      return products.ztna ? page(paths.ztnaWebFilter.urlBased) : null;
    case 'access_policy':
      return products.ztna ? page(paths.ztna.policies) : null;
  }
}

/** Opens a target: navigates, chooses the device first, or refuses a gateway page without one. */
export function useOpenTarget(): (t: SearchTarget) => void {
  const navigate = useNavigate();
  return useCallback(
    (t: SearchTarget) => {
      if (t.kind === 'device') {
        // The device picker's way: remember it, then through the loading page so the next page starts with it.
        fleetSelection.selectDevice(t.device);
        void navigate(paths.loading);
        setTimeout(() => void navigate(t.href, { replace: true }), 0);
        return;
      }
      if (t.needsDevice && !fleetSelection.get().device) {
        snack(SELECT_DEVICE_MESSAGE, { color: 'yellow' });
        return;
      }
      void navigate(t.href);
    },
    [navigate],
  );
}
