import { hostname } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Runs in a thread of its own: the main thread may be blocked at the deadline (PGlite runs its
 * statements, and its close, synchronously on the main thread), where none of its timers can fire.
 * At the deadline it writes the log line itself, straight to stdout, and ends the process.
 */
const WATCHDOG = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
setTimeout(() => {
  const line = JSON.stringify({ level: 50, time: Date.now(), pid: process.pid, hostname: workerData.hostname, msg: workerData.msg });
  try { writeSync(1, line + '\\n'); } catch {}
  process.kill(process.pid, 'SIGKILL');
}, workerData.afterMs);
`;

export interface Watchdog {
  disarm(): Promise<void>;
}

/**
 * Ends the process `afterMs` from now, even if its event loop is blocked then, with `msg` as its
 * last log line (killed: exit status 137). `disarm` before that lets it live.
 */
export function armWatchdog(afterMs: number, msg: string): Watchdog {
  const worker = new Worker(WATCHDOG, { eval: true, workerData: { afterMs, msg, hostname: hostname() } });
  // The watchdog alone must not keep a process alive that has finished everything else.
  worker.unref();
  return {
    disarm: async () => {
      await worker.terminate();
    },
  };
}
