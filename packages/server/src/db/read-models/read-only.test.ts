import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// A read model hands out another module's tables to read and join; writing them stays with their
// owner (db/schema/README.md). This finds an insert, update or delete of a table that a file took
// from a read model.
const SRC = join(import.meta.dirname, '..', '..');
const IMPORT = /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'(?:\.\.\/)+db\/read-models\/[^']+'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

export function writesThroughReadModels(source: string): string[] {
  const names = [...source.matchAll(IMPORT)].flatMap(([, list]) =>
    list!
      .split(',')
      .map((name) => name.replace(/^\s*type\s+/, '').trim())
      .filter(Boolean),
  );
  return names.filter((name) => new RegExp(`\\.(insert|update|delete)\\(\\s*${name}\\b`).test(source));
}

describe('read models', () => {
  it('are only read: no file writes a table it took from a read model', () => {
    const writes = sourceFiles(SRC).flatMap((file) => writesThroughReadModels(readFileSync(file, 'utf8')).map((name) => `${relative(SRC, file)}: ${name}`));
    expect(writes).toEqual([]);
  });

  it('see a write', () => {
    const source = "import { devices } from '../../db/read-models/devices';\nawait tx.update(devices).set({ name });";
    expect(writesThroughReadModels(source)).toEqual(['devices']);
  });
});
