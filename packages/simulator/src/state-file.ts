import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SavedFleet } from './fleet';

/** What a fleet keeps between runs: the seed it was built with and each device's credential and seq. */
export interface FleetStateFile {
  seed: number;
  devices: SavedFleet;
}

/** The saved state, or null when there is none yet. */
export async function readStateFile(file: string): Promise<FleetStateFile | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const parsed = JSON.parse(text) as Partial<FleetStateFile>;
  return { seed: typeof parsed.seed === 'number' ? parsed.seed : 1, devices: parsed.devices ?? {} };
}

/** Written whole to a temporary file and renamed, so a crash never leaves half a file; readable by the owner only (secrets). */
export async function writeStateFile(file: string, state: FleetStateFile): Promise<void> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  await rename(tmp, file);
}

/** Coalesces bursts of changes (a fleet enrolling at once) into one write. */
export function stateSaver(file: string, current: () => FleetStateFile, delayMs = 1000) {
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  const write = () => {
    timer = null;
    writing = writing.then(() => writeStateFile(file, current())).catch(() => undefined);
    return writing;
  };
  return {
    schedule(): void {
      timer ??= setTimeout(() => void write(), delayMs);
    },
    async flush(): Promise<void> {
      if (timer) clearTimeout(timer);
      await write();
    },
  };
}
