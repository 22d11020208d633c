import { existsSync } from 'node:fs';
import { mkdir, readFile, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ConfigDocument } from '@netloom/domain';
import { chronySources } from '../render/chrony';
import { must, run } from './exec';

type Ntp = NonNullable<NonNullable<ConfigDocument['services']>['ntp']>;

export interface ClockOptions {
  /** Where the box keeps its time zone (`timezone` and the `localtime` link): /etc, or a lab's own directory. */
  etcRoot: string;
  /** The time zone database (tzdata). */
  zoneinfo: string;
  /** The agent's file in a directory chrony reads sources from (`sourcedir`, /etc/chrony/sources.d on Debian). */
  sourcesFile: string;
  /** chronyd's command socket, when it is not the default one. */
  chronycSocket?: string;
  /** Where the zone the box had before the agent set one is kept (beside the agent's state: it outlives a reboot). */
  stateDir: string;
}

/** chronyd's view of the clock (`chronyc tracking`). */
export interface Tracking {
  synchronised: boolean;
  /** The server it follows, as chrony names it. */
  source: string | null;
  stratum: number;
  /** How far the system clock is from NTP time, in milliseconds. */
  offset_ms: number;
}

export interface ClockReading {
  zone: string | null;
  /** The agent's sources file as it is now; null when there is none (or no chronyd to read it). */
  sources: string | null;
  tracking: Tracking | null;
}

const readOrNull = (file: string) => readFile(file, 'utf8').catch(() => null);

const chronyc = (socket: string | undefined, args: string[]) => run('chronyc', [...(socket ? ['-h', socket] : []), ...args]);

/** Whether chronyd answers on its command socket (chrony installed is not enough: the daemon must run). */
export async function chronydAnswers(socket?: string): Promise<boolean> {
  return (await chronyc(socket, ['-c', 'tracking'])).code === 0;
}

/** Writes a file whole or not at all: a reader never sees half of it. */
async function writeAtomic(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(`${file}.netloom`, text, { mode: 0o644 });
  await rename(`${file}.netloom`, file);
}

/** `chronyc -c tracking`: reference id, its name, stratum, reference time, system time offset (s), …, leap status. */
export function parseTracking(csv: string): Tracking | null {
  const f = csv.trim().split(',');
  if (f.length < 14) return null;
  const stratum = Number(f[2]);
  const synchronised = f[0] !== '00000000' && stratum > 0 && f[13] !== 'Not synchronised';
  return { synchronised, source: synchronised && f[1] ? f[1] : null, stratum, offset_ms: Math.round(Number(f[4]) * 1e6) / 1e3 };
}

/**
 * The box's time: its time zone (the `localtime` link and `timezone` file, as Debian's tzdata
 * keeps them) and the NTP servers chrony follows (a sources file of the agent's own, so the box's
 * own chrony configuration is never edited). The zone the box had before the agent first set one
 * is kept, and given back when the configuration no longer names a zone.
 */
export class Clock {
  private readonly before: string;

  constructor(
    private readonly opts: ClockOptions,
    /** chronyd answers on this host (found at start): without it the agent writes no sources. */
    private readonly chronyd: boolean,
  ) {
    this.before = path.join(opts.stateDir, 'timezone.before');
  }

  async apply(ntp: Ntp | undefined): Promise<void> {
    await this.setZone(ntp?.timezone ?? null);
    if (this.chronyd) await this.setSources(chronySources(ntp));
  }

  /** The zone the box runs in: the one its `localtime` link names, else its `timezone` file's. */
  async zone(): Promise<string | null> {
    const target = await readlink(path.join(this.opts.etcRoot, 'localtime')).catch(() => null);
    const prefix = `${this.opts.zoneinfo}/`;
    if (target?.startsWith(prefix)) return target.slice(prefix.length);
    return (await readOrNull(path.join(this.opts.etcRoot, 'timezone')))?.trim() || null;
  }

  private async setZone(zone: string | null): Promise<void> {
    if (zone === null) {
      const saved = (await readOrNull(this.before))?.trim();
      if (!saved) return;
      await this.writeZone(saved);
      await rm(this.before, { force: true });
      return;
    }
    if (!existsSync(path.join(this.opts.zoneinfo, zone))) throw new Error(`this host has no time zone data for ${zone} (install tzdata)`);
    if ((await readOrNull(this.before)) === null) await writeAtomic(this.before, `${(await this.zone()) ?? 'Etc/UTC'}\n`);
    await this.writeZone(zone);
  }

  private async writeZone(zone: string): Promise<void> {
    if ((await this.zone()) === zone) return;
    const link = path.join(this.opts.etcRoot, 'localtime');
    await rm(`${link}.netloom`, { force: true });
    await symlink(path.join(this.opts.zoneinfo, zone), `${link}.netloom`);
    await rename(`${link}.netloom`, link);
    await writeAtomic(path.join(this.opts.etcRoot, 'timezone'), `${zone}\n`);
  }

  private async setSources(text: string | null): Promise<void> {
    if (text === (await readOrNull(this.opts.sourcesFile))) return;
    if (text === null) await rm(this.opts.sourcesFile, { force: true });
    else await writeAtomic(this.opts.sourcesFile, text);
    await must('chronyc', [...(this.opts.chronycSocket ? ['-h', this.opts.chronycSocket] : []), 'reload', 'sources']);
  }

  async read(): Promise<ClockReading> {
    const [zone, sources, tracking] = await Promise.all([
      this.zone(),
      this.chronyd ? readOrNull(this.opts.sourcesFile) : Promise.resolve(null),
      this.chronyd ? chronyc(this.opts.chronycSocket, ['-c', 'tracking']).then((r) => (r.code === 0 ? parseTracking(r.stdout) : null)) : Promise.resolve(null),
    ]);
    return { zone, sources, tracking };
  }
}
