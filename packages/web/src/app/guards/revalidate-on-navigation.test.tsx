import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { revalidateOnNavigation } from './loaders';

/** A guarded page (a loader like the console's guards, counting its runs) with two children. */
function guardedRouter() {
  const runs = { count: 0 };
  const router = createMemoryRouter(
    [
      {
        path: '/',
        loader: () => (runs.count++, null),
        HydrateFallback: () => null,
        shouldRevalidate: revalidateOnNavigation,
        element: <Outlet />,
        children: [
          { path: 'dashboard', element: <p>Dashboard</p> },
          { path: 'settings', element: <p>Settings</p> },
        ],
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(<RouterProvider router={router} />);
  return { router, runs };
}

describe('when the console guards run again', () => {
  it('not when only the search params change: table paging and map moves stay on the page', async () => {
    const { router, runs } = guardedRouter();
    await screen.findByText('Dashboard');
    expect(runs.count).toBe(1);
    await act(() => router.navigate('/dashboard?page=2'));
    await act(() => router.navigate('/dashboard?page=2&map=13.0827,80.2707,10', { replace: true }));
    expect(router.state.location.search).toBe('?page=2&map=13.0827,80.2707,10');
    expect(runs.count).toBe(1);
  });

  it('on every navigation to a page, on the same URL again and when asked to', async () => {
    const { router, runs } = guardedRouter();
    await screen.findByText('Dashboard');
    await act(() => router.navigate('/settings'));
    expect(screen.getByText('Settings')).toBeTruthy();
    expect(runs.count).toBe(2);
    await act(() => router.navigate('/settings'));
    expect(runs.count).toBe(3);
    await act(() => router.revalidate());
    expect(runs.count).toBe(4);
    await act(() => router.navigate('/dashboard?page=3'));
    expect(runs.count).toBe(5);
  });
});
