import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ServerProcess } from './test/server-process';
import { SHUTDOWN_CLOSE } from './shutdown';

const opened = (ws: WebSocket) =>
  new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
const closed = (ws: WebSocket) =>
  new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));

/** The real server process told to stop, as an orchestrator does it. */
describe('graceful shutdown', () => {
  let dataDir: string;
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('tells devices and consoles it is going away, finishes, closes the database and exits 0; the embedded database opens again', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'netloom-shutdown-'));
    const server = await ServerProcess.start({ DATA_DIR: dataDir, DEMO: '1' });
    const device = new WebSocket(`ws://127.0.0.1:${server.port}/agent/v1`);
    const consoleSocket = new WebSocket(`ws://127.0.0.1:${server.port}/ws/status/00000000-0000-4000-8000-000000000000`, {
      headers: { origin: `http://127.0.0.1:${server.port}` },
    });
    await Promise.all([opened(device), opened(consoleSocket)]);
    const deviceClosed = closed(device);
    const consoleClosed = closed(consoleSocket);

    server.child.kill('SIGTERM');
    expect(await deviceClosed).toEqual(SHUTDOWN_CLOSE);
    expect(await consoleClosed).toEqual(SHUTDOWN_CLOSE);
    expect(await server.exited).toBe(0);
    expect(server.logged('SIGTERM: shutting down')).toBe(true);
    expect(server.logged('shut down: every connection closed')).toBe(true);
    // No new connection once it has gone.
    await expect(fetch(server.url('/healthz'))).rejects.toThrow();

    // PGlite was closed properly: the same data opens again, with the demo's logins.
    const again = await ServerProcess.start({ DATA_DIR: dataDir, DEMO: '1' });
    const login = await fetch(again.url('/api/v1/auth/login/'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner@acme.test', password: 'netloom-demo' }),
    });
    expect(login.status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 120_000);

  it('is gone by SHUTDOWN_TIMEOUT_SECONDS even while the main thread is blocked, and says so last', async () => {
    // The app's close holds the main thread for 30 s (PGlite does so on its own thread, the main one); the limit is 2 s.
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/test/blocked-shutdown.ts'], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: { ...process.env, LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_SECONDS: '2', BLOCK_MS: '30000' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number>((resolve) => child.once('exit', () => resolve(Date.now())));
    const until = Date.now() + 60_000;
    while (!out.includes('"listening"') && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    const tookMs = (await exited) - signalledAt;
    // Generous for a busy machine, and far from the 30 s the blocked close would have taken.
    expect(tookMs).toBeLessThan(12_000);
    const lines = out.trim().split('\n');
    expect(lines.at(-1)).toContain('shutdown still draining');
  }, 90_000);
});
