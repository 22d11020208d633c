import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding the migrated, seeded PGlite database every PGlite build of the run starts from. */
    pgliteTemplate: string;
  }
}

let template: Promise<Blob | null> | undefined;

/** The run's template (vitest's globalSetup made it), read once per test file; null outside vitest's projects. */
export function pgliteTemplate(): Promise<Blob | null> {
  template ??= (async () => {
    const file = inject('pgliteTemplate');
    return file ? new Blob([await readFile(file)]) : null;
  })();
  return template;
}

/**
 * An in-memory PGlite that starts from the run's template: migrating a fresh one costs over 30 s of
 * a busy 2-core machine, which a suite that only needs some migrated database should not pay.
 */
export async function migratedPglite(): Promise<{ kind: 'pglite'; dataDir: null; from?: Blob }> {
  const from = await pgliteTemplate();
  return from ? { kind: 'pglite', dataDir: null, from } : { kind: 'pglite', dataDir: null };
}
