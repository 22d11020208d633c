import { redirect, type LoaderFunction } from 'react-router';

/**
 * A route that only redirects. Its element is null on purpose: on a page load of such a URL React
 * Router renders the matched route once before the redirect lands, and warns when it has nothing
 * to render ("Matched leaf route … does not have an element or Component").
 */
export function redirectRoute(loader: LoaderFunction): { loader: LoaderFunction; element: null } {
  return { loader, element: null };
}

/** A route that always sends the visitor to `to`. */
export const redirectTo = (to: string) => redirectRoute(() => redirect(to));
