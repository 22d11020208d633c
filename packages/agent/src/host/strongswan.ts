import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ConfigDocument } from '@netloom/domain';
import { swanctlConf } from '../render/swanctl';
import { run } from './exec';

/** One security association as `swanctl --list-sas` prints it: its connection, whether its child is installed, its traffic. */
export interface SaReading {
  connection: string;
  established: boolean;
  installed: boolean;
  establishedS: number | null;
  bytesIn: number;
  bytesOut: number;
  packetsIn: number;
  packetsOut: number;
}

/** Reads `swanctl --list-sas`: 'nl-…: #2, ESTABLISHED, IKEv2, …', its child 'nl-…: #1, reqid 1, INSTALLED, …' and the 'in'/'out' counters. */
export function parseSas(text: string): SaReading[] {
  const sas: SaReading[] = [];
  let current: SaReading | null = null;
  for (const line of text.split('\n')) {
    const ike = /^(\S+): #\d+, (\w+), IKEv\d/.exec(line);
    if (ike) {
      current = {
        connection: ike[1]!,
        established: ike[2] === 'ESTABLISHED',
        installed: false,
        establishedS: null,
        bytesIn: 0,
        bytesOut: 0,
        packetsIn: 0,
        packetsOut: 0,
      };
      sas.push(current);
      continue;
    }
    if (!current) continue;
    const since = /established (\d+)s ago/.exec(line);
    if (since) current.establishedS = Number(since[1]);
    if (/^\s+\S+: #\d+, reqid \d+, INSTALLED/.test(line)) current.installed = true;
    const traffic = /^\s+(in|out)\s+\S+,\s+(\d+) bytes,\s+(\d+) packets/.exec(line);
    if (traffic) {
      const [bytes, packets] = [Number(traffic[2]), Number(traffic[3])];
      if (traffic[1] === 'in') {
        current.bytesIn += bytes;
        current.packetsIn += packets;
      } else {
        current.bytesOut += bytes;
        current.packetsOut += packets;
      }
    }
  }
  return sas;
}

/**
 * strongSwan on this box, through swanctl and charon's vici socket. The agent owns the
 * connections its file names (nl-<tunnel id>); loading the file whole unloads the ones gone.
 */
export class Strongswan {
  constructor(
    private readonly uri: string,
    private readonly runDir: string,
  ) {}

  private swanctl(args: string[]) {
    return run('swanctl', [...args, '--uri', this.uri]);
  }

  /** Whether charon answers on its socket (swanctl alone runs nothing). */
  async charonRunning(): Promise<boolean> {
    return (await this.swanctl(['--stats'])).code === 0;
  }

  async apply(next: ConfigDocument | null): Promise<void> {
    await mkdir(this.runDir, { recursive: true, mode: 0o700 });
    const file = path.join(this.runDir, 'swanctl.conf');
    // It holds the pre-shared keys: root only.
    await writeFile(file, swanctlConf(next), { mode: 0o600 });
    const ran = await run('swanctl', ['--load-all', '--noprompt', '--file', file, '--uri', this.uri]);
    if (ran.code !== 0) throw new Error(`strongSwan refused the tunnels: ${(ran.stderr || ran.stdout).trim().split('\n').slice(-3).join(' / ')}`);
  }

  async read(): Promise<SaReading[] | null> {
    const ran = await this.swanctl(['--list-sas', '--noblock']);
    return ran.code === 0 ? parseSas(ran.stdout) : null;
  }
}
