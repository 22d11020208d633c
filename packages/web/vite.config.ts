import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { VitePWA } from 'vite-plugin-pwa';
import { buildHash, precompress, versionFile } from './build-version.ts';

// The dev server forwards API and live-socket traffic to a locally running Netloom server,
// so the console talks to the same origin in development as it does when served by the server.
const backend = process.env.NETLOOM_BACKEND ?? 'http://127.0.0.1:8080';

// Never answered from the service worker's cache: the API (with its docs), live sockets, the device
// socket, the operability endpoints, and the version file the update check compares against.
const NETWORK_ONLY = [/^\/api\//, /^\/ws\//, /^\/agent\//, /^\/metrics/, /^\/healthz/, /^\/readyz/, /^\/version\.json/];

export default defineConfig(({ mode, command }) => ({
  // The build's hash, compiled in and written to version.json; a development server has no version.
  define: { __APP_BUILD_HASH__: JSON.stringify(buildHash(command, mode)) },
  plugins: [
    react(),
    versionFile(buildHash(command, mode)),
    // The service worker precaches the console's assets; the app registers it itself when stable
    // (features/connectivity), and a new one activates at once (autoUpdate: skipWaiting, clientsClaim).
    VitePWA({
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: false,
      filename: 'sw.js',
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff,woff2}'],
        // The component gallery is a page of its own that consoles never load (see dev/gallery/main.tsx).
        globIgnores: ['dev/**', 'assets/gallery-*'],
        // The map and chart libraries are larger than Workbox's 2 MiB default.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: 'index.html',
        navigateFallbackDenylist: NETWORK_ONLY,
        cleanupOutdatedCaches: true,
        // A new worker takes over at once, open pages included (the console reloads onto it).
        skipWaiting: true,
        clientsClaim: true,
      },
    }),
    precompress(),
  ],
  // '@/lib/…' instead of '../../../lib/…' (tsconfig.json "paths" says the same to TypeScript). '@dev/' is
  // the component gallery's folder, a page of its own (dev/gallery/index.html).
  resolve: {
    alias: {
      '@dev': fileURLToPath(new URL('./dev', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/ws': { target: backend.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // A production console must not hand out its sources; a development build keeps them for debugging.
    sourcemap: mode !== 'production',
    rolldownOptions: {
      // The console, and the component gallery as a page of its own (served only when the server is asked to).
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        gallery: fileURLToPath(new URL('./dev/gallery/index.html', import.meta.url)),
      },
      output: {
        // Libraries change far less often than the console: keep them cacheable on their own.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](core|hooks|modals|notifications)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/ },
          ],
        },
      },
    },
  },
}));
