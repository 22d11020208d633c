import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { DEMO_PASSWORD } from './demo-password';
import { dumpTemplate } from './pglite-dump';

// Runs in vitest's main process, where `vitest` itself must not be imported: hence pglite-dump.ts apart.
/** Once per run of a project: the PGlite template its builds start from (test/pglite-template.ts). */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'netloom-pglite-'));
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await (await dumpTemplate(DEMO_PASSWORD)).arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
