import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const here = import.meta.dirname;
const repo = path.resolve(here, '../..');

/** Everything a console build is made of; tests are not part of a build. */
const INPUTS = [
  'packages/web/src',
  'packages/web/dev',
  'packages/web/index.html',
  'packages/web/public',
  'packages/web/vite.config.ts',
  'packages/web/build-version.ts',
  'packages/domain/src',
  'package-lock.json',
];

function* files(p: string): Generator<string> {
  if (!existsSync(p)) return;
  if (!statSync(p).isDirectory()) {
    yield p;
    return;
  }
  for (const name of readdirSync(p).sort()) {
    if (!/\.test\.tsx?$/.test(name)) yield* files(path.join(p, name));
  }
}

const hashes = new Map<string, string>();

/**
 * The build's version hash: sources, locked dependencies, mode and VITE_ settings. The same sources
 * build the same hash, so rebuilding without a change does not make open consoles reload.
 */
export function buildHash(command: 'build' | 'serve', mode: string): string {
  if (command !== 'build') return 'development';
  const key = `${command}:${mode}`;
  const known = hashes.get(key);
  if (known) return known;
  const h = createHash('sha256');
  h.update(mode);
  for (const [k, v] of Object.entries(process.env).sort()) if (k.startsWith('VITE_')) h.update(`${k}=${v}\n`);
  for (const input of INPUTS) {
    for (const file of files(path.join(repo, input))) {
      h.update(path.relative(repo, file));
      h.update(readFileSync(file));
    }
  }
  const hash = h.digest('hex').slice(0, 16);
  hashes.set(key, hash);
  return hash;
}

/** Writes version.json ({hash}) into the build output; the console compares it with its compiled-in hash. */
export function versionFile(hash: string): Plugin {
  return {
    name: 'netloom-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify({ hash })}\n` });
    },
  };
}

/**
 * Gzip copies of the text assets next to them, which the server's static files send to browsers
 * that accept gzip (@fastify/static preCompressed). Files under 1 kB gain nothing; source maps are
 * never served.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'netloom-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of files(outDir)) {
        if (!/\.(js|css|html|svg|json|webmanifest)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}
