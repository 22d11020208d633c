import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// @vitest-fresh-modules: what it checks happens when zod and the schemas are first imported.

/** The first module an entry imports, skipping stylesheets (they build no schema). */
const firstScriptImport = (entry: string) =>
  [...readFileSync(path.resolve(import.meta.dirname, entry), 'utf8').matchAll(/^import\s+(?:[^'"]*from\s+)?'([^']+)';/gm)]
    .map((m) => m[1]!)
    .find((spec) => !spec.endsWith('.css'));

it('is what the console’s entries import first, before any module that builds a schema', () => {
  expect(firstScriptImport('../main.tsx')).toBe('./app/zod-jitless');
  expect(firstScriptImport('../../dev/gallery/main.tsx')).toBe('@/app/zod-jitless');
});

it('keeps zod from calling new Function (which the CSP refuses) while the console’s schemas are built and used', async () => {
  // Every `new Function` in this worker from here on, zod's probe and compiled parsers included.
  const compiled: string[] = [];
  const RealFunction = globalThis.Function;
  globalThis.Function = new Proxy(RealFunction, {
    construct(target, args: string[]) {
      compiled.push(String(args.at(-1)).slice(0, 60));
      return Reflect.construct(target, args) as object;
    },
  });
  try {
    const { z } = await import('zod');
    // The measure sees zod's compiling: a schema built before the setting probes and compiles.
    z.object({ a: z.string() }).parse({ a: 'x' });
    expect(compiled.length).toBeGreaterThan(0);
    compiled.length = 0;

    await import('./zod-jitless');
    const domain = await import('@netloom/domain');
    domain.trafficQueryBodySchema.parse({ top_count: 5 });
    domain.flowsAnswerSchema.parse({ count: 0, results: [], retained_from: '2026-01-01T00:00:00Z' });
    domain.apiErrorSchema.parse({ detail: 'x', code: 'y' });
    expect(compiled).toEqual([]);
  } finally {
    globalThis.Function = RealFunction;
  }
});
