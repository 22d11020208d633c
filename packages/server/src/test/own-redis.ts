import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process';

const run = promisify(execFile);

/**
 * A Redis server of the test's own (Debian's redis-server), on a free port, that the test stops
 * and starts again: what a Redis outage looks like to the instances. Never the machine's shared
 * Redis, which other suites use meanwhile.
 */
export class OwnRedis {
  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort(), await mkdtemp(path.join(tmpdir(), 'netloom-redis-')));
    await redis.up();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts (again) on the same port, empty, and waits until it answers. */
  async up(): Promise<void> {
    const pidfile = path.join(this.dir, 'redis.pid');
    await run('redis-server', [
      '--port',
      String(this.port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'yes',
      '--pidfile',
      pidfile,
      '--dir',
      this.dir,
    ]);
    const until = Date.now() + 10_000;
    while ((await this.ping()) !== 'PONG') {
      if (Date.now() > until) throw new Error(`redis-server on ${this.port} did not answer`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Stops it (no save), closing every client's connection. */
  async down(): Promise<void> {
    await run('redis-cli', ['-p', String(this.port), 'shutdown', 'nosave']).catch(() => undefined);
    const until = Date.now() + 10_000;
    while ((await this.ping()) === 'PONG') {
      if (Date.now() > until) throw new Error(`redis-server on ${this.port} did not stop`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  private ping(): Promise<string> {
    return run('redis-cli', ['-p', String(this.port), 'ping']).then(
      (r) => r.stdout.trim(),
      () => '',
    );
  }

  async close(): Promise<void> {
    await this.down();
    await rm(this.dir, { recursive: true, force: true });
  }
}
