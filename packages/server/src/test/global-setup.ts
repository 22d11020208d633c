import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { DEMO_PASSWORD } from './demo-password';
import { dumpTemplate } from './pglite-dump';

// Runs in vitest's main process, where `vitest` itself must not be imported: hence pglite-dump.ts apart.
/** Once per run of a project: the PGlite template its builds start from (test/pglite-template.ts). */
export default async function setup(project: TestProject) {
  const warming = warmServerSource();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'netloom-pglite-'));
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await (await dumpTemplate(DEMO_PASSWORD)).arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => {
    warming.kill();
    await rm(dir, { recursive: true, force: true });
  };
}

/**
 * The servers some tests start as processes (shutdown, backup) load the source through tsx, whose
 * cache of compiled files is made here once, beside the first test files: a cold start compiles
 * every file of the server, which on a busy 2-core machine took longer than such a test waits for
 * the server to be ready. Not awaited: the run does not wait for it, and a start before it ends
 * compiles what is missing itself.
 */
function warmServerSource() {
  const root = path.resolve(import.meta.dirname, '../../../..');
  const modules = ['app', 'config', 'shutdown', 'demo/seed', 'db/unavailable', 'memory-profile'].map((m) => `./packages/server/src/${m}.ts`);
  return spawn(process.execPath, ['--import', 'tsx', '--eval', `await Promise.all(${JSON.stringify(modules)}.map((m) => import(m)))`], {
    cwd: root,
    stdio: 'ignore',
  });
}
