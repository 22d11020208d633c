/**
 * The console as a new user gets it from `npm start`, for the browser benchmarks: the Netloom server
 * serving a console build, on a spare port with a fresh data folder and the demo fleet (the
 * dashboard's tiles show once the tenant has devices). The build is made first if it is missing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startChild, waitForPort } from '../live/proc';

const REPO = path.resolve(import.meta.dirname, '../..');
/** packages/web/dist, or the build BENCH_WEB_DIST names. */
const CONSOLE_DIST = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(REPO, 'packages/web/dist'));
/** The demo's owner of Acme. */
export const DEMO_OWNER = { username: 'owner@acme.test', password: process.env.DEMO_PASSWORD ?? 'netloom-demo' };

export async function startConsoleServer(): Promise<{ base: string; stop: () => Promise<void> }> {
  if (!existsSync(path.join(CONSOLE_DIST, 'index.html'))) {
    console.log(`No console build in ${CONSOLE_DIST}: building it (npm run build)…`);
    execFileSync('npm', ['run', 'build'], { cwd: REPO, stdio: 'inherit' });
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-console-data-'));
  const server = startChild(
    'server',
    ['--import', 'tsx'],
    'packages/server/src/server.ts',
    { ...process.env, PORT: String(port), DATA_DIR: dataDir, MAIL_DIR: path.join(dataDir, 'mail'), WEB_DIST: CONSOLE_DIST, LOG_LEVEL: 'warn' },
    REPO,
  );
  // On a shared machine under heavy load the server's first start (migrations on a fresh PGlite) can take minutes.
  await waitForPort(port, server, Number(process.env.BENCH_START_TIMEOUT_S ?? 120) * 1000);
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
