import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Why tests that build network namespaces cannot run here, or null when they can: making
 * namespaces and veth pairs needs root (CI runs as root), and the tools must be installed
 * (.ci/run installs them).
 */
export function namespacesUnavailable(tools: string[]): string | null {
  if (process.getuid?.() !== 0) return 'needs root to make network namespaces (ip netns add); CI runs as root';
  const missing = tools.filter((t) => !existsSync(t));
  return missing.length > 0 ? `needs ${missing.join(', ')} (Debian packages; .ci/run installs them)` : null;
}

/** Runs a command, failing with its stderr when it fails. */
export async function sh(file: string, args: string[]): Promise<string> {
  try {
    return (await run(file, args)).stdout;
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`${file} ${args.join(' ')}: ${e.stderr?.trim() || e.message}`, { cause: err });
  }
}

/**
 * A namespace joined to the root namespace by a veth pair with a /30 of 10.x made for the test
 * alone: `hostAddress` on the root side, `innerAddress` inside. Names end with the process id so
 * runs side by side do not collide; `remove` deletes both (the veth goes with its namespace).
 */
export async function namespaceWithVeth(
  tag: string,
  subnet: number,
): Promise<{ ns: string; hostIf: string; innerIf: string; hostAddress: string; innerAddress: string; remove: () => Promise<void> }> {
  const id = `${tag}${process.pid}`.slice(0, 12);
  const ns = `nl-${id}`;
  const hostIf = `h${id}`;
  const innerIf = `i${id}`;
  // 10.231.x.0/30 per test run: a range no host network here uses; x from the pid and the caller's subnet.
  const x = (process.pid * 7 + subnet) % 250;
  const hostAddress = `10.231.${x}.1`;
  const innerAddress = `10.231.${x}.2`;
  const remove = async () => {
    await run('ip', ['netns', 'del', ns]).catch(() => undefined);
    await run('ip', ['link', 'del', hostIf]).catch(() => undefined);
  };
  await remove();
  await sh('ip', ['netns', 'add', ns]);
  await sh('ip', ['link', 'add', hostIf, 'type', 'veth', 'peer', 'name', innerIf]);
  await sh('ip', ['link', 'set', innerIf, 'netns', ns]);
  await sh('ip', ['addr', 'add', `${hostAddress}/30`, 'dev', hostIf]);
  await sh('ip', ['link', 'set', hostIf, 'up']);
  await sh('ip', ['-n', ns, 'addr', 'add', `${innerAddress}/30`, 'dev', innerIf]);
  await sh('ip', ['-n', ns, 'link', 'set', innerIf, 'up']);
  await sh('ip', ['-n', ns, 'link', 'set', 'lo', 'up']);
  return { ns, hostIf, innerIf, hostAddress, innerAddress, remove };
}
