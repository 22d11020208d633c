// First, as in the console's entry: zod compiles no parsers (the page is under the same CSP).
import '@/app/zod-jitless';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@/app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { GalleryPage } from './gallery-page';

/**
 * The component gallery is a page of its own (dev/gallery/index.html), built beside the console in
 * the same production build but never part of the console's bundle: the server serves it only
 * when CONSOLE_GALLERY=1 (the end-to-end tests), the development server always.
 */
const router = createBrowserRouter([{ path: '/dev/gallery', element: <GalleryPage /> }]);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
