import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SavedDevice } from '@netloom/simulator';

/** What the agent keeps between runs: its credential, its message counter, and the document it runs. */
export async function readAgentState(file: string): Promise<SavedDevice | null> {
  const text = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  return text ? (JSON.parse(text) as SavedDevice) : null;
}

/** Written whole and renamed (a crash never leaves half a file), readable by root only: it holds the device's secret. */
export async function writeAgentState(file: string, state: SavedDevice): Promise<void> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  await rename(tmp, file);
}
