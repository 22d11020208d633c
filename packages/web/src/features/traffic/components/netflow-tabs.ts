import { NETFLOW_PAGES } from '@netloom/domain';
import type { RoutedTab } from '@/components/routed-tabs';

type NetflowPage = (typeof NETFLOW_PAGES)[number];

export interface NetflowTab extends RoutedTab {
  graph: NetflowPage['graph'];
  /** What the table's first column holds. */
  keyHeader: string;
}

const KEY_HEADERS: Record<NetflowPage['graph'], string> = {
  'top-protocols': 'Protocol',
  'top-destinations': 'Destination',
  'top-talkers': 'Host',
  'top-server-ports': 'Server port',
  'top-client-ports': 'Client port',
};

const tab = (p: NetflowPage): NetflowTab => ({ route: p.route, label: p.label, graph: p.graph, keyHeader: KEY_HEADERS[p.graph] });
const [first, ...rest] = NETFLOW_PAGES;

/** The five netflow pages (spec 000 §2.15 `sdwan/device/status/netflow/…`) as routed tabs, in menu order. */
export const NETFLOW_TABS: readonly [NetflowTab, ...NetflowTab[]] = [tab(first), ...rest.map(tab)];
