// The Netloom RUM SDK: loaded by the snippet's script tag on a tenant's page, it reports page views
// with their timing, Core Web Vitals with attribution, JavaScript errors and SPA route changes to the
// site's ingest endpoint. It sets no cookie, and nothing it does may throw into the page.
import { readConfig, visitorOptsOut } from './config.ts';
import { observeErrors } from './errors.ts';
import { session } from './session.ts';
import { observeRouteChanges } from './spa.ts';
import { navigationSummary, resourceSummary } from './timing.ts';
import { createTransport } from './transport.ts';
import type { PageView } from './types.ts';
import { observeVitals } from './vitals.ts';
import { pageUrl, randomId, safe } from './util.ts';

export interface NetloomRUM {
  /** The current page view's route template (e.g. "/users/:id"), as an SPA's router knows it. */
  setRoute(template: string): void;
  /** The release the page's scripts come from (source maps are uploaded per release). */
  setRelease(release: string): void;
}

declare global {
  interface Window {
    NetloomRUM?: NetloomRUM;
  }
}

function start(): NetloomRUM | undefined {
  const config = readConfig();
  if (!config) return undefined;
  if (config.honourDnt && visitorOptsOut()) return undefined;
  const { sid, in: sampled } = session(config.sample);
  if (!sampled) return undefined;

  let release = config.release;
  const ref = pageUrl(document.referrer) || undefined;
  const transport = createTransport(config.endpoint, () => ({ sid, ref, release }));

  // The document's own page view: queued once the load has happened (its timing complete), or when the
  // page is hidden before that, with what was measured so far.
  const first: PageView = { pid: randomId(), url: pageUrl(location.href) };
  let current = first;
  let firstQueued = false;
  const queueFirstView = () => {
    if (firstQueued) return;
    firstQueued = true;
    transport.add(first, () => ({ t: 'view', at: Date.now(), nav: navigationSummary(), resources: resourceSummary(0, config.endpoint) }));
  };
  if (document.readyState === 'complete') queueFirstView();
  // After the load event's own handlers, so loadEventEnd is set.
  else
    addEventListener(
      'load',
      safe(() => setTimeout(safe(queueFirstView), 0)),
    );

  // Vitals measure the document's load (LCP, FCP, TTFB) or its whole life (INP, CLS): its first page view.
  observeVitals(safe((event) => transport.add(first, event)));
  const errors = observeErrors(safe((event) => transport.add(current, event)));

  observeRouteChanges(() => {
    const from = current;
    const started = performance.now();
    const view: PageView = { pid: randomId(), url: pageUrl(location.href) };
    current = view;
    errors.newView();
    const at = Date.now();
    // Read when sent: the router names the route template (setRoute) just after it changes the URL.
    transport.add(view, () => ({ t: 'route', at, from: from.url, to: view.url, route: view.route }));
    transport.add(view, () => ({ t: 'view', at, nav: { type: 'route' }, resources: resourceSummary(started, config.endpoint) }));
  });

  const hidden = safe(() => {
    queueFirstView();
    transport.flush();
  });
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && hidden());
  addEventListener('pagehide', hidden);

  return {
    setRoute: safe((template: string) => {
      current.route = String(template).slice(0, 200);
    }),
    setRelease: safe((r: string) => {
      release = String(r).slice(0, 100) || undefined;
    }),
  };
}

let api: NetloomRUM | undefined;
try {
  api = start();
} catch {
  // A browser without what the SDK needs is simply not measured.
}
// Always there, so an SPA's calls work whether or not this session is measured.
window.NetloomRUM = api ?? { setRoute() {}, setRelease() {} };
