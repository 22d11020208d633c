import { execFile, spawn } from 'node:child_process';

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a program of the box (never through a shell: no argument is ever interpreted), with `input` on its stdin. */
export function run(command: string, args: readonly string[], input?: string, timeoutMs = 20_000): Promise<Ran> {
  return new Promise((resolve) => {
    const child = execFile(command, args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as NodeJS.ErrnoException).code === 'number' ? Number((err as NodeJS.ErrnoException).code) : 1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr || (err && !stderr ? err.message : '')) });
    });
    if (input !== undefined) child.stdin?.end(input);
  });
}

/** Runs it and throws its own words when it fails: what the admin needs to see in the push's result. */
export async function must(command: string, args: readonly string[], input?: string): Promise<string> {
  const ran = await run(command, args, input);
  if (ran.code !== 0) throw new Error(`${[command, ...args.slice(0, 3)].join(' ')}: ${(ran.stderr || ran.stdout).trim().split('\n').slice(0, 4).join(' / ')}`);
  return ran.stdout;
}

/** Whether a program is on the box's PATH. */
export async function installed(command: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', 'command -v "$0"', command], { stdio: 'ignore' });
    child.on('exit', (code) => resolve(code === 0));
    child.on('error', () => resolve(false));
  });
}
