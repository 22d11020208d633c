import { build, type BuildOptions } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The SDK as tenants' pages load it: one minified IIFE (a classic script tag, no module loader on the
 * page), with its source map beside it. The size test builds with the same options.
 */
export const SDK_BUILD: BuildOptions = {
  entryPoints: [path.join(here, '../src/index.ts')],
  bundle: true,
  format: 'iife',
  minify: true,
  sourcemap: true,
  // Browsers from 2020 on; the vitals themselves need newer ones, which web-vitals checks for.
  target: ['es2019'],
  legalComments: 'none',
  outfile: path.join(here, '../dist/netloom-rum.js'),
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await build(SDK_BUILD);
}
