import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../..');

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The real server (`npm run serve`'s command) as a child process, with its JSON log lines kept. */
export class ServerProcess {
  readonly lines: Record<string, unknown>[] = [];
  readonly exited: Promise<number | null>;

  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
  ) {
    let pending = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const parts = pending.split('\n');
      pending = parts.pop()!;
      for (const p of parts) {
        try {
          this.lines.push(JSON.parse(p) as Record<string, unknown>);
        } catch {
          this.lines.push({ msg: p });
        }
      }
    });
    child.stderr!.resume();
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  static async start(env: Record<string, string>): Promise<ServerProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/server.ts'], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'info', PORT: String(port), HOST: '127.0.0.1', DEMO_FLEET: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ServerProcess(child, port);
    await server.ready();
    return server;
  }

  url(p: string): string {
    return `http://127.0.0.1:${this.port}${p}`;
  }

  /** A cold start compiles the server's source (tsx), which a busy machine takes its time over: see global-setup.ts. */
  private async ready(timeoutMs = 100_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (this.child.exitCode !== null) throw new Error(`server exited with ${this.child.exitCode}: ${JSON.stringify(this.lines.slice(-5))}`);
      const ok = await fetch(this.url('/readyz')).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('server did not become ready');
  }

  logged(text: string): boolean {
    return this.lines.some((l) => typeof l.msg === 'string' && l.msg.includes(text));
  }
}
