import { spawn } from 'node:child_process';

export interface RunningSimulator {
  /** The device ids the simulator enrolled as, in the order it said so. */
  enrolled: string[];
  stop(): void;
}

/**
 * The real simulator (npm run simulate) against the server under test, speaking the agent
 * protocol with a tenant's enrolment key; `args` are its other options (--gateways, --seed, …).
 * Spawned, not imported: journeys cannot load the @netloom packages.
 */
export function startSimulator(baseURL: string, key: string, args: string[]): RunningSimulator {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'packages/simulator/src/cli.ts', '--url', `${baseURL.replace(/^http/, 'ws')}/agent/v1`, `--key=${key}`, ...args],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const enrolled: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    for (const m of chunk.toString().matchAll(/enrolled \S+ as ([0-9a-f-]{36})/g)) enrolled.push(m[1]!);
  });
  return { enrolled, stop: () => void child.kill('SIGINT') };
}
