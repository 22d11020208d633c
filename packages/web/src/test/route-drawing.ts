import { isValidElement, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

type Resolved = { element?: unknown; Component?: ComponentType | null };

/** What a URL of the console's route table leads to: the leaf route it matches and what that draws. */
export interface RouteDrawing {
  /** The matched leaf (null: no route at all). */
  leaf: { path?: string; params: Record<string, string | undefined> } | null;
  /** Its element, its lazily loaded element or component, 'redirect' for a route that only redirects. */
  drawn: ReactElement | 'redirect' | null;
  /** Where a redirect leads, when it says so without a request of its own. */
  location: string | null;
}

/** Follows the leaf route of `href` as far as the table says without rendering: its element, or its redirect. */
export async function drawingOf(routes: RouteObject[], href: string): Promise<RouteDrawing> {
  const matches = matchRoutes(routes, href);
  const match = matches?.at(-1);
  if (!match) return { leaf: null, drawn: null, location: null };
  const route = match.route;
  const own = route as Resolved;
  const resolved: Resolved = typeof route.lazy === 'function' ? ((await route.lazy()) as Resolved) : own;
  const leaf = { path: route.path, params: match.params };
  if (isValidElement(resolved.element)) return { leaf, drawn: resolved.element, location: null };
  if (resolved.Component) return { leaf, drawn: { type: resolved.Component, props: {} } as ReactElement, location: null };
  // A route without anything to draw only redirects (redirect-route.ts) to a page of its section.
  if (typeof route.loader !== 'function') return { leaf, drawn: null, location: null };
  const url = new URL(href, 'http://console.test');
  const answer: unknown = await route.loader({ request: new Request(url), url, pattern: route.path ?? '', params: match.params, context: undefined });
  const location = answer instanceof Response ? answer.headers.get('Location') : null;
  return { leaf, drawn: 'redirect', location };
}
