import { spawn } from 'node:child_process';
import type { APIRequestContext } from '@playwright/test';
import { expect } from './test';
import type { OwnerApi } from './fleet';

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

/** `gateways` simulated gateways of the owner's tenant, enrolled with its key (`seed` keeps their names and serials apart from other journeys'). */
export async function simulatedGateways(request: APIRequestContext, baseURL: string, owner: OwnerApi, gateways: number, seed: string) {
  const auth = { Authorization: `Bearer ${owner.access}` };
  const key = ((await (await request.get('/api/v1/tenant/enrolment-key/', { headers: auth })).json()) as { enrolment_key: string }).enrolment_key;
  const simulator = startSimulator(baseURL, key, ['--gateways', String(gateways), '--endpoints', '0', '--seed', seed, '--email-domain', `e2e-${seed}.test`]);
  await expect.poll(() => simulator.enrolled.length, { timeout: 30_000 }).toBe(gateways);
  return { simulator, ids: [...simulator.enrolled], auth };
}
