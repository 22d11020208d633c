/**
 * Child processes of bench:live (the Netloom server, the bare relay) and what /proc says about
 * them: CPU time (utime + stime) and resident memory, so each side's figures are its own.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import net from 'node:net';

const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Seconds of CPU (user + system) the process has used so far. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return (utime + stime) / CLK_TCK;
}

/**
 * CPU seconds used so far by each process named `postgres` on this machine (the server's backends,
 * the WAL writer, autovacuum…), by pid: a local PostgreSQL's share of the machine during a phase.
 */
export function postgresCpuSeconds(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') byPid.set(Number(entry), cpuSeconds(Number(entry)));
    } catch {
      // The process ended while we looked.
    }
  }
  return byPid;
}

/** CPU seconds PostgreSQL used between two readings (a backend that ended in between is not counted). */
export function postgresCpuSince(start: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of postgresCpuSeconds()) total += seconds - (start.get(pid) ?? 0);
  return total;
}

/** Resident set size in MB (VmRSS). */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** The soft limit on open files of a process (ours by default). */
export function openFilesLimit(pid: number | 'self' = 'self'): number {
  const m = /Max open files\s+(\d+|unlimited)/.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'));
  if (!m) return NaN;
  return m[1] === 'unlimited' ? Infinity : Number(m[1]);
}

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Samples a process's RSS every second; the max (and when it was seen) and the last value are reported. */
export class RssSampler {
  max = 0;
  last = 0;
  /** The stage (see `stage`) during which the max was seen. */
  maxDuring = '';
  /** RSS when each stage ended, in order. */
  readonly stages: { stage: string; mb: number }[] = [];
  private current = 'start-up';
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pid: number) {
    this.sample();
    this.timer = setInterval(() => this.sample(), 1000);
  }

  sample(): void {
    try {
      this.last = rssMb(this.pid);
      if (this.last > this.max) {
        this.max = this.last;
        this.maxDuring = this.current;
      }
    } catch {
      // The process is gone: keep the figures we have.
    }
  }

  /** Ends the current stage (recording the RSS now) and names the next one. */
  stage(next: string): void {
    this.sample();
    this.stages.push({ stage: this.current, mb: this.last });
    this.current = next;
  }

  stop(): void {
    clearInterval(this.timer);
    if (this.stages.at(-1)?.stage !== this.current) this.stage('stopped');
  }
}

const children = new Set<ChildProcess>();

/** Kills every child still running, at once (process exit, Ctrl-C, harness error). */
export function killAllChildren(): void {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  children.clear();
}

/** Makes a child started elsewhere (a fork) part of killAllChildren. */
export function trackChild(proc: ChildProcess): void {
  children.add(proc);
  proc.once('exit', () => children.delete(proc));
}

export interface Child {
  proc: ChildProcess;
  pid: number;
  /** Settles when the process exits, with its code or signal. */
  exited: Promise<string>;
  /** SIGINT, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<string>;
}

/**
 * Starts `node [nodeArgs] script` with the given environment. Its stderr (and stdout) is passed on,
 * prefixed and capped, so a server that logs an error in a loop cannot flood the report. With
 * BENCH_CHILD_LOG_DIR set, the whole output also goes to <dir>/<label>.log (for --trace-gc and the like).
 */
export function startChild(label: string, nodeArgs: string[], script: string, env: NodeJS.ProcessEnv, cwd: string): Child {
  const proc = spawn(process.execPath, [...nodeArgs, script], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  if (proc.pid === undefined) throw new Error(`${label}: could not start ${script}`);
  children.add(proc);
  let lines = 0;
  const logFile = env.BENCH_CHILD_LOG_DIR ? path.join(env.BENCH_CHILD_LOG_DIR, `${label}.log`) : null;
  const relay = (chunk: Buffer) => {
    if (logFile) appendFileSync(logFile, chunk);
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      if (++lines <= 30) process.stderr.write(`  [${label}] ${line.slice(0, 400)}\n`);
      else if (lines === 31) process.stderr.write(`  [${label}] … (further output not shown)\n`);
    }
  };
  proc.stdout!.on('data', relay);
  proc.stderr!.on('data', relay);
  const exited = new Promise<string>((resolve) => {
    proc.once('exit', (code, signal) => {
      children.delete(proc);
      resolve(signal ? `signal ${signal}` : `code ${code}`);
    });
  });
  return {
    proc,
    pid: proc.pid,
    exited,
    async stop(graceMs = 20_000) {
      if (proc.exitCode !== null || proc.signalCode !== null) return exited;
      proc.kill('SIGINT');
      const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
      const how = await exited;
      clearTimeout(timer);
      return how;
    },
  };
}

/** Resolves once something accepts TCP connections on 127.0.0.1:port; fails if the child dies first. */
export async function waitForPort(port: number, child: Child, timeoutMs: number): Promise<void> {
  let dead: string | null = null;
  void child.exited.then((how) => (dead = how));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (dead) throw new Error(`the child exited (${dead}) before listening on ${port}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await sleep(250);
  }
  throw new Error(`nothing listened on ${port} within ${timeoutMs / 1000} s`);
}
