/**
 * The widgets of the SD-WAN and ZTNA dashboards (spec 000 §2.7) and a tenant's layout of them:
 * which show and in what order. The layout only narrows what the dashboard's own rules allow.
 */
export const DASHBOARD_WIDGET_IDS = ['tiles', 'map', 'traffic', 'webFilter', 'devices'] as const;
export type DashboardWidgetId = (typeof DASHBOARD_WIDGET_IDS)[number];
export type DashboardProduct = 'sdwan' | 'ztna';

export const DASHBOARD_WIDGET_LABELS: Record<DashboardWidgetId, string> = {
  tiles: 'Summary tiles',
  map: 'Map',
  traffic: 'Top traffic',
  webFilter: 'Web filter graphs',
  devices: 'Device list',
};

/** Each product's widgets in today's order, which is also the default layout. The web-filter graphs exist only on ZTNA. */
export const PRODUCT_DASHBOARD_WIDGETS: Record<DashboardProduct, readonly DashboardWidgetId[]> = {
  sdwan: ['tiles', 'map', 'traffic', 'devices'],
  ztna: ['tiles', 'map', 'traffic', 'webFilter', 'devices'],
};

/** The device list holds the empty state and the way to each device: it cannot be hidden. */
export const ALWAYS_SHOWN_WIDGETS: readonly DashboardWidgetId[] = ['devices'];

export interface DashboardLayoutEntry {
  id: DashboardWidgetId;
  shown: boolean;
}
export interface DashboardLayout {
  widgets: DashboardLayoutEntry[];
}

export function defaultDashboardLayout(product: DashboardProduct): DashboardLayout {
  return { widgets: PRODUCT_DASHBOARD_WIDGETS[product].map((id) => ({ id, shown: true })) };
}

/**
 * A stored layout completed for today's product: its known widgets in its order, any widget it
 * does not name (one added later) after them and shown, the device list always shown.
 */
export function resolveDashboardLayout(product: DashboardProduct, stored: DashboardLayout | null | undefined): DashboardLayout {
  const known = PRODUCT_DASHBOARD_WIDGETS[product];
  const seen = new Set<DashboardWidgetId>();
  const widgets: DashboardLayoutEntry[] = [];
  for (const entry of stored?.widgets ?? []) {
    if (!known.includes(entry.id) || seen.has(entry.id)) continue;
    seen.add(entry.id);
    widgets.push({ id: entry.id, shown: entry.shown || ALWAYS_SHOWN_WIDGETS.includes(entry.id) });
  }
  for (const id of known) if (!seen.has(id)) widgets.push({ id, shown: true });
  return { widgets };
}

/**
 * What is wrong with a layout sent for a product, by field ('widgets.2.id'); empty when it can be
 * saved. Each widget at most once, only the product's own, the device list never hidden.
 */
export function dashboardLayoutProblems(product: DashboardProduct, layout: DashboardLayout): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const seen = new Set<DashboardWidgetId>();
  layout.widgets.forEach((entry, i) => {
    const field = `widgets.${i}.id`;
    if (!PRODUCT_DASHBOARD_WIDGETS[product].includes(entry.id)) problems[field] = [`The ${product.toUpperCase()} dashboard has no widget '${entry.id}'.`];
    else if (seen.has(entry.id)) problems[field] = [`The widget '${entry.id}' is named more than once.`];
    else if (!entry.shown && ALWAYS_SHOWN_WIDGETS.includes(entry.id))
      problems[`widgets.${i}.shown`] = [`The ${DASHBOARD_WIDGET_LABELS[entry.id]} is always shown.`];
    seen.add(entry.id);
  });
  return problems;
}

/** What the dashboard shows besides the layout (spec 000 §2.7): the tenant's settings and whether a device exists. */
export interface DashboardConditions {
  hasDevices: boolean;
  /** Usage Graph (netflow) setting. */
  netflow: boolean;
  /** URL Stats setting. */
  urlStats: boolean;
}

/**
 * Why a widget would not show now, whatever the layout says; null when it shows. Tiles, map and
 * the graphs need a device; the traffic chart needs Usage Graph on and URL Stats off; the web
 * filter graphs need URL Stats on (ZTNA only).
 */
export function widgetHiddenReason(product: DashboardProduct, id: DashboardWidgetId, c: DashboardConditions): string | null {
  if (id === 'devices') return null;
  if (!c.hasDevices) return 'Shows once a device exists.';
  if (id === 'traffic' && !(c.netflow && !c.urlStats)) return 'Shows when Usage Graph is on and URL Stats is off (Settings).';
  if (id === 'webFilter' && !(product === 'ztna' && c.urlStats)) return 'Shows when URL Stats is on (Settings).';
  return null;
}

/** The widgets to render, in order: shown in the layout and allowed by the dashboard's rules. */
export function visibleDashboardWidgets(product: DashboardProduct, layout: DashboardLayout | null | undefined, c: DashboardConditions): DashboardWidgetId[] {
  return resolveDashboardLayout(product, layout)
    .widgets.filter((w) => w.shown && widgetHiddenReason(product, w.id, c) === null)
    .map((w) => w.id);
}
