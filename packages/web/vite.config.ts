import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The dev server forwards API and live-socket traffic to a locally running Netloom server,
// so the console talks to the same origin in development as it does when served by the server.
const backend = process.env.NETLOOM_BACKEND ?? 'http://127.0.0.1:8080';

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  // '@/lib/…' instead of '../../../lib/…' (tsconfig.json "paths" says the same to TypeScript). '@dev/' is
  // what only development and gallery builds load (the component gallery); a production build has none of it.
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
    rollupOptions: {
      output: {
        // Libraries change far less often than the console: keep them cacheable on their own.
        manualChunks: {
          react: ['react', 'react-dom', 'react-router'],
          mantine: ['@mantine/core', '@mantine/hooks', '@mantine/modals', '@mantine/notifications'],
          query: ['@tanstack/react-query'],
        },
      },
    },
  },
}));
