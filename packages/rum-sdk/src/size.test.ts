import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';

describe('the SDK bundle', () => {
  it('stays within 10 kB gzipped, as a tenant page downloads it', async () => {
    // This project's DOM environment puts its own Uint8Array on the global object; esbuild checks that
    // it is Node's (the one Buffer extends), and is loaded once that is so.
    vi.stubGlobal('Uint8Array', Object.getPrototypeOf(Buffer.prototype).constructor);
    try {
      const { build } = await import('esbuild');
      const { SDK_BUILD } = await import('../scripts/build.ts');
      const result = await build({ ...SDK_BUILD, write: false, sourcemap: false });
      const js = result.outputFiles.find((f) => f.path.endsWith('.js'))!;
      const gzipped = gzipSync(js.contents, { level: 9 }).length;
      expect(gzipped).toBeGreaterThan(1000);
      expect(gzipped).toBeLessThanOrEqual(10 * 1024);
    } finally {
      vi.unstubAllGlobals();
    }
  }, 60_000);
});
