import type { RouteObject } from 'react-router';

/**
 * The component gallery exists in development builds, and in builds made with VITE_GALLERY=1
 * (the end-to-end tests); a production build leaves the route and its code out.
 */
export const galleryEnabled = import.meta.env.DEV || import.meta.env.VITE_GALLERY === '1';

export const galleryRoutes: RouteObject[] = galleryEnabled
  ? [
      {
        path: 'dev/gallery',
        lazy: async () => ({ Component: (await import('./gallery-page')).GalleryPage }),
      },
    ]
  : [];
